import Domain
import Foundation
import Streams
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

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

@Test(arguments: [
    "HTTPS://Example.com/feed", "https://example.com:443/feed#top", "https://EXAMPLE.com/feed?",
    " https://example.com/feed ",
])
func anotherSpellingOfASubscribedFeedIsRefused(spelling: String) throws {
    let fixture = try ServicesFixture()
    _ = try addFeed(fixture)
    let result = firstResult(fixture.feeds.addFeed(url: spelling, title: "Again", siteURL: nil))
    guard case .failure(let error) = result else {
        Issue.record("\(spelling) was subscribed again")
        return
    }
    #expect(error.message.hasSuffix("is already subscribed"))
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
    let (reopened, _) = try SQLiteDatabase.open(
        path: fixture.folder.file(), options: .rivulet, migrations: Schema.migrations())
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

private func itemWindow(
    _ fixture: ServicesFixture, _ feedID: Int64, offset: Int = 0, limit: Int = 100
) throws -> FeedItemPageObject {
    let recorder = Recorder(
        fixture.feeds.observeItemWindow(feedID: feedID, offset: offset, limit: limit, on: ImmediateScheduler()))
    defer { recorder.dispose() }
    return try #require(try recorder.values.last?.get())
}

@Test func itemWindowIsNewestFirstWithUndatedItemsLast() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    let window = try itemWindow(fixture, feed.id)
    #expect(window.items.map(\.title) == ["Newer", "Older", "Undated"])
    #expect(window.items == (try allItems(fixture, feed.id)))
}

@Test func itemsAreStoredInTheFeedsOrderTheirIdentifiersRisingAsTheDocumentGoes() throws {
    // What a comparison with another parser leans on to pair items without identities: the
    // stored order is the document's.
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let drafts = ["C first", "B", "A last"].map { FeedItemDraft(guid: $0, title: $0) }
    _ = try value(fixture.feeds.storeItems(drafts, feedID: feed.id, fetchedAt: Date()))
    #expect(try allItems(fixture, feed.id).sorted { $0.id < $1.id }.map(\.title) == ["C first", "B", "A last"])
}

@Test func itemWindowIsTheAskedSliceWithTheWholeFeedsCounts() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    let newest = try #require(try allItems(fixture, feed.id).first)
    _ = try value(fixture.feeds.setRead(itemID: newest.id, true))
    let window = try itemWindow(fixture, feed.id, offset: 1, limit: 1)
    #expect(window.items.map(\.title) == ["Older"])
    #expect(window.offset == 1)
    #expect(window.totalCount == 3)
    #expect(window.unreadCount == 2)
}

@Test func itemWindowPastTheEndIsEmptyButCounted() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    let window = try itemWindow(fixture, feed.id, offset: 10, limit: 5)
    #expect(window == FeedItemPageObject(items: [], totalCount: 3, unreadCount: 3, offset: 10))
}

@Test func itemWindowClampsANegativeOffsetAndLimit() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    #expect(try itemWindow(fixture, feed.id, offset: -5, limit: 1).items.map(\.title) == ["Newer"])
    #expect(try itemWindow(fixture, feed.id, offset: 0, limit: -1).items.isEmpty)
}

@Test func itemWindowOfAFeedWithoutItemsIsEmpty() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    #expect(try itemWindow(fixture, feed.id) == FeedItemPageObject(items: [], totalCount: 0, unreadCount: 0, offset: 0))
}

@Test func itemWindowFollowsStoringAndReading() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let recorder = Recorder(
        fixture.feeds.observeItemWindow(feedID: feed.id, offset: 0, limit: 2, on: ImmediateScheduler()))
    _ = try value(fixture.feeds.storeItems(items, feedID: feed.id, fetchedAt: Date()))
    fixture.database.settle()
    _ = try value(fixture.feeds.markAllRead(feedID: feed.id))
    fixture.database.settle()
    #expect(
        recorder.successes().map { [$0.items.count, $0.totalCount, $0.unreadCount] } == [
            [0, 0, 0], [2, 3, 3], [2, 3, 0],
        ])
    recorder.dispose()
}

