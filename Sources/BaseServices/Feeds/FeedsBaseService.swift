import Domain
public import Foundation
public import SQLiteProvider
public import Streams

/// The feeds base service: the only code that reads and writes feeds and their items in the
/// database. It fetches with the function its caller gives (``refresh(feedID:fetch:)``,
/// ``subscribe(url:fetch:)``): the composition root makes the one fetcher of a process, so a
/// scenario's fake or offline network reaches every refresh.
///
/// ```swift
/// let feeds: any FeedsBaseServiceType = FeedsBaseService.shared
/// feeds.addFeed(url: "https://example.com/feed.xml", title: "Example", siteURL: nil)
///     .subscribe(onNext: { print($0) })
///     .disposed(by: bag)
/// ```
public final class FeedsBaseService: FeedsBaseServiceType {
    /// The instance over the configured database. Using it before ``configureBaseServices(_:)``
    /// stops the program with a message saying so.
    public static let shared = FeedsBaseService(context: BaseServicesRegistry.requireContext(for: "FeedsBaseService"))

    let context: ServiceContext
    private var database: SQLiteDatabase { context.database }

    /// An instance over `context`; tests use it with a temporary database.
    init(context: ServiceContext) {
        self.context = context
    }

    /// Subscribes to the feed at `url`; a file path or `file://` URL is stored as an absolute,
    /// standardized path, a web address as typed. A feed already subscribed under any spelling
    /// of its address (compared as imports compare them, ``FeedLocation/normalized``), or a URL
    /// that is no feed location (an unsupported scheme, no host), is refused.
    public func addFeed(url: String, title: String, siteURL: String?) -> Observable<Result<FeedObject, DatabaseError>> {
        database.writeOnSubscribe { [context] (db) throws(DatabaseError) in
            try Self.insertFeed(
                url: try Self.storedLocation(url), title: title, siteURL: siteURL, addedAt: context.now(), in: db)
        }
    }

    /// Inserts a feed at the stored address `url`, refusing one already subscribed.
    static func insertFeed(
        url: String, title: String, siteURL: String?, addedAt: Date, in db: Connection
    ) throws(DatabaseError) -> FeedObject {
        try refuseSubscribed(url, in: db)
        try db.execute(
            "INSERT INTO feeds(url, title, site_url, added_at) VALUES (?, ?, ?, ?)",
            [.text(url), .text(title), .text(siteURL), .integer(addedAt.storedMilliseconds)])
        return try feed(id: db.lastInsertedRowID, in: db)
    }

    /// Throws when a feed at the stored address `url`, in any spelling of it, is subscribed.
    static func refuseSubscribed(_ url: String, in db: Connection) throws(DatabaseError) {
        let subscribed = try db.fetchAll("SELECT url FROM feeds", [], decode: { $0.string(at: 0) })
        let compared = comparable(url)
        if subscribed.contains(where: { comparable($0) == compared }) {
            throw DatabaseError(kind: .invalidValue, message: "the feed \(url) is already subscribed")
        }
    }

