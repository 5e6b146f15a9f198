import FeedParsing
import Foundation
import RequestsTesting
import Streams
import StreamsTesting
import TestMeasures
import Testing

@testable import BaseServices

private let feedURL = "https://feeds.example/harbour.xml"

private func rss(_ items: [(guid: String, title: String)], title: String = "Harbour") -> String {
    let body = items.map { "<item><guid>\($0.guid)</guid><title>\($0.title)</title></item>" }.joined()
    return "<rss><channel><title>\(title)</title><link>https://harbour.example/</link>\(body)</channel></rss>"
}

/// The feeds base service with the fetcher it is given for every download, as the scene
/// services give theirs.
private struct FetchingFeeds {
    let feeds: FeedsBaseService
    let fetcher: FeedFetcher

    func refresh(feedID: Int64) -> Observable<FeedRefreshUpdate> {
        feeds.refresh(feedID: feedID) { [fetcher] in fetcher.fetch($0, validators: $1) }
    }

    func subscribe(url: String) -> Observable<FeedRefreshUpdate> {
        feeds.subscribe(url: url) { [fetcher] in fetcher.fetch($0, validators: $1) }
    }
}

private func makeService(_ fixture: ServicesFixture, _ network: FakeNetworkService) -> FetchingFeeds {
    FetchingFeeds(feeds: fixture.feeds, fetcher: FeedFetcher(network: network))
}

/// The events as short strings (the error types are not `Equatable`).
private func describe(_ event: FeedRefreshUpdate) -> String {
    switch event {
    case .progress(.fetching(.requesting)): "requesting"
    case .progress(.fetching(.parsing(let bytes))): "parsing \(bytes > 0)"
    case .progress(.storing(let count)): "storing \(count)"
    case .finished(.success(let summary)):
        summary.isNotModified ? "not modified" : "stored \(summary.newItemCount)/\(summary.receivedItemCount)"
    case .finished(.failure(let error)): "failed: \(error)"
    }
}

/// Runs a refresh to its end on an immediate scheduler and returns its events.
private func refresh(_ service: FetchingFeeds, _ feedID: Int64) -> [String] {
    let recorder = Recorder(service.refresh(feedID: feedID))
    defer { recorder.dispose() }
    return recorder.values.map(describe)
}

private func storedItems(_ fixture: ServicesFixture, _ feedID: Int64) throws -> [FeedItemObject] {
    let recorder = Recorder(
        fixture.feeds.observeItems(feedID: feedID, unreadOnly: false, offset: 0, limit: 100, on: ImmediateScheduler()))
    defer { recorder.dispose() }
    return try recorder.values.last?.get() ?? []
}

private func addFeed(_ fixture: ServicesFixture, title: String = feedURL) throws -> FeedObject {
    try value(fixture.feeds.addFeed(url: feedURL, title: title, siteURL: nil))
}

@Test func refreshReportsProgressInVirtualTimeThenTheResult() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(300))
        network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One"), ("b", "Two")])))
        let service = makeService(fixture, network)
        let res = scheduler.start { service.refresh(feedID: feed.id).map(describe) }
        #expect(
            res.events == [
                .next(200, "requesting"),
                .next(500, "parsing true"),
                .next(500, "storing 2"),
                .next(500, "stored 2/2"),
                .completed(500),
            ])
    }
}

@Test func refreshStoresItemsAndFillsInThePlaceholderTitleAndSite() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One"), ("b", "Two")])))
    #expect(refresh(makeService(fixture, network), feed.id).last == "stored 2/2")
    #expect(try storedItems(fixture, feed.id).map(\.guid).sorted() == ["a", "b"])
    let stored = try value(fixture.feeds.fetchFeeds()).first
    #expect(stored?.title == "Harbour")
    #expect(stored?.siteURL == "https://harbour.example/")
}

@Test func refreshStoresTheContentAsTheFeedGaveItWithItsLinksResolvedAgainstTheItem() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    let content = "<p onclick=\"x()\">Intro <a href=\"/more\">more</a></p><ul><li>one</li><li>two</li></ul>"
    let item =
        "<item><guid>a</guid><title>One</title><link>https://harbour.example/posts/a</link>"
        + "<description>Short</description><content:encoded><![CDATA[\(content)]]></content:encoded></item>"
    network.stubs.stub(
        url: feedURL,
        with: .ok(
            "<rss xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>H</title>"
                + "\(item)</channel></rss>"))
    #expect(refresh(makeService(fixture, network), feed.id).last == "stored 1/1")
    let stored = try #require(try storedItems(fixture, feed.id).first)
    #expect(stored.summary == "Short")
    #expect(stored.links == ["https://harbour.example/more"])
    // Not laid out: the reader does that when it shows the item.
    #expect(stored.contentType == .html)
    #expect(
        stored.content
            == "<p>Intro <a href=\"https://harbour.example/more\">more</a></p><ul><li>one</li><li>two</li></ul>")
}

