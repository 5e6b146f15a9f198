import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SceneServices

/// How `fetch` ends for `url`: the title of the feed it read, or its failure. The fake network
/// answers on a queue of its own, so this waits for it (a queue hop, no timer).
private func outcome(
    _ fetch: @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>, _ url: String
) -> Result<String, any Error> {
    Result {
        let events = try fetch(url, nil).toBlocking(timeout: 10).toArray()
        for case .finished(.fetched(let feed, _)) in events { return feed.title }
        return "no feed"
    }
}

@Test func fakeEnvironmentFetchServesTheSampleFeedAtEveryStoredAddress() throws {
    let fixture = try ServicesFixture()
    try fixture.addFeed("https://a.example/feed", items: [])
    let fetch = ServicesBootstrap.makeFetch(
        ServicesConfiguration(environment: .fake, database: .inMemory), feeds: fixture.feeds)
    #expect(try outcome(fetch, "https://a.example/feed").get() == (try SampleFeed.load()).title)
    #expect(throws: (any Error).self) { try outcome(fetch, "https://unknown.example/feed").get() }
}

@Test func fakeEnvironmentFetchAnswersTheBrokenFeedWithAPageThatIsNotAFeed() throws {
    let fixture = try ServicesFixture()
    let fetch = ServicesBootstrap.makeFetch(
        ServicesConfiguration(environment: .fake, database: .inMemory, content: .brokenFeed), feeds: fixture.feeds)
    #expect(throws: FeedError.self) { try outcome(fetch, ServicesBootstrap.brokenFeedURL).get() }
}

@Test func offlineFetchFailsAtOnceWithoutReadingTheFeeds() throws {
    let fixture = try ServicesFixture()
    fixture.closeDatabase()
    let fetch = ServicesBootstrap.makeFetch(
        ServicesConfiguration(environment: .fake, database: .inMemory, network: .offline), feeds: fixture.feeds)
    #expect(throws: SceneError.offline) { try outcome(fetch, "https://a.example/feed").get() }
}

@Test func offlineDownloadsFailSayingTheNetworkIsOffline() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-offline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let downloader = ServicesBootstrap.makeDownloader(
        ServicesConfiguration(environment: .fake, database: .inMemory, network: .offline))
    let failure = #expect(throws: DownloadError.self) {
        _ = try downloader.download("https://a.example/ep1.mp3", into: folder.path).toBlocking(timeout: 10).toArray()
    }
    #expect(
        failure?.message.hasSuffix(": the network is unavailable (offline)") == true, "\(String(describing: failure))")
    #expect(failure?.message.contains("404") == false)
}
