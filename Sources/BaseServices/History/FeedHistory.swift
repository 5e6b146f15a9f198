import Domain
import SQLiteProvider

/// The feeds' part of the one history of changes (``History`` keeps the changes
/// themselves): removing a feed records, in the same transaction, the feed's row and every item
/// of it, each with all its columns and its identifier, so that undo puts them back exactly.
///
/// The images stay in the database: recording and restoring are `INSERT … SELECT`s, so a feed
/// of a hundred thousand items is never held in memory. Nothing else is derived from feeds:
/// their counts are counted when read, and items have no search index.
enum FeedHistory {
    /// The schema step that adds the feeds' images to the history.
    static let schemaScript = """
        CREATE TABLE feed_change_rows (
            change_id INTEGER NOT NULL REFERENCES todo_changes(id) ON DELETE CASCADE,
            feed_id INTEGER NOT NULL,
            present INTEGER NOT NULL CHECK (present IN (0, 1)),
            url TEXT,
            title TEXT,
            site_url TEXT,
            added_at INTEGER,
            last_fetched_at INTEGER,
            etag TEXT,
            last_modified TEXT,
            last_error TEXT,
            PRIMARY KEY (change_id, feed_id)
        );
        CREATE TABLE feed_item_change_rows (
            change_id INTEGER NOT NULL REFERENCES todo_changes(id) ON DELETE CASCADE,
            item_id INTEGER NOT NULL,
            feed_id INTEGER NOT NULL,
            guid TEXT NOT NULL,
            title TEXT NOT NULL,
            link TEXT,
            summary TEXT NOT NULL,
            published_at INTEGER,
            fetched_at INTEGER NOT NULL,
            is_read INTEGER NOT NULL,
            content TEXT NOT NULL,
            content_links TEXT NOT NULL,
            PRIMARY KEY (change_id, item_id)
        );
        """

    /// The schema step that records each item's content type with it (schema 13): items
    /// recorded before hold text laid out when they were stored.
    static let contentTypeScript = """
        ALTER TABLE feed_item_change_rows ADD COLUMN content_type TEXT NOT NULL DEFAULT 'text';
        ALTER TABLE feed_item_change_rows ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
        UPDATE feed_item_change_rows SET search_text = content;
        """

    /// The schema step that records each item's enclosures with it (schema 15): items
    /// recorded before had none kept.
    static let enclosuresScript = """
        ALTER TABLE feed_item_change_rows ADD COLUMN enclosures TEXT NOT NULL DEFAULT '';
        """

    /// The feeds' images (their items' are recorded whole, with their feed, in `feed_item_change_rows`).
    static let images = RowImages(
        table: "feeds", images: "feed_change_rows", key: "feed_id",
        columns: [
            "url", "title", "site_url", "added_at", "last_fetched_at", "etag", "last_modified", "last_error", "tags",
        ])
    private static let itemColumns =
        "feed_id, guid, title, link, summary, published_at, fetched_at, is_read, content, content_links, content_type, "
        + "search_text, enclosures"

    /// Records how the feed `id` and all its items look now in `change` (call it before
    /// removing the feed).
    static func recordFeed(_ id: Int64, change: Int64, in db: Connection) throws(DatabaseError) {
        try images.record(where: "id = ?", [.integer(id)], change: change, in: db)
        try db.execute(
            """
            INSERT INTO feed_item_change_rows(change_id, item_id, \(itemColumns))
            SELECT ?, id, \(itemColumns) FROM feed_items WHERE feed_id = ?
            """,
            [.integer(change), .integer(id)])
    }

