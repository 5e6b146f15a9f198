import Domain
import Foundation
import Streams
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

@Test(arguments: [SearchIndex.fts5, .words])
func feedTagsMigrationUpgradesADatabaseOfThePreviousSchemaInPlaceKeepingItsFeedsItemsAndHistory(
    searchIndex: SearchIndex
) throws {
    // A database as the previous version wrote it: two feeds with an item each, then the
    // second removed, its row and item waiting in the history.
    let database = try upgradedPastStep("feed tags, query feeds and filters", searchIndex: searchIndex) { old in
        try old.write { (db) throws(DatabaseError) in
            for url in ["https://example.com/feed", "https://removed.example/feed"] {
                try db.execute("INSERT INTO feeds(url, title, added_at) VALUES (?, 'Example', 1)", [.text(url)])
                try db.execute(
                    """
                    INSERT INTO feed_items(feed_id, guid, title, summary, fetched_at, is_read, content, content_type,
                        search_text)
                    VALUES (?, 'a', 'Sponsored episode', 'Short', 2, 0, '', 'text', '')
                    """,
                    [.integer(db.lastInsertedRowID)])
            }
            try db.execute("INSERT INTO changes(stack, label, made_at) VALUES ('undo', 'remove feed \"Example\"', 3)")
            let change = db.lastInsertedRowID
            try FeedHistory.recordFeedAsBefore(2, change: change, in: db)
            try db.execute("DELETE FROM feeds WHERE id = 2")
        }
    }
    #expect(try database.int("PRAGMA user_version") == Int64(Schema.migrations().count))
    let context = try ServiceContext.make(database: database)
    let feeds = FeedsBaseService(context: context)
    let stored = try value(feeds.fetchFeeds())
    #expect(stored.map(\.tags) == [[]])
    #expect(stored.map(\.unreadCount) == [1])
    #expect(try value(feeds.fetchRules()).isEmpty)
    // The removed feed comes back, with no tags, and a filter hides its item as any other.
    #expect(try value(HistoryBaseService(context: context).undo())?.label == "remove feed \"Example\"")
    _ = try value(feeds.addRule(name: nil, expression: "title~sponsored"))
    #expect(try value(feeds.fetchFeeds()).map(\.itemCount) == [0, 0])
    _ = try value(feeds.setTags(feedID: 2, FeedTagChange(added: ["back"])))
    #expect(try value(feeds.fetchFeeds()).first { $0.id == 2 }?.tags == ["back"])
    #expect(
        try database.read { (db) throws(DatabaseError) in try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) }
        } == "ok")
}

@Test func theItemWindowStillWalksTheDateIndexWithHiddenItemsLeftOut() throws {
    let fixture = try ServicesFixture()
    let plan = try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "EXPLAIN QUERY PLAN " + FeedsBaseService.itemWindowSQL, [.integer(1), .integer(10), .integer(0)]
        ) { $0.string(at: 3) }
    }
    #expect(plan.contains { $0.contains("feed_items_by_date") })
    #expect(!plan.contains { $0.contains("TEMP B-TREE") })
}

extension FeedHistory {
    /// Records the feed `id` and its items in `change` with the columns the schemas before step 20 had.
    fileprivate static func recordFeedAsBefore(_ id: Int64, change: Int64, in db: Connection) throws(DatabaseError) {
        let columns = "url, title, site_url, added_at, last_fetched_at, etag, last_modified, last_error"
        try db.execute(
            "INSERT INTO feed_change_rows(change_id, feed_id, present, \(columns)) SELECT ?, id, 1, \(columns) FROM feeds WHERE id = ?",
            [.integer(change), .integer(id)])
        let items =
            "feed_id, guid, title, link, summary, published_at, fetched_at, is_read, content, content_links, content_type, "
            + "search_text, enclosures"
        try db.execute(
            "INSERT INTO feed_item_change_rows(change_id, item_id, \(items)) SELECT ?, id, \(items) FROM feed_items WHERE feed_id = ?",
            [.integer(change), .integer(id)])
    }
}
