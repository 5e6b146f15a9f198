import Domain
public import SQLiteProvider
public import Streams

/// The reader's reads across a feed's list and across feeds: windows of unread items, the next
/// unread item, where an item is, and the search over every item.
///
/// A feed's list is newest first: `published_at DESC` (undated items last), then `id DESC`.
/// "Before" and "after" below are in that order.
extension FeedsBaseService {
    /// The next unread item after `itemID` in the feed `feedID`, then in the following feeds,
    /// wrapping around; `nil` when no other item is unread.
    public func nextUnreadItem(
        after itemID: Int64?, feedID: Int64, filter: FeedItemFilter
    ) -> Observable<Result<FeedItemLocation?, DatabaseError>> {
        context.database.readOnSubscribe { (db) throws(DatabaseError) in
            try Self.nextUnread(after: itemID, feedID: feedID, filter: filter, in: db)
        }
    }

    /// Where the item `itemID` is in its feed's list, every item shown.
    public func locateItem(id itemID: Int64) -> Observable<Result<FeedItemLocation, DatabaseError>> {
        context.database.readOnSubscribe { (db) throws(DatabaseError) in
            guard let item = try Self.item(id: itemID, in: db) else { throw Self.itemNotFound(itemID) }
            return FeedItemLocation(item: item, position: try Self.position(of: item, filter: .all, in: db))
        }
    }

