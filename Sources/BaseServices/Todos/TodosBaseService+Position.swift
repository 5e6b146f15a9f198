public import Domain
public import SQLiteProvider
public import Streams

/// Finding a todo's place in a list, so that a new order can keep it selected.
extension TodosBaseService {
    /// Fetches, once, where the todo `id` is in a list of `query` (its filter, search and
    /// order; not its window), counted from 0; `nil` when that list does not show it.
    public func fetchPosition(of id: Int64, matching query: TodoQuery) -> Observable<Result<Int?, DatabaseError>> {
        let shown = Self.shownCondition(query, searchIndex: context.searchIndex)
        let key = Self.sortKey(query.sort)
        let now = nowMilliseconds
        return database.readOnSubscribe { (db) throws(DatabaseError) in
            if query.sort == .urgency {
                return try Self.urgencyPosition(of: id, shown: shown, now: now, in: db)
            }
            let isShown = try db.fetchInt(
                "SELECT count(*) FROM todos WHERE id = ?\(shown.sql)", [.integer(id)] + shown.arguments)
            guard isShown > 0 else { return nil }
            // The todos before it in the order: the same keys as the window's ORDER BY, compared
            // as one row value.
            let before = try db.fetchInt(
                "SELECT count(*) FROM todos WHERE (\(key)) < (SELECT \(key) FROM todos WHERE id = ?)\(shown.sql)",
                [.integer(id)] + shown.arguments)
            return Int(before)
        }
    }

    /// The keys of `sort` as a row value that orders as ``orderClause(_:descending:)`` does
    /// (a missing due date as the flag that puts it last, then 0, so that the comparison never
    /// meets a NULL).
    static func sortKey(_ sort: TodoSort) -> String {
        switch sort {
        case .created, .urgency: "completed, created_at, id"
        case .dueDate: "completed, due_at IS NULL, coalesce(due_at, 0), id"
        case .title: "completed, title COLLATE NOCASE, id"
        case .manual: "position, id"
        }
    }

    /// Where the todo `id` is in the urgency order of the todos `shown` lets through, at `now`;
    /// `nil` when they do not include it.
    static func urgencyPosition(
        of id: Int64, shown: (sql: String, arguments: [SQLValue]), now: Int64, in db: Connection
    ) throws(DatabaseError) -> Int? {
        let urgency = urgencySQL(now: now)
        guard
            let (completed, score) = try db.fetchOne(
                "SELECT completed, \(urgency.sql) FROM todos WHERE id = ?\(shown.sql)",
                urgency.arguments + [.integer(id)] + shown.arguments, decode: { ($0.int64(at: 0), $0.double(at: 1)) })
        else { return nil }
        let before = try db.fetchInt(
            "SELECT count(*) FROM todos WHERE (completed, -\(urgency.sql), id) < (?, ?, ?)\(shown.sql)",
            urgency.arguments + [.integer(completed), .real(-score), .integer(id)] + shown.arguments)
        return Int(before)
    }
}
