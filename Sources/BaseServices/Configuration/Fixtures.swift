import Domain
import Foundation
import SQLiteProvider

/// The contents of a new database: a welcome list, and for the fake environment a sample feed.
enum Fixtures {
    static let welcomeTodos: [TodoDraft] = [
        TodoDraft(title: "Welcome to Rivulet", notes: "This list lives in a small SQLite database on your machine."),
        TodoDraft(title: "Add a todo of your own"),
        TodoDraft(title: "Mark a todo done, then clear the done ones"),
        TodoDraft(title: "Search by typing the start of any word"),
        TodoDraft(title: "Read this list's first todo", isCompleted: true),
    ]

    static let sampleFeedURL = "https://example.com/rivulet/sample-feed.json"

    static let sampleItems: [FeedItemDraft] = [
        FeedItemDraft(
            guid: "sample-1", title: "Rivulet keeps feed items offline",
            summary: "Items you fetched stay readable without a network."),
        // An episode to download: the fake network has no files, and offline there is no network.
        FeedItemDraft(
            guid: "sample-2", title: "Read and unread", summary: "Each item remembers whether you have read it.",
            enclosures: [
                FeedEnclosure(url: "https://example.com/rivulet/episode-1.mp3", type: "audio/mpeg", length: 1_200_000)
            ]),
    ]

    /// Fills an empty database.
    static func fill(_ context: ServiceContext, includingFeeds: Bool) throws(DatabaseError) {
        _ = try TodosBaseService(context: context).insert(welcomeTodos)
        guard includingFeeds else { return }
        let now = context.now()
        try context.database.write { (db) throws(DatabaseError) in
            try db.execute(
                "INSERT INTO feeds(url, title, site_url, added_at, last_fetched_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(sampleFeedURL), .text("Rivulet sample feed"), .text("https://example.com/rivulet"),
                    .integer(now.storedMilliseconds), .integer(now.storedMilliseconds),
                ])
            let feedID = db.lastInsertedRowID
            for (index, item) in sampleItems.enumerated() {
                try db.execute(
                    "INSERT INTO feed_items(feed_id, guid, title, summary, published_at, fetched_at, enclosures) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        .integer(feedID), .text(item.guid), .text(item.title), .text(item.summary),
                        .integer(now.storedMilliseconds - Int64(index) * 3_600_000), .integer(now.storedMilliseconds),
                        .text(FeedEnclosure.stored(item.enclosures)),
                    ])
            }
        }
    }
}