@Test func refreshKeepsATitleTheUserChose() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture, title: "My harbour")
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
    _ = refresh(makeService(fixture, network), feed.id)
    #expect(try value(fixture.feeds.fetchFeeds()).first?.title == "My harbour")
}

@Test func readStatusSurvivesARefreshThatUpdatesTheItem() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    let service = makeService(fixture, network)
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One"), ("b", "Two")])))
    _ = refresh(service, feed.id)
    let first = try #require(try storedItems(fixture, feed.id).first { $0.guid == "a" })
    _ = try value(fixture.feeds.setRead(itemID: first.id, true))
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One, corrected"), ("c", "Three")])))
    #expect(refresh(service, feed.id).last == "stored 1/2")
    let items = try storedItems(fixture, feed.id)
    let updated = try #require(items.first { $0.guid == "a" })
    #expect(updated.isRead)
    #expect(updated.title == "One, corrected")
    #expect(items.first { $0.guid == "c" }?.isRead == false)
    #expect(items.contains { $0.guid == "b" })
}

@Test func failingRefreshReportsTheErrorAndLeavesStoredItemsUntouched() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    let service = makeService(fixture, network)
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
    _ = refresh(service, feed.id)
    let before = try storedItems(fixture, feed.id)
    network.stubs.stub(url: feedURL, with: .respond(status: 503, headers: [:], body: Data()))
    let events = refresh(service, feed.id)
    #expect(events.last?.hasPrefix("failed: ") == true)
    #expect(events.last?.contains("503") == true)
    #expect(try storedItems(fixture, feed.id) == before)
}

@Test func malformedDocumentLeavesStoredItemsUntouched() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    let service = makeService(fixture, network)
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
    _ = refresh(service, feed.id)
    let before = try storedItems(fixture, feed.id)
    // Cut before the channel: the tolerant parser recovers what a cut document still holds,
    // and this one holds nothing.
    network.stubs.stub(url: feedURL, with: .ok(String(rss([("a", "Changed"), ("z", "New")]).prefix(8))))
    #expect(refresh(service, feed.id).last?.hasPrefix("failed: malformed RSS document") == true)
    #expect(try storedItems(fixture, feed.id) == before)
}

@Test func unchangedFeedIsNotDownloadedAgain() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubSampleFeed(url: feedURL)
    let service = makeService(fixture, network)
    let first = refresh(service, feed.id)
    #expect(first.last?.hasPrefix("stored ") == true)
    #expect(refresh(service, feed.id) == ["requesting", "not modified"])
    #expect(network.stubs.recordedRequests.last?.header("If-None-Match") == FakeNetworkService.sampleFeedETag)
    // Every request names the app and its version to the server.
    #expect(network.stubs.recordedRequests.map { $0.header("User-Agent") } == ["Rivulet/0.1.0", "Rivulet/0.1.0"])
}

@Test func refreshOfAnUnknownFeedFailsWithADatabaseError() throws {
    let fixture = try ServicesFixture()
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    let events = refresh(makeService(fixture, network), 404)
    #expect(events == ["failed: \(FeedsBaseService.feedNotFound(404))"])
    #expect(network.stubs.recordedRequests.isEmpty)
}

@Test func disposingARefreshCancelsItBeforeAnythingIsStored() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let network = FakeNetworkService(scheduler: scheduler, delay: .seconds(2))
        network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
        let service = makeService(fixture, network)
        let res = scheduler.start(disposed: 1_000) { service.refresh(feedID: feed.id).map(describe) }
        #expect(res.events == [.next(200, "requesting")])
    }
    #expect(try storedItems(fixture, feed.id).isEmpty)
}

@Test func failingRefreshRecordsItsMessageAsTheLastError() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: feedURL, with: .respond(status: 503, headers: [:], body: Data()))
    let events = refresh(makeService(fixture, network), feed.id)
    let stored = try value(fixture.feeds.fetchFeeds()).first?.lastError
    #expect(stored?.contains("503") == true)
    #expect(events.last == stored.map { "failed: \($0)" })
}