    /// Renames a feed or changes its site address.
    public func updateFeed(id: Int64, title: String, siteURL: String?) -> Observable<Result<FeedObject, DatabaseError>>
    {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            try db.execute(
                "UPDATE feeds SET title = ?, site_url = ? WHERE id = ?", [.text(title), .text(siteURL), .integer(id)])
            guard db.changedRowCount > 0 else { throw Self.feedNotFound(id) }
            return try Self.feed(id: id, in: db)
        }
    }

    /// Unsubscribes from a feed and deletes its items; sends the feed as it was. When
    /// `undoable`, the history records the feed and its items in the same transaction, so that
    /// ``undo()`` puts them back exactly.
    public func removeFeed(id: Int64, undoable: Bool) -> Observable<Result<FeedObject, DatabaseError>> {
        database.writeOnSubscribe { [context] (db) throws(DatabaseError) in
            let feed = try Self.feed(id: id, in: db)
            if undoable {
                let change = try History.begin(
                    FeedHistory.removalLabel(feed.title), at: context.now().storedMilliseconds, in: db)
                try FeedHistory.recordFeed(id, change: change, in: db)
            }
            try db.execute("DELETE FROM feeds WHERE id = ?", [.integer(id)])
            return feed
        }
    }

    /// Stores fetched items of a feed; sends how many were new.
    public func storeItems(
        _ items: [FeedItemDraft], feedID: Int64, fetchedAt: Date
    ) -> Observable<Result<Int, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            try Self.store(items, feedID: feedID, fetched: fetchedAt.storedMilliseconds, in: db).new
        }
    }

    /// The most items kept per feed. A feed that publishes more (a huge or hostile one) keeps
    /// its newest; storing more drops the oldest, in the order the items are listed.
    public static let maximumItemsPerFeed = 50_000

    /// Upserts `items` by GUID (keeping each stored item's read status) and stamps the feed's
    /// fetch time; returns how many items were new, and how many older ones were removed to keep
    /// `maximumItems`. Shared by ``storeItems(_:feedID:fetchedAt:)`` and
    /// ``refresh(feedID:fetch:)``. At most `maximumItems` stay stored for the feed: the newest, as
    /// ``observeItems(feedID:unreadOnly:offset:limit:on:)`` lists them.
    static func store(
        _ items: [FeedItemDraft], feedID: Int64, fetched: Int64, in db: Connection,
        maximumItems: Int = maximumItemsPerFeed
    ) throws(DatabaseError)
        -> (new: Int, removed: Int)
    {
        _ = try feed(id: feedID, in: db)
        let before = try db.fetchInt("SELECT count(*) FROM feed_items WHERE feed_id = ?", [.integer(feedID)])
        // Items inserted now get identifiers above every stored one: what survives the cut
        // below is told apart from what was there.
        let lastStored = try db.fetchInt("SELECT coalesce(max(id), 0) FROM feed_items", [])
        for item in newest(items, keeping: maximumItems) {
            try db.execute(
                """
                INSERT INTO feed_items(
                    feed_id, guid, title, link, summary, published_at, fetched_at, content, content_links,
                    content_type, search_text, enclosures)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (feed_id, guid) DO UPDATE SET
                    title = excluded.title, link = excluded.link, summary = excluded.summary,
                    published_at = excluded.published_at, content = excluded.content,
                    content_links = excluded.content_links, content_type = excluded.content_type,
                    search_text = excluded.search_text, enclosures = excluded.enclosures
                """,
                [
                    .integer(feedID), .text(item.guid), .text(item.title), .text(item.link), .text(item.summary),
                    .integer(item.publishedAt?.storedMilliseconds), .integer(fetched), .text(item.content),
                    .text(storedLinks(item.links)), .text(item.contentType.rawValue), .text(item.searchText),
                    .text(FeedEnclosure.stored(item.enclosures)),
                ])
        }
        try db.execute("UPDATE feeds SET last_fetched_at = ? WHERE id = ?", [.integer(fetched), .integer(feedID)])
        try FeedRules.applyFilters(toFeed: feedID, in: db)
        let after = try db.fetchInt("SELECT count(*) FROM feed_items WHERE feed_id = ?", [.integer(feedID)])
        let inserted = max(0, Int(after - before))
        guard after > Int64(maximumItems) else { return (inserted, 0) }
        try db.execute(
            """
            DELETE FROM feed_items WHERE feed_id = ? AND id NOT IN (
                SELECT id FROM feed_items WHERE feed_id = ? ORDER BY published_at DESC, id DESC LIMIT ?)
            """,
            [.integer(feedID), .integer(feedID), .integer(Int64(maximumItems))])
        let removed = db.changedRowCount
        // An item older than all those kept is cut as soon as it is stored: neither new nor removed.
        let new = Int(
            try db.fetchInt(
                "SELECT count(*) FROM feed_items WHERE feed_id = ? AND id > ?",
                [.integer(feedID), .integer(lastStored)]))
        return (new, removed - (inserted - new))
    }

    /// The newest `count` of `items` (dated ones newest first, then undated ones in the feed's
    /// order), so that a feed of a million items is not written whole only to be cut.
    private static func newest(_ items: [FeedItemDraft], keeping count: Int) -> [FeedItemDraft] {
        guard items.count > count else { return items }
        let ordered = items.enumerated().sorted { left, right in
            switch (left.element.publishedAt, right.element.publishedAt) {
            case (let leftDate?, let rightDate?) where leftDate != rightDate: leftDate > rightDate
            case (.some, nil): true
            case (nil, .some): false
            default: left.offset < right.offset
            }
        }
        // Written in the feed's own order, as when nothing is cut.
        return ordered.prefix(count).sorted { $0.offset < $1.offset }.map(\.element)
    }

    /// Records why the feed's last refresh failed, or clears it with `nil`; sends the feed.
    public func setLastError(feedID: Int64, _ message: String?) -> Observable<Result<FeedObject, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            try db.execute("UPDATE feeds SET last_error = ? WHERE id = ?", [.text(message), .integer(feedID)])
            guard db.changedRowCount > 0 else { throw Self.feedNotFound(feedID) }
            return try Self.feed(id: feedID, in: db)
        }
    }

    /// Marks an item read or unread.
    public func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItemObject, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            try db.execute(
                "UPDATE feed_items SET is_read = ? WHERE id = ?", [.integer(isRead ? 1 : 0), .integer(itemID)])
            guard db.changedRowCount > 0 else {
                throw DatabaseError(kind: .notFound, message: "there is no feed item \(itemID)")
            }
            guard
                let item = try db.fetchOne(
                    "SELECT \(Self.itemColumns) FROM feed_items WHERE id = ?", [.integer(itemID)],
                    decode: Self.decodeItem)
            else {
                throw DatabaseError(kind: .notFound, message: "there is no feed item \(itemID)")
            }
            return item
        }
    }

    /// Marks every item of a feed read; sends how many changed.
    public func markAllRead(feedID: Int64) -> Observable<Result<Int, DatabaseError>> {
        database.writeOnSubscribe { [context] (db) throws(DatabaseError) in
            let feed = try Self.feed(id: feedID, in: db)
            let unread = "feed_id = ? AND is_read = 0"
            let count = try db.fetchInt("SELECT count(*) FROM feed_items WHERE \(unread)", [.integer(feedID)])
            guard count > 0 else { return 0 }
            // One change in the history, which undo takes back: every item unread again.
            let change = try History.begin(
                FeedHistory.markedReadLabel(count: Int(count), title: feed.title), at: context.now().storedMilliseconds,
                in: db)
            try FeedHistory.recordReadStates(where: unread, [.integer(feedID)], change: change, in: db)
            try db.execute("UPDATE feed_items SET is_read = 1 WHERE \(unread)", [.integer(feedID)])
            return db.changedRowCount
        }
    }

    /// Marks the items `itemIDs` read or unread in one transaction, all or none: an ID that
    /// names no item fails with ``DatabaseError/Kind/notFound`` and changes nothing. Sends how
    /// many changed.
    public func setRead(itemIDs: [Int64], _ isRead: Bool) -> Observable<Result<Int, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            var changed = 0
            for id in itemIDs {
                let count = try db.fetchInt("SELECT count(*) FROM feed_items WHERE id = ?", [.integer(id)])
                guard count > 0 else { throw DatabaseError(kind: .notFound, message: "there is no feed item \(id)") }
                try db.execute(
                    "UPDATE feed_items SET is_read = ? WHERE id = ? AND is_read != ?",
                    [.integer(isRead ? 1 : 0), .integer(id), .integer(isRead ? 1 : 0)])
                changed += db.changedRowCount
            }
            return changed
        }
    }

    /// Marks every item of a feed read or unread; sends how many changed.
    public func setRead(feedID: Int64, _ isRead: Bool) -> Observable<Result<Int, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            _ = try Self.feed(id: feedID, in: db)
            try db.execute(
                "UPDATE feed_items SET is_read = ? WHERE feed_id = ? AND is_read != ?",
                [.integer(isRead ? 1 : 0), .integer(feedID), .integer(isRead ? 1 : 0)])
            return db.changedRowCount
        }
    }

    /// Fetches every feed once, by title.
    public func fetchFeeds() -> Observable<Result<[FeedObject], DatabaseError>> {
        database.readOnSubscribe { (db) throws(DatabaseError) in try Self.feeds(in: db) }
    }

    /// Observes every feed, by title, with item counts.
    public func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[FeedObject], DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in try Self.feeds(in: db) }
    }

    /// Observes a window of one feed's items, newest first (undated items last; the order of
    /// ``itemWindowSQL``).
    public func observeItems(
        feedID: Int64, unreadOnly: Bool, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedItemObject], DatabaseError>> {
        let readFilter = unreadOnly ? " AND is_read = 0" : ""
        let sql =
            "SELECT \(Self.itemColumns) FROM feed_items WHERE feed_id = ? AND is_hidden = 0\(readFilter) "
            + "ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?"
        let arguments: [SQLValue] = [.integer(feedID), .integer(Int64(max(0, limit))), .integer(Int64(max(0, offset)))]
        return database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try db.fetchAll(sql, arguments, decode: Self.decodeItem)
        }
    }

    /// Observes `limit` items of one feed from `offset`, newest first (undated items last), with
    /// the feed's item and unread counts; only the window is read, however long the feed is.
    public func observeItemWindow(
        feedID: Int64, filter: FeedItemFilter, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPageObject, DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try Self.itemWindow(feedID: feedID, filter: filter, offset: offset, limit: limit, in: db)
        }
    }

    /// Observes how many items are unread across all feeds.
    public func observeUnreadCount(on scheduler: any Scheduler) -> Observable<Result<Int, DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in
            Int(try db.fetchInt("SELECT count(*) FROM feed_items WHERE is_read = 0 AND is_hidden = 0"))
        }
    }

    /// Observes how many feeds have a recorded error from their last refresh.
    public func observeFailedFeedCount(on scheduler: any Scheduler) -> Observable<Result<Int, DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in
            Int(try db.fetchInt("SELECT count(*) FROM feeds WHERE last_error IS NOT NULL"))
        }
    }

    // MARK: Rows

    static let itemColumns =
        "id, feed_id, guid, title, link, summary, published_at, fetched_at, is_read, content, content_links, "
        + "content_type, enclosures"

    /// Links as stored: one a line (a link never holds a line break; one that does is cut there).
    static func storedLinks(_ links: [String]) -> String {
        links.map { $0.split(whereSeparator: \.isNewline).first.map(String.init) ?? "" }.joined(separator: "\n")
    }

    private static let feedSelect = """
        SELECT f.id, f.url, f.title, f.site_url, f.added_at, f.last_fetched_at,
            (SELECT count(*) FROM feed_items i WHERE i.feed_id = f.id AND i.is_hidden = 0),
            (SELECT count(*) FROM feed_items i WHERE i.feed_id = f.id AND i.is_hidden = 0 AND i.is_read = 0),
            f.last_error, f.tags
        FROM feeds f
        """

    private static func decodeFeed(_ row: Statement) -> FeedObject {
        FeedObject(
            id: row.int64(at: 0), url: row.string(at: 1), title: row.string(at: 2), siteURL: row.optionalString(at: 3),
            addedAt: Date(storedMilliseconds: row.int64(at: 4)),
            lastFetchedAt: row.optionalInt64(at: 5).map(Date.init(storedMilliseconds:)),
            itemCount: row.int(at: 6), unreadCount: row.int(at: 7), lastError: row.optionalString(at: 8),
            tags: FeedRules.decodedTags(row.optionalString(at: 9)))
    }

    static func decodeItem(_ row: Statement) -> FeedItemObject {
        FeedItemObject(
            id: row.int64(at: 0), feedID: row.int64(at: 1), guid: row.string(at: 2), title: row.string(at: 3),
            link: row.optionalString(at: 4), summary: row.string(at: 5),
            publishedAt: row.optionalInt64(at: 6).map(Date.init(storedMilliseconds:)),
            fetchedAt: Date(storedMilliseconds: row.int64(at: 7)), isRead: row.bool(at: 8),
            content: row.string(at: 9),
            contentType: FeedContentType(rawValue: row.string(at: 11)) ?? .text,
            links: row.string(at: 10).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !$0.isEmpty },
            enclosures: FeedEnclosure.fromStored(row.string(at: 12)))
    }

    /// One feed's items, newest first, `LIMIT ? OFFSET ?`. `published_at DESC` already puts
    /// undated items (NULL) last in SQLite, and with `id DESC` (the rowid) it follows the
    /// `feed_items_by_date` index backwards, so a window deep in a long feed is walked in the
    /// index, never sorted.
    static let itemWindowSQL =
        "SELECT \(itemColumns) FROM feed_items WHERE feed_id = ? AND is_hidden = 0 "
        + "ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?"

    /// The window of one feed's items, with the feed's totals (the total as `filter` shows it).
    static func itemWindow(
        feedID: Int64, filter: FeedItemFilter = .all, offset: Int, limit: Int, in db: Connection
    ) throws(DatabaseError) -> FeedItemPageObject {
        if filter.isUnreadOnly {
            return try filteredItemWindow(feedID: feedID, filter: filter, offset: offset, limit: limit, in: db)
        }
        // Two counts over ranges of the `feed_items_by_read` index, cheaper than one pass that
        // sums an expression per row.
        let totals =
            try db.fetchOne(
                "SELECT (SELECT count(*) FROM feed_items WHERE feed_id = ?1 AND is_hidden = 0), "
                    + "(SELECT count(*) FROM feed_items WHERE feed_id = ?1 AND is_hidden = 0 AND is_read = 0)",
                [.integer(feedID)]
            ) { (row: Statement) in (total: row.int(at: 0), unread: row.int(at: 1)) } ?? (total: 0, unread: 0)
        let offset = max(0, offset)
        let limit = max(0, limit)
        let items = try db.fetchAll(
            itemWindowSQL, [.integer(feedID), .integer(Int64(limit)), .integer(Int64(offset))],
            capacity: max(0, min(limit, totals.total - offset)), decode: decodeItem)
        return FeedItemPageObject(items: items, totalCount: totals.total, unreadCount: totals.unread, offset: offset)
    }

    private static func feeds(in db: Connection) throws(DatabaseError) -> [FeedObject] {
        try db.fetchAll(feedSelect + " ORDER BY f.title COLLATE NOCASE, f.id", [], decode: decodeFeed)
    }

    static func feed(id: Int64, in db: Connection) throws(DatabaseError) -> FeedObject {
        guard let feed = try db.fetchOne(feedSelect + " WHERE f.id = ?", [.integer(id)], decode: decodeFeed) else {
            throw feedNotFound(id)
        }
        return feed
    }

    static func feedNotFound(_ id: Int64) -> DatabaseError {
        DatabaseError(kind: .notFound, message: "there is no feed \(id)")
    }
}
