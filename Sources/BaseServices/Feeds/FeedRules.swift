import Domain
import Foundation
import SQLiteProvider

/// The storage side of feed tags, query feeds and filters: the SQL an expression becomes, the
/// marks filters put on items, and their part of the one history (undo puts back a feed's
/// tags, and a query feed or filter added or removed).
enum FeedRules {
    /// The SQL condition that holds for the items of `expression`, over the item table named
    /// `item`, with its values in order (each `?` in turn).
    static func condition(
        _ expression: FeedItemExpression, item: String
    ) -> (sql: String, arguments: [SQLValue]) {
        var clauses: [String] = []
        var arguments: [SQLValue] = []
        for condition in expression.conditions {
            let clause: String
            switch condition.term {
            case .isUnread(let unread):
                clause = "\(item).is_read = \(unread ? 0 : 1)"
            case .titleContains(let word):
                clause = "contains_ignoring_case(\(item).title, ?)"
                arguments.append(.text(word))
            case .textContains(let word):
                clause = ["title", "summary", "search_text"].map { "contains_ignoring_case(\(item).\($0), ?)" }
                    .joined(separator: " OR ")
                arguments += Array(repeating: .text(word), count: 3)
            case .feed(let id):
                clause = "\(item).feed_id = ?"
                arguments.append(.integer(id))
            case .tag(let name):
                // The tag or a folder inside it (`Tech/Rust` within `Tech`), as FeedTag.tag(_:isWithin:).
                clause =
                    "EXISTS (SELECT 1 FROM feeds t, json_each(t.tags) AS tag WHERE t.id = \(item).feed_id "
                    + "AND (tag.value = ? OR substr(tag.value, 1, length(?) + 1) = ? || '/'))"
                arguments += [.text(name), .text(name), .text(name)]
            }
            clauses.append(condition.isNegated ? "NOT (\(clause))" : "(\(clause))")
        }
        return (clauses.joined(separator: " AND "), arguments)
    }

    /// Marks the items of the feed `feedID` (of every feed when `nil`) that a filter hides, and
    /// clears the mark of the others.
    static func applyFilters(toFeed feedID: Int64?, in db: Connection) throws(DatabaseError) {
        let filters = try db.fetchAll("SELECT expression FROM feed_rules WHERE kind = 'filter' ORDER BY id", []) {
            $0.string(at: 0)
        }
        var hidden: [String] = []
        var arguments: [SQLValue] = []
        for text in filters {
            // A stored filter was read when it was added; one that no longer reads hides nothing.
            guard let expression = try? FeedItemExpression.parse(text) else { continue }
            let (sql, values) = condition(expression, item: "feed_items")
            hidden.append("(\(sql))")
            arguments += values
        }
        let mark = hidden.isEmpty ? "0" : "(\(hidden.joined(separator: " OR ")))"
        var scope = ""
        if let feedID {
            scope = " AND feed_id = ?"
            arguments.append(.integer(feedID))
        }
        // Only rows whose mark changes are written.
        try db.execute(
            "UPDATE feed_items SET is_hidden = NOT is_hidden WHERE is_hidden != \(mark)\(scope)", arguments)
    }

    // MARK: Tags

    /// Tags as stored: a JSON array, or NULL for none.
    static func storedTags(_ tags: [String]) -> String? {
        guard !tags.isEmpty,
            let data = try? JSONSerialization.data(withJSONObject: tags, options: [.withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Tags as ``storedTags(_:)`` stores them; anything else is no tags.
    static func decodedTags(_ stored: String?) -> [String] {
        guard let stored, let array = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [Any] else {
            return []
        }
        return array.compactMap { $0 as? String }
    }

    /// "tag feed "Title"".
    static func tagLabel(_ title: String) -> String {
        "tag feed \(History.quoted(title))"
    }

    /// Records in `change` the tags the feed `id` has now (call it before changing them).
    static func recordTags(ofFeed id: Int64, change: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            "INSERT OR IGNORE INTO feed_tag_change_rows(change_id, feed_id, tags) SELECT ?, id, tags FROM feeds WHERE id = ?",
            [.integer(change), .integer(id)])
    }

    // MARK: Query feeds and filters

    /// The rules' images in the history.
    static let images = RowImages(
        table: "feed_rules", images: "feed_rule_change_rows", key: "rule_id",
        columns: ["kind", "name", "expression", "created_at"])

    /// The tags' and the rules' half of a step through the history: records in `counterpart`
    /// how `change`'s feeds' tags and rules look now, then puts `change`'s back; a feed gone
    /// since keeps nothing. The filters' marks are made again, since a rule or an item may have
    /// come back.
    static func step(_ change: Int64, counterpart: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            """
            INSERT INTO feed_tag_change_rows(change_id, feed_id, tags)
            SELECT ?, f.id, f.tags FROM feed_tag_change_rows r JOIN feeds f ON f.id = r.feed_id WHERE r.change_id = ?
            """,
            [.integer(counterpart), .integer(change)])
        try db.execute(
            """
            UPDATE feeds SET tags = (SELECT r.tags FROM feed_tag_change_rows r WHERE r.change_id = ? AND r.feed_id = feeds.id)
            WHERE id IN (SELECT feed_id FROM feed_tag_change_rows WHERE change_id = ?)
            """,
            [.integer(change), .integer(change)])
        try images.recordCurrent(of: change, into: counterpart, in: db)
        try images.removeAbsent(of: change, in: db)
        try images.writePresent(of: change, in: db)
        try applyFilters(toFeed: nil, in: db)
    }

    /// "add filter "EXPR"", "remove query feed "NAME"".
    static func ruleLabel(adding: Bool, kind: FeedRuleObject.Kind, subject: String) -> String {
        "\(adding ? "add" : "remove") \(kind == .query ? "query feed" : "filter") \(History.quoted(subject))"
    }
}
