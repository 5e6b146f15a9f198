import Foundation
import Streams
import Testing

@testable import SceneServices

private func items(_ service: FeedItemsService, _ feedID: Int64) throws -> [FeedItem] {
    try first(service.observeItems(feedID: feedID, offset: 0, limit: 100, on: ImmediateScheduler())).get()
}

@Test func feedItemsServiceListsItemsNewestFirst() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["old", "middle", "new"])
    let service = FeedItemsService(feeds: fixture.feeds)
    #expect(try items(service, feedID).map(\.title) == ["new", "middle", "old"])
    #expect(try items(service, feedID).first?.text == "About new")
    #expect(try items(service, feedID).first?.link == "https://example.com/2")
}

@Test func feedItemsServiceMarksOneReadAndUnread() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["one"])
    let service = FeedItemsService(feeds: fixture.feeds)
    let item = try #require(try items(service, feedID).first)
    #expect(try first(service.setRead(itemID: item.id, true)).get().isRead)
    #expect(try !first(service.setRead(itemID: item.id, false)).get().isRead)
}

@Test func feedItemsServiceMarksAllRead() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3"], read: 1)
    let service = FeedItemsService(feeds: fixture.feeds)
    #expect(try first(service.markAllRead(feedID: feedID)).get() == 2)
    #expect(try items(service, feedID).allSatisfy(\.isRead))
}

@Test func feedItemsServiceObservesTheFeedUntilRemoved() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1"])
    let service = FeedItemsService(feeds: fixture.feeds)
    let recorder = Recorder(service.observeFeed(id: feedID, on: ImmediateScheduler()))
    defer { recorder.dispose() }
    _ = try first(fixture.feeds.removeFeed(id: feedID)).get()
    fixture.settle()
    #expect(recorder.all.map { try? $0.get()?.unreadCount } == [1, nil])
}