    /// Observes the newest `limit` items of all feeds that match every word of `text`.
    public func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedItemSearchHit], DatabaseError>> {
        let searchIndex = context.searchIndex
        return context.database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try Self.search(text, limit: limit, searchIndex: searchIndex, in: db)
        }
    }

    // MARK: Unread

    static func nextUnread(
        after itemID: Int64?, feedID: Int64, filter: FeedItemFilter, in db: Connection
    ) throws(DatabaseError) -> FeedItemLocation? {
        let anchor = try itemID.flatMap { (id) throws(DatabaseError) in try item(id: id, in: db) }
            .flatMap { $0.feedID == feedID ? $0 : nil }
        var found = try firstUnread(feedID: feedID, after: anchor, in: db)
        if found == nil {
            let feedIDs = try db.fetchAll("SELECT id FROM feeds ORDER BY title COLLATE NOCASE, id") { $0.int64(at: 0) }
            let start = feedIDs.firstIndex(of: feedID).map { $0 + 1 } ?? 0
            for other in feedIDs[start...] + feedIDs[..<min(start, feedIDs.count)] where other != feedID {
                found = try firstUnread(feedID: other, after: nil, in: db)
                if found != nil { break }
            }
        }
        if found == nil, let anchor {
            // Last, the items above the one the person is on.
            found = try firstUnread(feedID: feedID, after: nil, excluding: anchor.id, in: db)
        }
        guard let found else { return nil }
        return FeedItemLocation(item: found, position: try position(of: found, filter: filter, in: db))
    }

    /// The first unread item of a feed after `anchor` (from the top when `nil`), walked in the
    /// `feed_items_by_unread_date` index.
    private static func firstUnread(
        feedID: Int64, after anchor: FeedItemObject?, excluding excluded: Int64? = nil, in db: Connection
    ) throws(DatabaseError) -> FeedItemObject? {
        var sql =
            "SELECT \(itemColumns) FROM feed_items WHERE feed_id = ?1 AND is_hidden = 0 AND is_read = 0 AND id IS NOT ?2"
        var arguments: [SQLValue] = [.integer(feedID), .integer(excluded)]
        if let anchor {
            sql += " AND " + order(isBefore: false, date: 3, id: 4)
            arguments += [.integer(anchor.publishedAt?.storedMilliseconds), .integer(anchor.id)]
        }
        sql += " ORDER BY published_at DESC, id DESC LIMIT 1"
        return try db.fetchOne(sql, arguments, decode: decodeItem)
    }

    /// The items before (or after) the one whose date and id are bound as parameters `date` and
    /// `id`, in the list's order.
    private static func order(isBefore: Bool, date: Int, id: Int) -> String {
        isBefore
            ? "(CASE WHEN ?\(date) IS NULL THEN published_at IS NOT NULL OR id > ?\(id) "
                + "ELSE published_at > ?\(date) OR (published_at = ?\(date) AND id > ?\(id)) END)"
            : "(CASE WHEN ?\(date) IS NULL THEN published_at IS NULL AND id < ?\(id) "
                + "ELSE published_at < ?\(date) OR (published_at = ?\(date) AND id < ?\(id)) "
                + "OR published_at IS NULL END)"
    }

    /// How many items the list `filter` shows come before `item` in its feed.
    static func position(
        of item: FeedItemObject, filter: FeedItemFilter, in db: Connection
    ) throws(DatabaseError) -> Int {
        let (shown, shownArguments) = shownCondition(filter, firstParameter: 4)
        let arguments: [SQLValue] =
            [.integer(item.feedID), .integer(item.publishedAt?.storedMilliseconds), .integer(item.id)]
            + shownArguments
        let before = order(isBefore: true, date: 2, id: 3)
        let sql = "SELECT count(*) FROM feed_items WHERE feed_id = ?1 AND is_hidden = 0 AND \(before)\(shown)"
        return Int(try db.fetchInt(sql, arguments))
    }

    /// The SQL that keeps the items `filter` shows (empty when it shows all), its parameters
    /// numbered from `firstParameter`.
    private static func shownCondition(
        _ filter: FeedItemFilter, firstParameter: Int
    ) -> (sql: String, arguments: [SQLValue]) {
        guard filter.isUnreadOnly else { return ("", []) }
        guard !filter.keptItemIDs.isEmpty else { return (" AND is_read = 0", []) }
        let kept = filter.keptItemIDs.sorted().map(String.init).joined(separator: ",")
        return (
            " AND (is_read = 0 OR id IN (SELECT value FROM json_each(?\(firstParameter))))", [.text("[\(kept)]")]
        )
    }

    /// A window of the items `filter` shows (only unread ones, and those it keeps), with their
    /// count and the feed's unread count.
    static func filteredItemWindow(
        feedID: Int64, filter: FeedItemFilter, offset: Int, limit: Int, in db: Connection
    ) throws(DatabaseError) -> FeedItemPageObject {
        let (shown, shownArguments) = shownCondition(filter, firstParameter: 2)
        let unread = Int(
            try db.fetchInt(
                "SELECT count(*) FROM feed_items WHERE feed_id = ? AND is_hidden = 0 AND is_read = 0",
                [.integer(feedID)]))
        let total = Int(
            try db.fetchInt(
                "SELECT count(*) FROM feed_items WHERE feed_id = ?1 AND is_hidden = 0\(shown)",
                [.integer(feedID)] + shownArguments))
        let offset = max(0, offset)
        let limit = max(0, limit)
        let next = shownArguments.count + 2
        let items = try db.fetchAll(
            "SELECT \(itemColumns) FROM feed_items WHERE feed_id = ?1 AND is_hidden = 0\(shown) "
                + "ORDER BY published_at DESC, id DESC LIMIT ?\(next) OFFSET ?\(next + 1)",
            [.integer(feedID)] + shownArguments + [.integer(Int64(limit)), .integer(Int64(offset))],
            decode: decodeItem)
        return FeedItemPageObject(items: items, totalCount: total, unreadCount: unread, offset: offset)
    }

    // MARK: Search

    /// The newest `limit` items matching `text` that no filter hides, by the date they were
    /// published (as a feed lists them: the undated after the dated, the last stored first): the
    /// matches found through the FTS5 index when the schema has one, else by a scan, and only the
    /// newest kept while sorting.
    static func search(
        _ text: String, limit: Int, searchIndex: SearchIndex, in db: Connection
    ) throws(DatabaseError) -> [FeedItemSearchHit] {
        let limit = Int64(max(0, limit))
        let itemNames = itemColumns.split(separator: ",").map { "i." + $0.trimmingCharacters(in: .whitespaces) }
        let columns = itemNames.joined(separator: ", ")
        let select = "SELECT \(columns), f.title FROM "
        let newestFirst = "i.published_at DESC, i.id DESC"
        let decode = { (row: Statement) in
            FeedItemSearchHit(item: decodeItem(row), feedTitle: row.string(at: Int32(itemNames.count)))
        }
        switch searchIndex {
        case .fts5:
            guard let query = SearchText.ftsQuery(text, table: "feed_items_fts", in: db) else { return [] }
            return try db.fetchAll(
                select
                    + "(SELECT rowid AS match_id FROM feed_items_fts WHERE feed_items_fts MATCH ?) AS matches "
                    + "CROSS JOIN feed_items i ON i.id = matches.match_id JOIN feeds f ON f.id = i.feed_id "
                    + "WHERE i.is_hidden = 0 ORDER BY \(newestFirst) LIMIT ?",
                [.text(query), .integer(limit)], decode: decode)
        case .words:
            let terms = SearchTerms.of(text).prefix(SearchText.maximumTerms)
            guard !terms.isEmpty else { return [] }
            // Without FTS5 the words are found anywhere in the text, as LIKE finds them.
            let conditions = terms.map { _ in "(i.title LIKE ?1 OR i.summary LIKE ?1 OR i.search_text LIKE ?1)" }
            var arguments: [SQLValue] = []
            var clauses: [String] = []
            for (index, (term, condition)) in zip(terms, conditions).enumerated() {
                clauses.append(condition.replacingOccurrences(of: "?1", with: "?\(index + 1)"))
                arguments.append(.text("%\(term)%"))
            }
            arguments.append(.integer(limit))
            return try db.fetchAll(
                select + "feed_items i JOIN feeds f ON f.id = i.feed_id WHERE i.is_hidden = 0 AND "
                    + clauses.joined(separator: " AND ") + " ORDER BY \(newestFirst) LIMIT ?\(arguments.count)",
                arguments, decode: decode)
        }
    }

    // MARK: Rows

    static func item(id: Int64, in db: Connection) throws(DatabaseError) -> FeedItemObject? {
        try db.fetchOne("SELECT \(itemColumns) FROM feed_items WHERE id = ?", [.integer(id)], decode: decodeItem)
    }

    static func itemNotFound(_ id: Int64) -> DatabaseError {
        DatabaseError(kind: .notFound, message: "there is no feed item \(id)")
    }
}