@Test func itemWindowReachesTheLastItemsOfAHundredThousand() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    try fixture.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
        INSERT INTO feed_items (feed_id, guid, title, published_at, fetched_at, is_read)
        SELECT \(feed.id), 'g' || i, 'Item ' || i, i * 1000, 0, i % 2 FROM n;
        """)
    let window = try itemWindow(fixture, feed.id, offset: 99_990, limit: 10)
    #expect(window.items.map(\.title) == (1...10).reversed().map { "Item \($0)" })
    #expect(window.totalCount == 100_000)
    #expect(window.unreadCount == 50_000)
}

@Test func itemWindowWalksTheDateIndexInsteadOfSorting() throws {
    let fixture = try ServicesFixture()
    let plan = try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "EXPLAIN QUERY PLAN " + FeedsBaseService.itemWindowSQL, [.integer(1), .integer(10), .integer(0)]
        ) { $0.string(at: 3) }
    }
    #expect(plan.contains { $0.contains("feed_items_by_date") })
    #expect(!plan.contains { $0.contains("TEMP B-TREE") })
}

@Test func removingTheNewestFeedDoesNotGiveItsIdentifiersToTheNextOne() throws {
    let fixture = try ServicesFixture()
    let removed = try addFeed(fixture, "https://example.com/removed")
    _ = try value(fixture.feeds.storeItems(items, feedID: removed.id, fetchedAt: Date()))
    let removedItems = try allItems(fixture, removed.id).map(\.id)
    _ = try value(fixture.feeds.removeFeed(id: removed.id))
    let next = try addFeed(fixture, "https://example.com/next")
    _ = try value(fixture.feeds.storeItems(items, feedID: next.id, fetchedAt: Date()))
    #expect(next.id > removed.id)
    #expect(try allItems(fixture, next.id).map(\.id).min() ?? 0 > removedItems.max() ?? 0)
}

@Test func aFeedKeepsAtMostItsMaximumOfItemsTheNewest() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    func drafts(_ range: ClosedRange<Int>) -> [FeedItemDraft] {
        range.map {
            FeedItemDraft(guid: "g\($0)", title: "item \($0)", publishedAt: Date(storedMilliseconds: Int64($0)))
        }
    }
    let firstNew = try fixture.database.write { (db) throws(DatabaseError) in
        try FeedsBaseService.store(drafts(1...8), feedID: feed.id, fetched: 1, in: db, maximumItems: 5)
    }
    #expect(firstNew == (5, 0))
    #expect(try allItems(fixture, feed.id).map(\.title) == (4...8).reversed().map { "item \($0)" })
    let second = try fixture.database.write { (db) throws(DatabaseError) in
        try FeedsBaseService.store(drafts(9...10), feedID: feed.id, fetched: 2, in: db, maximumItems: 5)
    }
    // Two new items, and the two oldest removed to keep five: both counted, not "none new".
    #expect(second == (2, 2))
    #expect(try allItems(fixture, feed.id).map(\.title) == (6...10).reversed().map { "item \($0)" })
    // An item older than every one kept is cut as it is stored: neither new nor a removal.
    let older = try fixture.database.write { (db) throws(DatabaseError) in
        try FeedsBaseService.store(drafts(0...0), feedID: feed.id, fetched: 3, in: db, maximumItems: 5)
    }
    #expect(older == (0, 0))
    #expect(try allItems(fixture, feed.id).map(\.title) == (6...10).reversed().map { "item \($0)" })
}

@Test func addFeedStoresAFileAsAnAbsoluteStandardizedPath() throws {
    let fixture = try ServicesFixture()
    let file = try value(fixture.feeds.addFeed(url: "file:///tmp/a/../feed.xml", title: "F", siteURL: nil))
    #expect(file.url == "/tmp/feed.xml")
    let again = firstResult(fixture.feeds.addFeed(url: "/tmp/./feed.xml", title: "Again", siteURL: nil))
    guard case .failure(let error)? = again else {
        Issue.record("the same file in another spelling was subscribed twice")
        return
    }
    #expect(error.kind == .invalidValue)
    let remote = try value(fixture.feeds.addFeed(url: " https://example.com/feed?a=1 ", title: "R", siteURL: nil))
    #expect(remote.url == "https://example.com/feed?a=1")
}

@Test func addFeedRefusesWhatIsNoFeedLocation() throws {
    let fixture = try ServicesFixture()
    for text in ["gopher://example.com/", "http://", "   "] {
        guard case .failure(let error)? = firstResult(fixture.feeds.addFeed(url: text, title: "X", siteURL: nil)) else {
            Issue.record("\(text.debugDescription) was subscribed")
            continue
        }
        #expect(error.kind == .invalidValue && !error.message.isEmpty, "\(text.debugDescription)")
    }
    #expect(try value(fixture.feeds.fetchFeeds()).isEmpty)
}

@Test func storedItemsKeepTheirEnclosuresAndARefreshReplacesThem() throws {
    let fixture = try ServicesFixture()
    let feed = try addFeed(fixture)
    let episode = [
        FeedEnclosure(url: "https://example.com/2.mp3", type: "audio/mpeg", length: 24_986_239),
        FeedEnclosure(url: "https://example.com/2.mp4", type: "video/mp4", medium: "video", kind: .media),
        FeedEnclosure(url: "https://example.com/2.jpg", kind: .thumbnail),
    ]
    _ = try value(
        fixture.feeds.storeItems(
            [FeedItemDraft(guid: "2", title: "Episode 2", enclosures: episode)], feedID: feed.id, fetchedAt: Date()))
    #expect(try allItems(fixture, feed.id).first?.enclosures == episode)
    _ = try value(
        fixture.feeds.storeItems(
            [FeedItemDraft(guid: "2", title: "Episode 2", enclosures: [episode[0]])], feedID: feed.id,
            fetchedAt: Date()))
    #expect(try allItems(fixture, feed.id).first?.enclosures == [episode[0]])
}
