import Domain
import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// Removing a feed can be undone: the feed and every item come back exactly (every column, the
// identifiers, read states and contents), in the one history todos use, also from another
// connection and after the database is opened again.

/// Every column of every feed and item, as text, in identifier order: what "exactly" compares.
private func everyFeedRow(_ database: SQLiteDatabase) throws -> [String] {
    try database.read { (db) throws(DatabaseError) in
        let feeds = try db.fetchAll(
            """
            SELECT quote(id) || '|' || quote(url) || '|' || quote(title) || '|' || quote(site_url) || '|'
                || quote(added_at) || '|' || quote(last_fetched_at) || '|' || quote(etag) || '|'
                || quote(last_modified) || '|' || quote(last_error)
            FROM feeds ORDER BY id
            """
        ) { "feed " + $0.string(at: 0) }
        let items = try db.fetchAll(
            """
            SELECT quote(id) || '|' || quote(feed_id) || '|' || quote(guid) || '|' || quote(title) || '|'
                || quote(link) || '|' || quote(summary) || '|' || quote(published_at) || '|' || quote(fetched_at)
                || '|' || quote(is_read) || '|' || quote(content) || '|' || quote(content_links) || '|'
                || quote(content_type) || '|' || quote(enclosures)
            FROM feed_items ORDER BY id
            """
        ) { "item " + $0.string(at: 0) }
        return feeds + items
    }
}

/// Two feeds with items (one read, contents with links, one undated), validators and an error.
private func seededFeeds() throws -> (ServicesFixture, FeedObject, FeedObject) {
    let fixture = try ServicesFixture()
    let example = try value(
        fixture.feeds.addFeed(url: "https://example.com/feed.xml", title: "Example", siteURL: "https://example.com"))
    let other = try value(fixture.feeds.addFeed(url: "https://other.example/rss", title: "Other", siteURL: nil))
    let drafts = [
        FeedItemDraft(
            guid: "a", title: "First", link: "https://example.com/a", summary: "One",
            publishedAt: Date(storedMilliseconds: 1_000),
            content: "<p>Body <a href=\"https://example.com/1\">one</a></p>", contentType: .html,
            links: ["https://example.com/1"],
            enclosures: [FeedEnclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 2_048)]),
        FeedItemDraft(
            guid: "b", title: "Second", summary: "Two", publishedAt: Date(storedMilliseconds: 2_000),
            content: "Plain body", contentType: .text),
        FeedItemDraft(guid: "c", title: "Undated"),
    ]
    _ = try value(fixture.feeds.storeItems(drafts, feedID: example.id, fetchedAt: Date(storedMilliseconds: 5_000)))
    _ = try value(fixture.feeds.storeItems([drafts[0]], feedID: other.id, fetchedAt: Date(storedMilliseconds: 6_000)))
    let first = try #require(
        try value(
            fixture.feeds.observeItems(
                feedID: example.id, unreadOnly: false, offset: 0, limit: 10, on: ImmediateScheduler())
        )
        .first { $0.guid == "a" })
    _ = try value(fixture.feeds.setRead(itemID: first.id, true))
    _ = try value(fixture.feeds.setLastError(feedID: example.id, "timed out"))
    try fixture.database.execute(
        "UPDATE feeds SET etag = '\"v1\"', last_modified = 'Tue, 1 Jan 2030' WHERE id = \(example.id)")
    return (fixture, example, other)
}

@Test func undoingAFeedRemovalBringsBackTheFeedAndEveryItemExactly() throws {
    let (fixture, example, _) = try seededFeeds()
    let before = try everyFeedRow(fixture.database)
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    let removed = try everyFeedRow(fixture.database)
    #expect(!removed.contains { $0.hasPrefix("feed \(example.id)|") })
    #expect(removed.count == before.count - 4)
    #expect(try value(fixture.history.undo())?.label == "remove feed \"Example\"")
    #expect(try everyFeedRow(fixture.database) == before)
    let restored = try #require(try value(fixture.feeds.fetchFeeds()).first { $0.id == example.id })
    #expect(restored.itemCount == 3)
    #expect(restored.unreadCount == 2)
    #expect(restored.lastError == "timed out")
    #expect(try value(fixture.history.redo())?.label == "remove feed \"Example\"")
    #expect(try everyFeedRow(fixture.database) == removed)
    _ = try value(fixture.history.undo())
    #expect(try everyFeedRow(fixture.database) == before)
}

@Test func aRestoredFeedKeepsWhatChangedItBeforeItWasRemovedAgain() throws {
    let (fixture, example, _) = try seededFeeds()
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    _ = try value(fixture.history.undo())
    // Changes the history does not record (one item read, a refresh) happen to the restored feed…
    let items = try value(
        fixture.feeds.observeItems(
            feedID: example.id, unreadOnly: false, offset: 0, limit: 10, on: ImmediateScheduler()))
    _ = try value(fixture.feeds.setRead(itemIDs: items.map(\.id), true))
    _ = try value(
        fixture.feeds.storeItems([FeedItemDraft(guid: "d", title: "Newer")], feedID: example.id, fetchedAt: Date()))
    let changed = try everyFeedRow(fixture.database)
    // …and redo then undo of its removal keep them.
    _ = try value(fixture.history.redo())
    _ = try value(fixture.history.undo())
    #expect(try everyFeedRow(fixture.database) == changed)
}

