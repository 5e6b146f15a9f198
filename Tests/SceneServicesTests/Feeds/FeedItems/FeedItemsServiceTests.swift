import Foundation
import Streams
import Testing

@testable import SceneServices

private func page(
    _ service: FeedItemsService, _ feedID: Int64, offset: Int = 0, limit: Int = 100
) throws -> FeedItemPage {
    try first(service.observePage(feedID: feedID, offset: offset, limit: limit, on: ImmediateScheduler())).get()
}

private func items(_ service: FeedItemsService, _ feedID: Int64) throws -> [FeedItem] {
    try page(service, feedID).items
}

@Test func feedItemsServiceListsItemsNewestFirst() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["old", "middle", "new"])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    #expect(try items(service, feedID).map(\.title) == ["new", "middle", "old"])
    #expect(try items(service, feedID).first?.text == "About new")
    #expect(try items(service, feedID).first?.link == "https://example.com/2")
}

@Test func feedItemsServiceMarksOneReadAndUnread() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["one"])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let item = try #require(try items(service, feedID).first)
    #expect(try first(service.setRead(itemID: item.id, true)).get().isRead)
    #expect(try !first(service.setRead(itemID: item.id, false)).get().isRead)
}

@Test func feedItemsServiceMarksAllRead() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3"], read: 1)
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    #expect(try first(service.markAllRead(feedID: feedID)).get() == 2)
    #expect(try items(service, feedID).allSatisfy(\.isRead))
}

@Test func feedItemsServiceObservesTheFeedUntilRemoved() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1"])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let recorder = Recorder(service.observeFeed(id: feedID, on: ImmediateScheduler()))
    defer { recorder.dispose() }
    _ = try first(fixture.feeds.removeFeed(id: feedID)).get()
    fixture.settle()
    #expect(recorder.all.map { try? $0.get()?.unreadCount } == [1, nil])
}

@Test func feedItemsServicePageIsTheAskedWindowWithTheFeedsTotals() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3", "4", "5"], read: 2)
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let window = try page(service, feedID, offset: 1, limit: 2)
    #expect(window.items.map(\.title) == ["4", "3"])
    #expect(window.offset == 1)
    #expect(window.totalCount == 5)
    #expect(window.unreadCount == 3)
}

@Test func feedItemsServicePageOfAnotherFeedIsEmpty() throws {
    let fixture = try ServicesFixture()
    _ = try fixture.addFeed("https://a.example/feed", items: ["1", "2"])
    let other = try fixture.addFeed("https://b.example/feed", items: [])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    #expect(try page(service, other) == FeedItemPage(items: [], totalCount: 0, unreadCount: 0, offset: 0))
}

@Test func feedItemsServicePageFollowsAReadChange() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1", "2"])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let recorder = Recorder(service.observePage(feedID: feedID, offset: 0, limit: 1, on: ImmediateScheduler()))
    defer { recorder.dispose() }
    let newest = try #require(try recorder.last?.get().items.first)
    _ = try first(service.setRead(itemID: newest.id, true)).get()
    fixture.settle()
    #expect(recorder.all.compactMap { try? $0.get().unreadCount } == [2, 1])
    #expect(try recorder.last?.get().items.first?.isRead == true)
}

@Test func feedItemsServicePageFailureIsASceneError() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1"])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    fixture.closeDatabase()
    let result = try first(service.observePage(feedID: feedID, offset: 0, limit: 10, on: ImmediateScheduler()))
    guard case .failure(let error) = result else {
        Issue.record("expected a failure, got \(result)")
        return
    }
    #expect(!error.message.isEmpty)
}

@Test func feedItemsServiceFindsTheNextUnreadItemInTheFollowingFeedWithItsPosition() throws {
    let fixture = try ServicesFixture()
    let alpha = try fixture.addFeed("https://a.example/feed", items: ["a-old", "a-new"])
    let bravo = try fixture.addFeed("https://b.example/feed", items: ["b-old", "b-new"])
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let newest = try #require(try items(service, bravo).first)
    _ = try first(service.setRead(itemID: newest.id, true)).get()
    let last = try #require(try items(service, alpha).last)
    let place = try #require(try first(service.nextUnreadItem(after: last.id, feedID: alpha, keeping: nil)).get())
    #expect(place.item.title == "b-old")
    #expect(place.item.feedID == bravo)
    #expect(place.position == 1)
    // Listing unread items only, it is the first.
    let unreadOnly = try #require(
        try first(service.nextUnreadItem(after: last.id, feedID: alpha, keeping: [])).get())
    #expect(unreadOnly.position == 0)
    #expect(try first(service.locateItem(id: last.id)).get().position == 1)
}

@Test func feedItemsServiceListsUnreadItemsKeepingThoseGiven() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3"], read: 2)
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let all = try items(service, feedID)
    let kept = try first(
        service.observeUnreadPage(feedID: feedID, keeping: [all[1].id], offset: 0, limit: 10, on: ImmediateScheduler())
    ).get()
    #expect(kept.items.map(\.title) == ["3", "2"])
    #expect(kept.totalCount == 2)
    #expect(kept.unreadCount == 1)
}

@Test func feedItemsServiceReadsTheWindowAskedForOfAllItemsOrOfTheUnreadAndKeptOnes() throws {
    let fixture = try ServicesFixture()
    let feedID = try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3"], read: 1)
    let service = FeedItemsService(feeds: fixture.feeds, history: fixture.history)
    let all = try first(service.observePage(FeedItemWindow(feedID: feedID), on: ImmediateScheduler())).get()
    #expect(all.items.count == 3)
    let read = try #require(all.items.first { $0.isRead })
    let unread = FeedItemWindow(feedID: feedID, keptItemIDs: [])
    let unreadItems = try first(service.observePage(unread, on: ImmediateScheduler())).get().items
    #expect(unreadItems.count == 2)
    #expect(unreadItems.allSatisfy { !$0.isRead })
    let kept = FeedItemWindow(feedID: feedID, keptItemIDs: [read.id])
    #expect(try first(service.observePage(kept, on: ImmediateScheduler())).get().items.count == 3)
}