    /// The feeds' half of a step through the history: records in `counterpart` how the feeds
    /// of `change` look now (their items included), then puts `change`'s images back: a feed
    /// recorded absent is removed with its items, a feed recorded present gets its row and
    /// exactly its recorded items back, with their identifiers.
    ///
    /// A feed to restore whose address another feed has taken since (the same feed subscribed
    /// again) takes its place: before the removal that other feed did not exist, so the step
    /// records it as absent and takes it out, items and all, into `counterpart`, and redo
    /// brings it back as it is now. Nothing is lost, and undo never stops at a taken address.
    static func step(_ change: Int64, counterpart: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            """
            INSERT OR IGNORE INTO feed_change_rows(change_id, feed_id, present)
            SELECT r.change_id, f.id, 0 FROM feed_change_rows r JOIN feeds f ON f.url = r.url AND f.id != r.feed_id
            WHERE r.change_id = ? AND r.present = 1
            """,
            [.integer(change)])
        try images.recordCurrent(of: change, into: counterpart, in: db)
        try db.execute(
            """
            INSERT INTO feed_item_change_rows(change_id, item_id, \(itemColumns))
            SELECT ?, id, \(itemColumns) FROM feed_items
            WHERE feed_id IN (SELECT feed_id FROM feed_change_rows WHERE change_id = ?)
            """,
            [.integer(counterpart), .integer(change)])
        // Removing a feed removes its items (ON DELETE CASCADE); a feed put back gets exactly
        // the items recorded with it.
        try images.removeAbsent(of: change, in: db)
        try db.execute(
            """
            DELETE FROM feed_items WHERE feed_id IN (
                SELECT feed_id FROM feed_change_rows WHERE change_id = ? AND present = 1)
            """,
            [.integer(change)])
        try images.writePresent(of: change, in: db)
        try db.execute(
            """
            INSERT INTO feed_items(id, \(itemColumns))
            SELECT item_id, \(itemColumns) FROM feed_item_change_rows WHERE change_id = ? ORDER BY item_id
            """,
            [.integer(change)])
    }

    /// "remove feed "Title"".
    static func removalLabel(_ title: String) -> String {
        "remove feed \(History.quoted(title))"
    }

    /// The schema step that lets marking a feed's items read be undone: the read state each
    /// item had before the change.
    static let readStatesScript = """
        CREATE TABLE feed_read_change_rows (
            change_id INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
            item_id INTEGER NOT NULL,
            is_read INTEGER NOT NULL,
            PRIMARY KEY (change_id, item_id)
        ) WITHOUT ROWID;
        """

    /// "mark 12 items read in "Title"".
    static func markedReadLabel(count: Int, title: String) -> String {
        "mark \(CountText.counted(count, "item", "items")) read in \(History.quoted(title))"
    }

    /// Records in `change` the read state of the items `condition` selects (call it before
    /// changing them).
    static func recordReadStates(
        where condition: String, _ arguments: [SQLValue], change: Int64, in db: Connection
    ) throws(DatabaseError) {
        try db.execute(
            """
            INSERT OR IGNORE INTO feed_read_change_rows(change_id, item_id, is_read)
            SELECT ?, id, is_read FROM feed_items WHERE \(condition)
            """,
            [.integer(change)] + arguments)
    }

    /// The read states' half of a step through the history: records in `counterpart` the read
    /// state of `change`'s items now, then puts the recorded states back. An item gone since
    /// (its feed removed, or dropped as too old) is skipped.
    static func stepReadStates(_ change: Int64, counterpart: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            """
            INSERT OR IGNORE INTO feed_read_change_rows(change_id, item_id, is_read)
            SELECT ?, i.id, i.is_read FROM feed_read_change_rows r JOIN feed_items i ON i.id = r.item_id
            WHERE r.change_id = ?
            """,
            [.integer(counterpart), .integer(change)])
        try db.execute(
            """
            UPDATE feed_items SET is_read = (
                SELECT r.is_read FROM feed_read_change_rows r WHERE r.change_id = ? AND r.item_id = feed_items.id)
            WHERE id IN (SELECT item_id FROM feed_read_change_rows WHERE change_id = ?)
            """,
            [.integer(change), .integer(change)])
    }
}
