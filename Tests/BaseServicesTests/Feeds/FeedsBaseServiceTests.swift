import Foundation
import Streams
import Testing

@testable import BaseServices

private func addFeed(_ fixture: ServicesFixture, _ url: String = "https://example.com/feed") throws -> FeedObject {
    try value(fixture.feeds.addFeed(url: url, title: "Example", siteURL: "https://example.com"))
}

private let items = [
    FeedItemDraft(guid: "1", title: "Older", publishedAt: Date(storedMilliseconds: 1_000)),
    FeedItemDraft(
        guid: "2", title: "Newer", link: "https://example.com/2", publishedAt: Date(storedMilliseconds: 2_000)),
    FeedItemDraft(guid: "3", title: "Undated"),
]

private func allItems(_ fixture: ServicesFixture, _ feedID: Int64, unreadOnly: Bool = false) throws -> [FeedItemObject]
{
    let recorder = Recorder(
        fixture.feeds.observeItems(
            feedID: feedID, unreadOnly: unreadOnly, offset: 0, limit: 100, on: ImmediateScheduler()))
    defer { recorder.dispose() }
    return try recorder.values.last?.get() ?? []
}

@Test func addFeedStoresItWithNoItems() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    #expect(feed.url == "https://example.com/feed")
    #expect(feed.siteURL == "https://example.com")
    #expect(feed.itemCount == 0)
    #expect(feed.lastFetchedAt == nil)
    #expect(try value(fixture.feeds.fetchFeeds()) == [feed])
}

@Test func addingTheSameFeedTwiceIsRefused() throws {
    let fixture = try ServicesFixture()
    _ = try addFeed(fixture)
    let result = firstResult(fixture.feeds.addFeed(url: "https://example.com/feed", title: "Again", siteURL: nil))
    guard case .failure(let error) = result else {
        Issue.record("expected a failure, got \(String(describing: result))")
        return
    }
    #expect(error.kind == .invalidValue)
}

@Test func updateFeedRenamesIt() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let renamed = try value(fixture.feeds.updateFeed(id: feed.id, title: "Renamed", siteURL: nil))
    #expect(renamed.title == "Renamed")
    #expect(renamed.siteURL == nil)
}

@Test func storeItemsAddsNewItemsUnreadAndCountsThem() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    #expect(
        try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date(storedMilliseconds: 9_000))) == 3)
    let stored = try allItems(fixture, feed.id)
    #expect(stored.map(\.title) == ["Newer", "Older", "Undated"])
    #expect(stored.allSatisfy { !$0.isRead && $0.fetchedAt == Date(storedMilliseconds: 9_000) })
    let refreshed = try value(fixture.feeds.fetchFeeds())
    #expect(refreshed.first?.lastFetchedAt == Date(storedMilliseconds: 9_000))
    #expect(refreshed.first?.unreadCount == 3)
}

@Test func storingAnItemAgainUpdatesItAndKeepsItsReadStatus() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    let older = try #require(try allItems(fixture, feed.id).first { $0.guid == "1" })
    _ = try value(fixture.feeds.setRead(itemID: older.id, true))
    var changed = items[0]
    changed.title = "Older, edited"
    #expect(try value(fixture.feeds.storeItems([changed], feedID: feed.id, fetchedAt: Date())) == 0)
    let again = try #require(try allItems(fixture, feed.id).first { $0.guid == "1" })
    #expect(again.title == "Older, edited")
    #expect(again.isRead)
}

@Test func storeItemsForAMissingFeedIsNotFound() throws {
    let fixture = try ServicesFixture()
    let result = firstResult(fixture.feeds.storeItems(items, feedID: 7, fetchedAt: Date()))
    guard case .failure(let error) = result else {
        Issue.record("expected a failure")
        return
    }
    #expect(error.kind == .notFound)
}

@Test func setReadAndMarkAllReadChangeReadStatus() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    let first = try #require(try allItems(fixture, feed.id).first)
    #expect(try value(fixture.feeds.setRead(itemID: first.id, true)).isRead)
    #expect(try allItems(fixture, feed.id, unreadOnly: true).count == 2)
    #expect(try value(fixture.feeds.markAllRead(feedID: feed.id)) == 2)
    #expect(try allItems(fixture, feed.id, unreadOnly: true).isEmpty)
}

@Test func removeFeedDeletesItsItems() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    _ = try value(fixture.feeds.removeFeed(id: feed.id))
    #expect(try fixture.database.int("SELECT count(*) FROM feed_items") == 0)
    #expect(try value(fixture.feeds.fetchFeeds()).isEmpty)
}

@Test func observeUnreadCountFollowsStoringAndReading() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let recorder = Recorder(fixture.feeds.observeUnreadCount(on: ImmediateScheduler()))
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    fixture.database.settle()
    _ = try value(fixture.feeds.markAllRead(feedID: feed.id))
    fixture.database.settle()
    #expect(recorder.successes() == [0, 3, 0])
    recorder.dispose()
}

@Test func observeFeedsFollowsItemCounts() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let recorder = Recorder(fixture.feeds.observeFeeds(on: ImmediateScheduler()))
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    fixture.database.settle()
    #expect(recorder.successes().map { $0.map(\.itemCount) } == [[0], [3]])
    recorder.dispose()
}

@Test func storedItemsSurviveReopeningTheDatabase() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    fixture.database.close()
    let (reopened, _) = try SQLiteDatabase.open(path: fixture.folder.file(), migrations: Schema.migrations())
    let feeds = FeedsBaseService(context: try ServiceContext.make(database: reopened))
    #expect(try value(feeds.fetchFeeds()).first?.itemCount == 3)
}

@Test func setLastErrorRecordsAndClearsTheMessage() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    #expect(feed.lastError == nil)
    #expect(
        try value(fixture.feeds.setLastError(feedID: feed.id, "the server said 503")).lastError == "the server said 503"
    )
    #expect(try value(fixture.feeds.fetchFeeds()).first?.lastError == "the server said 503")
    #expect(try value(fixture.feeds.setLastError(feedID: feed.id, nil)).lastError == nil)
    #expect(try value(fixture.feeds.fetchFeeds()).first?.lastError == nil)
}

@Test func setLastErrorOfAnUnknownFeedFails() throws {
    let fixture = try ServicesFixture()
    let result = firstResult(fixture.feeds.setLastError(feedID: 404, "lost"))
    #expect(throws: DatabaseError.self) { try result?.get() }
}

@Test func failedFeedCountFollowsRecordedErrors() throws {
    let fixture = try ServicesFixture()
    let first = try addFeed(fixture, "https://example.com/one")
    let second = try addFeed(fixture, "https://example.com/two")
    let recorder = Recorder(fixture.feeds.observeFailedFeedCount(on: ImmediateScheduler()))
    defer { recorder.dispose() }
    fixture.database.settle()
    _ = try value(fixture.feeds.setLastError(feedID: first.id, "offline"))
    fixture.database.settle()
    _ = try value(fixture.feeds.setLastError(feedID: second.id, "malformed"))
    fixture.database.settle()
    _ = try value(fixture.feeds.setLastError(feedID: first.id, nil))
    fixture.database.settle()
    #expect(recorder.successes() == [0, 1, 2, 1])
}
