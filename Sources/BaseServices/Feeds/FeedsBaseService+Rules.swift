public import Domain
import Foundation
public import SQLiteProvider
public import Streams

/// Tags, query feeds and filters: each change is one step of the history that undo takes back.
extension FeedsBaseService {
    /// Adds and takes away tags of the feed `feedID`; sends the feed. A change that changes
    /// nothing is not recorded.
    public func setTags(feedID: Int64, _ change: FeedTagChange) -> Observable<Result<FeedObject, DatabaseError>> {
        context.database.writeOnSubscribe { [context] (db) throws(DatabaseError) in
            let feed = try Self.feed(id: feedID, in: db)
            let tags = change.applied(to: feed.tags)
            guard tags != feed.tags else { return feed }
            let label = FeedRules.tagLabel(feed.title)
            let change = try History.begin(label, at: context.now().storedMilliseconds, in: db)
            try FeedRules.recordTags(ofFeed: feedID, change: change, in: db)
            try db.execute(
                "UPDATE feeds SET tags = ? WHERE id = ?", [.text(FeedRules.storedTags(tags)), .integer(feedID)])
            try FeedRules.applyFilters(toFeed: feedID, in: db)
            return try Self.feed(id: feedID, in: db)
        }
    }

    /// Saves a query feed named `name` (a filter when `name` is `nil`) of the expression
    /// `text`; sends it. An expression that cannot be read, a filter that tests whether items
    /// are read, or a name already taken is refused with one sentence saying so.
    public func addRule(name: String?, expression text: String) -> Observable<Result<FeedRuleObject, DatabaseError>> {
        context.database.writeOnSubscribe { [context] (db) throws(DatabaseError) in
            let expression: FeedItemExpression
            do throws(FeedItemExpressionError) {
                expression = try FeedItemExpression.parse(text)
            } catch {
                throw DatabaseError(kind: .invalidValue, message: error.message)
            }
            let kind: FeedRuleObject.Kind = name == nil ? .filter : .query
            if kind == .filter, expression.testsReadState {
                throw DatabaseError(
                    kind: .invalidValue,
                    message: "a filter cannot test 'read' or 'unread': reading an item would hide it or show it again")
            }
            // A feed named by its number must be one there is: `feed:999` would match nothing, ever.
            for case .feed(let id) in expression.conditions.map(\.term)
            where try db.fetchInt("SELECT count(*) FROM feeds WHERE id = ?", [.integer(id)]) == 0 {
                throw DatabaseError(kind: .invalidValue, message: "there is no feed \(id) ('feeds list' shows them)")
            }
            let name = try name.map { (name) throws(DatabaseError) in
                guard let cleaned = FeedTag.normalized(name) else {
                    throw DatabaseError(
                        kind: .invalidValue, message: "a query feed needs a name of 1 to 100 characters")
                }
                let taken = try db.fetchInt(
                    "SELECT count(*) FROM feed_rules WHERE kind = 'query' AND name = ?", [.text(cleaned)])
                guard taken == 0 else {
                    throw DatabaseError(
                        kind: .invalidValue, message: "there is already a query feed named '\(cleaned)'")
                }
                return cleaned
            }
            let now = context.now().storedMilliseconds
            try db.execute(
                "INSERT INTO feed_rules(kind, name, expression, created_at) VALUES (?, ?, ?, ?)",
                [.text(kind.rawValue), .text(name), .text(expression.description), .integer(now)])
            let id = db.lastInsertedRowID
            let change = try History.begin(
                FeedRules.ruleLabel(adding: true, kind: kind, subject: name ?? expression.description), at: now, in: db)
            try db.execute(
                "INSERT INTO feed_rule_change_rows(change_id, rule_id, present) VALUES (?, ?, 0)",
                [.integer(change), .integer(id)])
            if kind == .filter { try FeedRules.applyFilters(toFeed: nil, in: db) }
            return try Self.rule(id: id, in: db)
        }
    }

