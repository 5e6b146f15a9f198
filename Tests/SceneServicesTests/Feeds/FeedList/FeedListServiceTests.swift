import Foundation
import RequestsTesting
import SQLiteProvider
import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import BaseServices
@testable import SceneServices

private typealias Step = SceneServices.FeedRefreshEvent

private let rss = """
    <?xml version="1.0"?>
    <rss version="2.0"><channel><title>Swift news</title><link>https://swift.example</link>
    <item><guid>a</guid><title>First</title><link>https://swift.example/a</link><description>One</description>
    <pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
    <item><guid>b</guid><title>Second</title><link>https://swift.example/b</link><description>Two</description>
    <pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
    </channel></rss>
    """

/// A feed list service whose fetches go through a fake network answering at once.
private func makeService(_ fixture: ServicesFixture, stubs: [String: String]) -> FeedListService {
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    for (url, body) in stubs { network.stubs.stub(url: url, with: .ok(body)) }
    let fetcher = FeedFetcher(network: network)
    return FeedListService(feeds: fixture.feeds, history: fixture.history, fetch: { fetcher.fetch($0, validators: $1) })
}

private func events(_ observable: Observable<Step>) -> [Step] {
    let recorder = Recorder(observable)
    defer { recorder.dispose() }
    return recorder.all
}

/// A feed row stored without fetching it, for tests of what comes after.
private func storedFeed(_ fixture: ServicesFixture, _ url: String) throws -> FeedObject {
    try first(fixture.feeds.addFeed(url: url, title: url, siteURL: nil)).get()
}

@Test func feedListServiceAddsAFeedOnlyOnceItIsDownloadedWithItsItemsAndTitle() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://swift.example/feed.xml": rss])
    let feed = try first(service.addFeed(url: "https://swift.example/feed.xml")).get()
    #expect(feed.title == "Swift news")
    #expect(feed.itemCount == 2)
    #expect(feed.unreadCount == 2)
    #expect(!feed.lastRefresh.isFailure)
    #expect(feed.lastRefresh != FeedRefreshState.never)
}

@Test func feedListServiceSaysHowManyOlderItemsAFeedListedBeyondThoseKept() throws {
    let fixture = try ServicesFixture()
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: "https://swift.example/feed.xml", with: .ok(rss))
    let fetcher = FeedFetcher(network: network)
    // The fetcher as it reads a feed listing more items than a feed keeps: the newest kept, the
    // older ones counted.
    let service = FeedListService(
        feeds: fixture.feeds, history: fixture.history,
        fetch: { location, validators in
            fetcher.fetch(location, validators: validators).map { event in
                guard case .finished(.fetched(var feed, let newValidators)) = event else { return event }
                feed.omittedItemCount = 284_000
                return .finished(.fetched(feed, newValidators))
            }
        })
    let feed = try first(service.addFeed(url: "https://swift.example/feed.xml")).get()
    #expect(feed.itemCount == 2)
    #expect(feed.omittedItemCount == 284_000)
    #expect(try first(service.observeFeeds(on: ImmediateScheduler())).get().map(\.omittedItemCount) == [0])
    // A refresh says the same: two items read of the 284,002 listed, none of them new.
    #expect(
        events(service.refresh(feedIDs: [feed.id])).last
            == .finished(
                feedID: feed.id,
                .success(FeedRefreshCount(newItemCount: 0, keptItemCount: 2, omittedItemCount: 284_000)))
    )
}

@Test func feedListServiceDoesNotSubscribeToAFeedThatCannotBeRead() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://broken.example/feed": "<html><body>not a feed</body></html>"])
    for url in ["https://broken.example/feed", "https://missing.example/feed"] {
        guard case .failure(let error) = try first(service.addFeed(url: url)) else {
            Issue.record("\(url) was subscribed to")
            continue
        }
        #expect(!error.message.isEmpty)
    }
    #expect(try first(service.observeFeeds(on: ImmediateScheduler())).get().isEmpty)
}