@Test func feedsAndTodosShareOneTimeline() throws {
    let (fixture, example, _) = try seededFeeds()
    let todo = try value(fixture.todos.create(title: "Read the feed", notes: "", due: nil))
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    _ = try value(fixture.todos.toggle(id: todo.id))
    // The todo list's undo takes back the removal when it is the last change, and the feeds'
    // undo a todo's.
    #expect(try value(fixture.history.undo())?.label == "complete \"Read the feed\"")
    let removal = try #require(try value(fixture.history.undo()))
    #expect(removal.label == "remove feed \"Example\"")
    #expect(removal.todoCount == 0)
    #expect(try value(fixture.feeds.fetchFeeds()).map(\.title) == ["Example", "Other"])
    #expect(try value(fixture.history.undo())?.label == "add \"Read the feed\"")
    #expect(try value(fixture.todos.fetch(id: todo.id)) == nil)
    #expect(try value(fixture.history.redo())?.label == "add \"Read the feed\"")
    #expect(try value(fixture.history.redo())?.label == "remove feed \"Example\"")
    #expect(try value(fixture.feeds.fetchFeeds()).map(\.title) == ["Other"])
}

@Test func aFeedRemovalSurvivesAReopenAndIsUndoneFromAnotherConnection() throws {
    let (fixture, example, _) = try seededFeeds()
    let before = try everyFeedRow(fixture.database)
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    let removed = try everyFeedRow(fixture.database)
    fixture.database.close()
    // A restart: a new connection over the same file, and a second one as another process.
    let (reopened, _) = try SQLiteDatabase.open(
        path: fixture.folder.file(), options: DatabaseOptions.rivulet, migrations: Schema.migrations())
    let (other, _) = try SQLiteDatabase.open(
        path: fixture.folder.file(), options: DatabaseOptions.rivulet, migrations: Schema.migrations())
    let history = HistoryBaseService(context: try ServiceContext.make(database: reopened) { Date() })
    let otherHistory = HistoryBaseService(context: try ServiceContext.make(database: other) { Date() })
    #expect(try value(otherHistory.undo())?.label == "remove feed \"Example\"")
    #expect(try everyFeedRow(reopened) == before)
    #expect(try value(history.redo())?.label == "remove feed \"Example\"")
    #expect(try everyFeedRow(other) == removed)
}

@Test func undoingARemovalAfterTheAddressWasSubscribedAgainSwapsTheCopiesAndLosesNeither() throws {
    let (fixture, example, _) = try seededFeeds()
    let before = try everyFeedRow(fixture.database)
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    // Subscribed again (not a change the history records), with an item of its own.
    let again = try value(fixture.feeds.addFeed(url: example.url, title: "Example again", siteURL: nil))
    _ = try value(
        fixture.feeds.storeItems([FeedItemDraft(guid: "z", title: "Own")], feedID: again.id, fetchedAt: Date()))
    let resubscribed = try everyFeedRow(fixture.database)
    #expect(try value(fixture.history.undo())?.label == "remove feed \"Example\"")
    #expect(try everyFeedRow(fixture.database) == before)
    #expect(try value(fixture.history.redo())?.label == "remove feed \"Example\"")
    #expect(try everyFeedRow(fixture.database) == resubscribed)
}

@Test func aFeedThatWasNeverReallySubscribedIsRemovedWithoutARecord() throws {
    let (fixture, example, _) = try seededFeeds()
    _ = try value(fixture.feeds.removeFeed(id: example.id, undoable: false))
    #expect(try value(fixture.history.undo()) == nil)
    #expect(try fixture.database.int("SELECT count(*) FROM feed_item_change_rows") == 0)
}

@Test func removingAMissingFeedFailsAndRecordsNothing() throws {
    let (fixture, _, _) = try seededFeeds()
    #expect(throws: DatabaseError.self) { try value(fixture.feeds.removeFeed(id: 999)) }
    #expect(try value(fixture.history.undo()) == nil)
}

@Test func feedRemovalsCountInTheHistorysDepthAndTheirImagesGoWithThem() throws {
    let (fixture, example, _) = try seededFeeds()
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    let todo = try value(fixture.todos.create(title: "Flip", notes: "", due: nil))
    for _ in 0..<History.depth { _ = try value(fixture.todos.toggle(id: todo.id)) }
    // The removal was the oldest change: dropped, with the images of the feed and its items.
    #expect(try fixture.database.int("SELECT count(*) FROM feed_change_rows") == 0)
    #expect(try fixture.database.int("SELECT count(*) FROM feed_item_change_rows") == 0)
    try value(fixture.history.forgetHistory())
    #expect(try value(fixture.history.undo()) == nil)
}