    /// Removes the query feed or filter `id`; sends it as it was. Items a filter hid show again.
    public func removeRule(id: Int64) -> Observable<Result<FeedRuleObject, DatabaseError>> {
        context.database.writeOnSubscribe { [context] (db) throws(DatabaseError) in
            let rule = try Self.rule(id: id, in: db)
            let label = FeedRules.ruleLabel(adding: false, kind: rule.kind, subject: rule.name ?? rule.expression)
            let change = try History.begin(label, at: context.now().storedMilliseconds, in: db)
            try FeedRules.images.record(where: "id = ?", [.integer(id)], change: change, in: db)
            try db.execute("DELETE FROM feed_rules WHERE id = ?", [.integer(id)])
            if rule.kind == .filter { try FeedRules.applyFilters(toFeed: nil, in: db) }
            return rule
        }
    }

    /// Every query feed (by name) and filter (in the order added).
    public func fetchRules() -> Observable<Result<[FeedRuleObject], DatabaseError>> {
        context.database.readOnSubscribe { (db) throws(DatabaseError) in try Self.rules(in: db) }
    }

    /// Observes every query feed and filter, as ``fetchRules()`` lists them.
    public func observeRules(on scheduler: any Scheduler) -> Observable<Result<[FeedRuleObject], DatabaseError>> {
        context.database.observe(on: scheduler) { (db) throws(DatabaseError) in try Self.rules(in: db) }
    }

    /// Observes every query feed (by name) with how many items it matches and how many of those
    /// are unread, counted again after each change of the feeds or their items. A query feed
    /// whose expression cannot be read (stored by hand) matches nothing.
    public func observeQueryFeeds(
        on scheduler: any Scheduler
    ) -> Observable<Result<[FeedQueryFeedObject], DatabaseError>> {
        context.database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try Self.rules(in: db).filter { $0.kind == .query }.map { (rule) throws(DatabaseError) in
                guard let expression = try? FeedItemExpression.parse(rule.expression) else {
                    return FeedQueryFeedObject(rule: rule, itemCount: 0, unreadCount: 0)
                }
                let (condition, arguments) = FeedRules.condition(expression, item: "i")
                let counts = try db.fetchOne(
                    "SELECT count(*), coalesce(sum(i.is_read = 0), 0) FROM feed_items i "
                        + "WHERE i.is_hidden = 0 AND \(condition)", arguments,
                    decode: { ($0.int64(at: 0), $0.int64(at: 1)) })
                return FeedQueryFeedObject(
                    rule: rule, itemCount: Int(counts?.0 ?? 0), unreadCount: Int(counts?.1 ?? 0))
            }
        }
    }

    /// Observes the newest `limit` items of all feeds that `expression` matches (items a
    /// filter hides never do), newest first, each with its feed's title.
    public func observeMatches(
        of expression: FeedItemExpression, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedItemSearchHit], DatabaseError>> {
        let (condition, arguments) = FeedRules.condition(expression, item: "i")
        let columns = Self.itemColumns.split(separator: ",").map { "i." + $0.trimmingCharacters(in: .whitespaces) }
        let sql =
            "SELECT \(columns.joined(separator: ", ")), f.title FROM feed_items i JOIN feeds f ON f.id = i.feed_id "
            + "WHERE i.is_hidden = 0 AND \(condition) ORDER BY i.published_at DESC, i.id DESC LIMIT ?"
        let values = arguments + [.integer(Int64(max(0, limit)))]
        return context.database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try db.fetchAll(sql, values) { row in
                FeedItemSearchHit(item: Self.decodeItem(row), feedTitle: row.string(at: Int32(columns.count)))
            }
        }
    }

    private static let ruleSelect = "SELECT id, kind, name, expression, created_at FROM feed_rules"

    private static func decodeRule(_ row: Statement) -> FeedRuleObject {
        FeedRuleObject(
            id: row.int64(at: 0), kind: FeedRuleObject.Kind(rawValue: row.string(at: 1)) ?? .filter,
            name: row.optionalString(at: 2), expression: row.string(at: 3),
            createdAt: Date(storedMilliseconds: row.int64(at: 4)))
    }

    static func rules(in db: Connection) throws(DatabaseError) -> [FeedRuleObject] {
        try db.fetchAll(ruleSelect + " ORDER BY kind DESC, name COLLATE NOCASE, id", [], decode: decodeRule)
    }

    static func rule(id: Int64, in db: Connection) throws(DatabaseError) -> FeedRuleObject {
        guard let rule = try db.fetchOne(ruleSelect + " WHERE id = ?", [.integer(id)], decode: decodeRule) else {
            throw DatabaseError(kind: .notFound, message: "there is no query feed or filter \(id)")
        }
        return rule
    }
}