@Test func aFailedRefreshStoresItsMessageWithThePasswordOfTheAddressHidden() throws {
    let fixture = try ServicesFixture()
    let url = "https://ann:secret@feeds.example/private.xml"
    let feed = try value(fixture.feeds.addFeed(url: url, title: "Private", siteURL: nil))
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: url, with: .respond(status: 401, headers: [:], body: Data()))
    _ = refresh(makeService(fixture, network), feed.id)
    let stored = try #require(try value(fixture.feeds.fetchFeeds()).first?.lastError)
    #expect(stored.contains("401"))
    #expect(!stored.contains("secret"))
}

@Test func successfulRefreshClearsTheLastError() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.setLastError(feedID: feed.id, "offline"))
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
    #expect(refresh(makeService(fixture, network), feed.id).last == "stored 1/1")
    #expect(try value(fixture.feeds.fetchFeeds()).first?.lastError == nil)
}

@Test func unchangedFeedClearsTheLastError() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubSampleFeed(url: feedURL)
    let service = makeService(fixture, network)
    _ = refresh(service, feed.id)
    _ = try value(fixture.feeds.setLastError(feedID: feed.id, "offline"))
    #expect(refresh(service, feed.id) == ["requesting", "not modified"])
    #expect(try value(fixture.feeds.fetchFeeds()).first?.lastError == nil)
}

// MARK: - Subscribing: fetched first, stored in one transaction

/// Runs a subscription to its end on an immediate scheduler and returns its events.
private func subscribe(_ service: FetchingFeeds, _ url: String = feedURL) -> [String] {
    let recorder = Recorder(service.subscribe(url: url))
    defer { recorder.dispose() }
    return recorder.values.map(describe)
}

@Test func subscribingStoresTheFeedWithItsOwnTitleAndItsItemsAtOnce() throws {
    let fixture = try ServicesFixture()
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One"), ("b", "Two")])))
    #expect(subscribe(makeService(fixture, network)) == ["requesting", "parsing true", "storing 2", "stored 2/2"])
    let feeds = try value(fixture.feeds.fetchFeeds())
    #expect(feeds.map(\.title) == ["Harbour"])
    #expect(feeds.first?.siteURL == "https://harbour.example/")
    #expect(try storedItems(fixture, try #require(feeds.first).id).map(\.guid).sorted() == ["a", "b"])
}

@Test func aFeedThatCannotBeFetchedOrReadIsNotSubscribed() throws {
    let fixture = try ServicesFixture()
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    let service = makeService(fixture, network)
    network.stubs.stub(url: feedURL, with: .respond(status: 503, headers: [:], body: Data()))
    #expect(subscribe(service).last?.contains("503") == true)
    network.stubs.stub(url: feedURL, with: .ok("<html><body>not a feed</body></html>"))
    #expect(subscribe(service).last?.hasPrefix("failed: ") == true)
    #expect(try value(fixture.feeds.fetchFeeds()).isEmpty)
    #expect(try value(fixture.history.undo()) == nil)
}

@Test func aSubscriptionStoppedWhileItDownloadsLeavesNothing() throws {
    let fixture = try ServicesFixture()
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let network = FakeNetworkService(scheduler: scheduler, delay: .seconds(2))
        network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
        let service = makeService(fixture, network)
        let res = scheduler.start(disposed: 1_000) { service.subscribe(url: feedURL).map(describe) }
        #expect(res.events == [.next(200, "requesting")])
    }
    #expect(try value(fixture.feeds.fetchFeeds()).isEmpty)
}

@Test func anAddressAlreadySubscribedIsRefusedBeforeAnythingIsDownloaded() throws {
    let fixture = try ServicesFixture()
    _ = try addFeed(fixture)
    let network = FakeNetworkService(scheduler: ImmediateScheduler())
    network.stubs.stub(url: feedURL, with: .ok(rss([("a", "One")])))
    let events = subscribe(makeService(fixture, network), "HTTPS://Feeds.Example/harbour.xml#top")
    #expect(events.count == 1 && events.first?.contains("already subscribed") == true, "\(events)")
    #expect(network.stubs.recordedRequests.isEmpty)
    #expect(try value(fixture.feeds.fetchFeeds()).count == 1)
}