@Test func forgettingTheHistoryForgetsFeedImagesToo() throws {
    let (fixture, example, _) = try seededFeeds()
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    try value(fixture.history.forgetHistory())
    #expect(try fixture.database.int("SELECT count(*) FROM feed_item_change_rows") == 0)
    #expect(try value(fixture.history.undo()) == nil)
}

@Test func aFeedOfAHundredThousandItemsIsRemovedRestoredAndRemovedAgainExactly() throws {
    let fixture = try ServicesFixture()
    let feed = try value(fixture.feeds.addFeed(url: "https://big.example/feed", title: "Big", siteURL: nil))
    // Written in SQL: more than a refresh keeps (``FeedsBaseService/maximumItemsPerFeed``), as an
    // older database or a raised limit could hold. Every tenth item is read.
    try fixture.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
        INSERT INTO feed_items(feed_id, guid, title, link, summary, published_at, fetched_at, is_read, content,
            content_links)
        SELECT \(feed.id), 'g' || i, 'Item ' || i, 'https://big.example/' || i, 'Summary ' || i, i * 1000, 5,
            i % 10 = 0, printf('%.400c', 'x') || i, 'https://big.example/link/' || i
        FROM n;
        """)
    func digest() throws -> [Int64] {
        try fixture.database.read { (db) throws(DatabaseError) in
            [
                try db.fetchInt("SELECT count(*) FROM feed_items WHERE feed_id = \(feed.id)"),
                try db.fetchInt("SELECT count(*) FROM feed_items WHERE feed_id = \(feed.id) AND is_read = 0"),
                try db.fetchInt("SELECT coalesce(sum(id * 31 + length(content) + published_at), 0) FROM feed_items"),
            ]
        }
    }
    let before = try digest()
    #expect(before[0] == 100_000 && before[1] == 90_000)
    let clock = ContinuousClock()
    var start = clock.now
    _ = try value(fixture.feeds.removeFeed(id: feed.id))
    let removing = clock.now - start
    #expect(try digest() == [0, 0, 0])
    start = clock.now
    #expect(try value(fixture.history.undo())?.label == "remove feed \"Big\"")
    let undoing = clock.now - start
    #expect(try digest() == before)
    start = clock.now
    _ = try value(fixture.history.redo())
    let redoing = clock.now - start
    #expect(try digest() == [0, 0, 0])
    // A bound for a loaded machine, far above the second or so each takes on a quiet one.
    for duration in [removing, undoing, redoing] { #expect(duration < .seconds(60)) }
}

@Test func markingEveryItemReadIsUndoneItemByItemAndRedoneInTheOneTimeline() throws {
    let (fixture, example, other) = try seededFeeds()
    let before = try everyFeedRow(fixture.database)
    #expect(try value(fixture.feeds.markAllRead(feedID: example.id)) == 2)
    let marked = try everyFeedRow(fixture.database)
    #expect(marked != before)
    #expect(try value(fixture.history.undo())?.label == "mark 2 items read in \"Example\"")
    // Exactly as before: the two unread items unread again, the read one still read, the other
    // feed untouched.
    #expect(try everyFeedRow(fixture.database) == before)
    #expect(try value(fixture.history.redo())?.label == "mark 2 items read in \"Example\"")
    #expect(try everyFeedRow(fixture.database) == marked)
    // Nothing unread: nothing is recorded, and undo takes back the marking before.
    #expect(try value(fixture.feeds.markAllRead(feedID: example.id)) == 0)
    _ = try value(fixture.history.undo())
    #expect(try everyFeedRow(fixture.database) == before)
    _ = other
}

@Test func undoingMarkAllReadSkipsItemsGoneSince() throws {
    let (fixture, example, _) = try seededFeeds()
    _ = try value(fixture.feeds.markAllRead(feedID: example.id))
    try fixture.database.execute("DELETE FROM feed_items WHERE feed_id = \(example.id) AND guid = 'b'")
    #expect(try value(fixture.history.undo())?.label == "mark 2 items read in \"Example\"")
    let feed = try #require(try value(fixture.feeds.fetchFeeds()).first { $0.id == example.id })
    #expect(feed.itemCount == 2 && feed.unreadCount == 1)
}

@Test func undoingAFeedRemovalBringsBackItsItemsEnclosures() throws {
    let (fixture, example, _) = try seededFeeds()
    _ = try value(fixture.feeds.removeFeed(id: example.id))
    _ = try value(fixture.history.undo())
    let items = try value(
        fixture.feeds.observeItems(
            feedID: example.id, unreadOnly: false, offset: 0, limit: 10, on: ImmediateScheduler()))
    #expect(
        items.first { $0.guid == "a" }?.enclosures == [
            FeedEnclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 2_048)
        ])
}
