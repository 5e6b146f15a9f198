import Domain
import SQLiteProvider

/// The first windows of a search read from the search postings (schema step 21).
///
/// A todo's postings list the buckets of its words (their first few characters, as the FTS5
/// index folds them) with its sort keys, and an index per order gives a bucket's todos in that
/// order. A todo that matches a search has every word of it, so it lies in the bucket of each;
/// walking the smallest of those buckets in the window's order and testing each todo with the
/// ``FTS5PhraseMatcher`` finds the matches in order, and the window is full after about as many
/// todos as it shows when the bucket's todos mostly match. The walk gives up as the walk over
/// every todo does, when the matches it finds say the search index would be cheaper; its count
/// is then a lower bound unless it read the whole bucket.
///
/// The urgency order, which changes with the time, has no postings index; a search by a word
/// shorter than a bucket has no bucket to walk (a prefix of two letters spans many).
extension TodosBaseService {
    /// The rows of the todos in the bucket of `query`'s most selective word, in `query`'s order
    /// and filter, as the walk reads them; `nil` when no postings serve the query.
    static func postingsSource(
        _ query: TodoQuery, matcher: FTS5PhraseMatcher, in db: Connection
    ) throws(DatabaseError) -> (sql: String, arguments: [SQLValue])? {
        guard let order = postingsOrder(query.sort), let bucket = try smallestBucket(matcher, in: db) else {
            return nil
        }
        var arguments: [SQLValue] = [.text(bucket)]
        var state = ""
        if query.filter != .all {
            state = " AND p.completed = ?"
            arguments.append(.integer(query.filter == .completed ? 1 : 0))
        }
        let sql =
            "SELECT \(qualifiedColumns) FROM todo_postings AS p CROSS JOIN todos ON todos.id = p.todo_id "
            + "WHERE p.bucket = ?\(state) ORDER BY \(order)"
        return (sql, arguments)
    }

    /// ``columns``, each named with its table, since the postings repeat some of them.
    static let qualifiedColumns = columns.split(separator: ", ").map { "todos.\($0)" }.joined(separator: ", ")

    /// The postings' `ORDER BY` terms of `sort`, the same order as ``orderClause(_:descending:)``;
    /// `nil` for the urgency order.
    static func postingsOrder(_ sort: TodoSort) -> String? {
        switch sort {
        case .manual: "p.position, p.todo_id"
        case .created: "p.completed, p.created_at, p.todo_id"
        case .dueDate: "p.completed, p.due_at IS NULL, p.due_at, p.todo_id"
        case .title: "p.completed, p.title COLLATE NOCASE, p.todo_id"
        case .urgency: nil
        }
    }

    /// The buckets a todo matching `matcher`'s search must have: one for each whole token of a
    /// phrase, and for each last (prefix) token at least as long as a bucket.
    static func buckets(of matcher: FTS5PhraseMatcher) -> [String] {
        var buckets: [String] = []
        for phrase in matcher.phraseTokens {
            for (index, token) in phrase.enumerated() {
                let scalars = token.unicodeScalars
                if index == phrase.count - 1, scalars.count < Schema.searchBucketLength { continue }
                let bucket = String(String.UnicodeScalarView(scalars.prefix(Schema.searchBucketLength)))
                if !buckets.contains(bucket) { buckets.append(bucket) }
            }
        }
        return buckets
    }

    /// Counted up to this many postings, a bucket is as large as any.
    static let bucketCountLimit = 10_000

    /// The bucket of `matcher`'s search with the fewest todos, or `nil` when it has none.
    private static func smallestBucket(
        _ matcher: FTS5PhraseMatcher, in db: Connection
    ) throws(DatabaseError)
        -> String?
    {
        let buckets = buckets(of: matcher)
        guard buckets.count > 1 else { return buckets.first }
        var smallest: (bucket: String, count: Int64)?
        for bucket in buckets {
            let count = try db.fetchInt(
                "SELECT count(*) FROM (SELECT 1 FROM todo_postings WHERE bucket = ? LIMIT ?)",
                [.text(bucket), .integer(Int64(bucketCountLimit))])
            if smallest == nil || count < smallest?.count ?? 0 { smallest = (bucket, count) }
        }
        return smallest?.bucket
    }
}