@Test func feedListServiceRefusesAnAddressAlreadySubscribed() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://swift.example/feed.xml": rss])
    _ = try first(service.addFeed(url: "https://swift.example/feed.xml")).get()
    guard case .failure = try first(service.addFeed(url: "https://swift.example/feed.xml")) else {
        Issue.record("the same address was subscribed twice")
        return
    }
}

@Test func feedListServiceRefreshStoresItemsAndTheFeedsTitle() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://swift.example/feed.xml": rss])
    let feed = try storedFeed(fixture, "https://swift.example/feed.xml")
    #expect(
        events(service.refresh(feedIDs: [feed.id])) == [
            .started(feedIDs: [feed.id]),
            .finished(feedID: feed.id, .success(FeedRefreshCount(newItemCount: 2, keptItemCount: 2))),
        ])
    let feeds = try first(service.observeFeeds(on: ImmediateScheduler())).get()
    #expect(feeds.map(\.title) == ["Swift news"])
    #expect(feeds.map(\.unreadCount) == [2])
}

@Test func feedListServiceSecondRefreshFindsNothingNew() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://swift.example/feed.xml": rss])
    let feed = try storedFeed(fixture, "https://swift.example/feed.xml")
    _ = events(service.refresh(feedIDs: [feed.id]))
    #expect(
        events(service.refresh(feedIDs: [feed.id])).last
            == .finished(feedID: feed.id, .success(FeedRefreshCount(newItemCount: 0, keptItemCount: 2))))
}

@Test func feedListServiceBrokenFeedFailsAndTheOthersGoOn() throws {
    let fixture = try ServicesFixture()
    let service = makeService(
        fixture,
        stubs: [
            "https://broken.example/feed": "<html><body>not a feed</body></html>",
            "https://swift.example/feed.xml": rss,
        ])
    let broken = try storedFeed(fixture, "https://broken.example/feed")
    let good = try storedFeed(fixture, "https://swift.example/feed.xml")
    let steps = events(service.refresh(feedIDs: [broken.id, good.id]))
    #expect(steps.count == 3)
    guard case .finished(broken.id, .failure(let error)) = steps[1] else {
        Issue.record("the broken feed did not fail: \(steps)")
        return
    }
    #expect(!error.message.isEmpty)
    #expect(steps[2] == .finished(feedID: good.id, .success(FeedRefreshCount(newItemCount: 2, keptItemCount: 2))))
}

@Test func feedListServiceRefreshOfARemovedFeedSaysSo() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: [:])
    #expect(
        events(service.refresh(feedIDs: [77]))
            == [.started(feedIDs: [77]), .finished(feedID: 77, .failure(SceneError.gone(.feed)))])
}

@Test func feedListServiceRemovesAFeedWithItsItems() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: [:])
    let id = try fixture.addFeed("https://a.example/feed", items: ["1", "2"])
    #expect(try first(service.removeFeed(id: id)).get().id == id)
    #expect(try first(service.observeFeeds(on: ImmediateScheduler())).get().isEmpty)
}

@Test func feedListServiceOfflineFetchFailsWithAMessageAndKeepsStoredItems() throws {
    let fixture = try ServicesFixture()
    let id = try fixture.addFeed("https://a.example/feed", items: ["1", "2"])
    let fetch = ServicesBootstrap.makeFetch(
        ServicesConfiguration(environment: .fake, database: .inMemory, network: .offline), feeds: fixture.feeds)
    let service = FeedListService(feeds: fixture.feeds, history: fixture.history, fetch: fetch)
    #expect(
        events(service.refresh(feedIDs: [id])).last
            == .finished(
                feedID: id, .failure(SceneError.offline)))
    #expect(try first(service.observeFeeds(on: ImmediateScheduler())).get().map(\.itemCount) == [2])
}

@Test func feedListServiceRecordsAFailedRefreshInStorage() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://broken.example/feed": "<html><body>not a feed</body></html>"])
    let feed = try storedFeed(fixture, "https://broken.example/feed")
    guard case .finished(_, .failure(let error)) = events(service.refresh(feedIDs: [feed.id])).last else {
        Issue.record("the broken feed did not fail")
        return
    }
    #expect(try first(fixture.feeds.fetchFeeds()).get().first?.lastError == error.message)
    let reloaded = try first(service.observeFeeds(on: ImmediateScheduler())).get()
    #expect(reloaded.map(\.lastRefresh) == [.failed(message: error.message)])
}