@Test func aFirstDownloadAnsweredNotModifiedIsNotSubscribed() throws {
    let fixture = try ServicesFixture()
    let service = FeedsBaseService(context: fixture.context)
    let recorder = Recorder(
        service.subscribe(url: feedURL) { _, _ in .just(.finished(.notModified())) })
    defer { recorder.dispose() }
    #expect(recorder.values.map(describe).last?.contains("nothing to store") == true)
    #expect(try value(fixture.feeds.fetchFeeds()).isEmpty)
}

@Test func aFeedThatMovedForGoodIsStoredAtItsNewAddressUnlessAnotherFeedHasIt() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let other = try value(fixture.feeds.addFeed(url: "https://other.example/feed", title: "Other", siteURL: nil))
    let parsed = try FeedDocument.parse(Data(rss([("a", "One")]).utf8), sourceURL: URL(string: feedURL))
    func refresh(movedTo: String?) throws -> String? {
        let validators = FeedValidators(etag: "\"1\"", movedTo: movedTo)
        let recorder = Recorder(
            fixture.feeds.refresh(feedID: feed.id) { _, _ in .just(.finished(.fetched(parsed, validators))) })
        defer { recorder.dispose() }
        #expect(recorder.values.map(describe).last?.hasPrefix("stored") == true)
        return try value(fixture.feeds.fetchFeeds()).first { $0.id == feed.id }?.url
    }
    // A temporary redirect, or none, keeps the address.
    #expect(try refresh(movedTo: nil) == feedURL)
    // Another feed's address, in another spelling: kept, so that no two feeds share one.
    #expect(try refresh(movedTo: "HTTPS://OTHER.example:443/feed") == feedURL)
    #expect(try refresh(movedTo: "https://feeds.example/new/harbour.xml") == "https://feeds.example/new/harbour.xml")
    #expect(try value(fixture.feeds.fetchFeeds()).first { $0.id == other.id }?.url == "https://other.example/feed")
}

@Test func subscribingToAnAddressThatMovedForGoodToASubscribedFeedIsRefused() throws {
    let fixture = try ServicesFixture()
    _ = try addFeed(fixture)
    let parsed = try FeedDocument.parse(Data(rss([("a", "One")]).utf8), sourceURL: URL(string: feedURL))
    let recorder = Recorder(
        fixture.feeds.subscribe(url: "https://old.example/harbour.xml") { _, _ in
            .just(.finished(.fetched(parsed, FeedValidators(movedTo: feedURL))))
        })
    defer { recorder.dispose() }
    #expect(recorder.values.map(describe).last?.contains("is already subscribed") == true)
    #expect(try value(fixture.feeds.fetchFeeds()).map(\.url) == [feedURL])
}

@Test func aFeedDoesNotMoveToTheAddressOfARemovedFeedThatUndoCanBringBack() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let removed = try value(fixture.feeds.addFeed(url: "https://other.example/feed", title: "Other", siteURL: nil))
    _ = try value(fixture.feeds.removeFeed(id: removed.id, undoable: true))
    let parsed = try FeedDocument.parse(Data(rss([("a", "One")]).utf8), sourceURL: URL(string: feedURL))
    let recorder = Recorder(
        fixture.feeds.refresh(feedID: feed.id) { _, _ in
            .just(.finished(.fetched(parsed, FeedValidators(movedTo: "https://other.example/feed"))))
        })
    recorder.dispose()
    #expect(try value(fixture.feeds.fetchFeeds()).map(\.url) == [feedURL])
    // Undo brings the removed feed back beside this one, which keeps its items.
    _ = try value(fixture.history.undo())
    let feeds = try value(fixture.feeds.fetchFeeds())
    #expect(Set(feeds.map(\.url)) == [feedURL, "https://other.example/feed"])
    #expect(try storedItems(fixture, feed.id).map(\.title) == ["One"])
}

@Test func aFeedThatMovedForGoodAndDidNotChangeIsStoredAtItsNewAddress() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let recorder = Recorder(
        fixture.feeds.refresh(feedID: feed.id) { _, _ in
            .just(.finished(.notModified(movedTo: "https://feeds.example/new/harbour.xml")))
        })
    #expect(recorder.values.map(describe).last == "not modified")
    recorder.dispose()
    #expect(try value(fixture.feeds.fetchFeeds()).map(\.url) == ["https://feeds.example/new/harbour.xml"])
}