@Test func feedListServiceSuccessfulRefreshClearsTheStoredError() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: ["https://swift.example/feed.xml": rss])
    let feed = try storedFeed(fixture, "https://swift.example/feed.xml")
    _ = try first(fixture.feeds.setLastError(feedID: feed.id, "offline")).get()
    #expect(
        events(service.refresh(feedIDs: [feed.id])).last
            == .finished(feedID: feed.id, .success(FeedRefreshCount(newItemCount: 2, keptItemCount: 2))))
    let feeds = try first(service.observeFeeds(on: ImmediateScheduler())).get()
    #expect(feeds.first?.lastRefresh.isFailure == false)
    #expect(try first(fixture.feeds.fetchFeeds()).get().first?.lastError == nil)
}

@Test func feedListServiceImportsAnOPMLFileWithoutFetchingAndSaysWhatItSkipped() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: [:])
    _ = try storedFeed(fixture, "https://swift.example/feed.xml")
    let path = NSTemporaryDirectory() + "rivulet-import-\(UUID().uuidString).opml"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let list =
        #"<opml><body><outline text="Swift" xmlUrl="https://swift.example/feed.xml"/>"#
        + #"<outline text="New" xmlUrl="https://new.example/rss"/><outline text="Gopher" xmlUrl="gopher://g/"/>"#
        + "</body></opml>"
    try Data(list.utf8).write(to: URL(fileURLWithPath: path))
    let summary = try first(service.importFeeds(fromFile: path)).get()
    #expect(summary.addedFeedIDs.count == 1 && summary.skippedCount == 1)
    #expect(summary.failures.count == 1 && summary.failures.first?.hasPrefix("Gopher: ") == true)
    #expect(summary.text == "Imported 1 feed: 1 skipped, 1 failed.")
    let feeds = try first(service.observeFeeds(on: ImmediateScheduler())).get()
    #expect(feeds.map(\.url).sorted() == ["https://new.example/rss", "https://swift.example/feed.xml"])
    #expect(feeds.allSatisfy { $0.lastRefresh == .never })
}

@Test func feedListServiceRefusesAFileThatIsNotOPMLInOneLine() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture, stubs: [:])
    let missing = NSTemporaryDirectory() + "rivulet-missing-\(UUID().uuidString).opml"
    guard case .failure(let error) = try first(service.importFeeds(fromFile: missing)) else {
        Issue.record("a missing file was imported")
        return
    }
    #expect(error.message == "\(missing): no such file")
}

@Test func feedListServiceRefreshStoresTheContentForTheReaderAsEveryRefreshDoes() throws {
    let fixture = try ServicesFixture()
    let withContent = rss.replacingOccurrences(
        of: "<description>One</description>",
        with:
            "<description>One</description><content:encoded xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">"
            + "<![CDATA[<p>Read <a href=\"/more\">more</a></p><ul><li>one</li></ul>]]></content:encoded>")
    let service = makeService(fixture, stubs: ["https://swift.example/feed.xml": withContent])
    let feed = try storedFeed(fixture, "https://swift.example/feed.xml")
    _ = events(service.refresh(feedIDs: [feed.id]))
    let stored = try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "SELECT guid, content, content_links FROM feed_items ORDER BY guid", [],
            decode: { [$0.string(at: 0), $0.string(at: 1), $0.string(at: 2)] })
    }
    #expect(stored.count == 2)
    // The content as the feed gave it, its link resolved; the reader lays it out when shown.
    #expect(
        stored.first?[1] == "<p>Read <a href=\"https://swift.example/more\">more</a></p><ul><li>one</li></ul>",
        "\(stored)")
    #expect(stored.first?[2] == "https://swift.example/more", "\(stored)")
}

@Test func feedListServiceSearchesEveryFeedsItemsWithTheirFeedsTitles() throws {
    let fixture = try ServicesFixture()
    try fixture.addFeed("https://a.example/feed", items: ["Swift news", "Other"])
    try fixture.addFeed("https://b.example/feed", items: ["More swift"])
    let service = makeService(fixture, stubs: [:])
    let found = try first(service.observeSearch("swift", limit: 10, on: ImmediateScheduler())).get()
    #expect(found.map(\.item.title) == ["More swift", "Swift news"])
    #expect(found.map(\.feedTitle) == ["Feed at https://b.example/feed", "Feed at https://a.example/feed"])
}

/// The validators each download was asked with, in order.
private final class ValidatorLog: Sendable {
    let entries = Mutex<[FeedValidators?]>([])
}

@Test func feedListServiceRefreshesThroughTheBaseServiceWithTheStoredValidators() throws {
    let fixture = try ServicesFixture()
    let url = "https://sample.example/feed"
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubSampleFeed(url: url)
    let fetcher = FeedFetcher(network: network)
    let log = ValidatorLog()
    let service = FeedListService(
        feeds: fixture.feeds, history: fixture.history,
        fetch: { location, validators in
            log.entries.withLock { $0.append(validators) }
            return fetcher.fetch(location, validators: validators)
        })
    let id = try storedFeed(fixture, url).id
    guard case .finished(_, .success(let firstNew)) = events(service.refresh(feedIDs: [id])).last else {
        Issue.record("the first refresh failed")
        return
    }
    #expect(firstNew.newItemCount > 0)
    // The second download sends the ETag of the first; the server answers 304 and nothing is new.
    #expect(
        events(service.refresh(feedIDs: [id])).last
            == .finished(feedID: id, .success(FeedRefreshCount(newItemCount: 0))))
    #expect(log.entries.withLock { $0 } == [FeedValidators(), FeedValidators(etag: FakeNetworkService.sampleFeedETag)])
    // The feed took the document's title in place of its address, as `rivulet feeds refresh` does.
    #expect(try first(service.observeFeeds(on: ImmediateScheduler())).get().first?.title != url)
}

@Test func feedListServiceAddFinishesTheSubscriptionWhenNobodyWaitsForItAnyMore() throws {
    let fixture = try ServicesFixture()
    let scheduler = TestScheduler()
    let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(300))
    network.stubs.stub(url: "https://swift.example/feed.xml", with: .ok(rss))
    let fetcher = FeedFetcher(network: network)
    let service = FeedListService(
        feeds: fixture.feeds, history: fixture.history, fetch: { fetcher.fetch($0, validators: $1) })
    // The feeds scene is left while the feed downloads: its subscription to the add ends.
    service.addFeed(url: "https://swift.example/feed.xml").subscribe(onNext: { _ in }).dispose()
    scheduler.advance(by: .seconds(1))
    let feeds = try first(service.observeFeeds(on: ImmediateScheduler())).get()
    #expect(feeds.map(\.title) == ["Swift news"])
}

@Test func refreshesUnderWayAreSeenByEveryFeedsServiceOfTheCompositionTheAppsReloadIncluded() throws {
    struct Offline: Error {}
    let fixture = try ServicesFixture()
    let answer = PublishSubject<FeedFetchEvent>()
    let activity = FeedRefreshActivity()
    let make = {
        FeedListService(
            feeds: fixture.feeds, history: fixture.history, fetch: { _, _ in answer.asObservable() }, activity: activity
        )
    }
    let feed = try storedFeed(fixture, "https://swift.example/feed.xml")
    let scene = Recorder(make().observeRefreshing(on: ImmediateScheduler()))
    defer { scene.dispose() }
    // The app's reload at start, through a service of its own.
    let reload = make().reloading(FeedReload(period: nil, atStart: true), scheduler: ImmediateScheduler()).subscribe()
    defer { reload.dispose() }
    #expect(scene.all == [[], [feed.id]])
    answer.onError(Offline())
    fixture.settle()
    #expect(scene.all == [[], [feed.id], []])
}
