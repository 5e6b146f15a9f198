public import Domain
public import SQLiteProvider
public import Streams

/// Changing many todos at once, limited to what a list shows: the same filter and search the
/// window query reads, so a bulk action never reaches a todo the list hides.
extension TodosBaseService {
    /// Like ``toggleAll()``, for only the todos a list of `query` shows: marks those not done
    /// done, or, when all of them already are, marks them not done. One transaction; no other
    /// todo changes. Sends how many changed.
    public func toggleAll(matching query: TodoQuery) -> Observable<Result<Int, DatabaseError>> {
        let shown = Self.shownCondition(query, searchIndex: context.searchIndex)
        return database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let now = nowMilliseconds
            let active = try db.fetchInt("SELECT count(*) FROM todos WHERE completed = 0\(shown.sql)", shown.arguments)
            let affected =
                active > 0
                ? active
                : try db.fetchInt("SELECT count(*) FROM todos WHERE completed = 1\(shown.sql)", shown.arguments)
            guard affected > 0 else { return 0 }
            let change = try record(
                "\(active > 0 ? "complete" : "reopen") \(History.todos(Int(affected)))",
                rowsWhere: "completed = \(active > 0 ? 0 : 1)\(shown.sql)", shown.arguments, in: db)
            if active > 0 {
                // The recurring todos among them, as they were, make their next occurrences.
                let recurring = try db.fetchAll(
                    "SELECT \(Self.columns) FROM todos WHERE completed = 0 AND recurrence IS NOT NULL\(shown.sql)",
                    shown.arguments, decode: Self.decode)
                try db.execute(
                    "UPDATE todos SET completed = 1, completed_at = ?, updated_at = ? WHERE completed = 0\(shown.sql)",
                    [.integer(now), .integer(now)] + shown.arguments)
                let changed = db.changedRowCount
                for todo in recurring { try insertNextOccurrence(of: todo, change: change, in: db) }
                return changed
            } else {
                try db.execute(
                    "UPDATE todos SET completed = 0, completed_at = NULL, updated_at = ? WHERE completed = 1\(shown.sql)",
                    [.integer(now)] + shown.arguments)
            }
            return db.changedRowCount
        }
    }

    /// Deletes the done todos a list of `query` shows, in one transaction, and sends how many
    /// there were; no other todo is touched.
    public func clearCompleted(matching query: TodoQuery) -> Observable<Result<Int, DatabaseError>> {
        let shown = Self.shownCondition(query, searchIndex: context.searchIndex)
        return database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let completed = try db.fetchInt(
                "SELECT count(*) FROM todos WHERE completed = 1\(shown.sql)", shown.arguments)
            guard completed > 0 else { return 0 }
            try record(
                "clear \(History.todos(Int(completed))) done", rowsWhere: "completed = 1\(shown.sql)",
                shown.arguments, in: db)
            try db.execute("DELETE FROM todos WHERE completed = 1\(shown.sql)", shown.arguments)
            return db.changedRowCount
        }
    }

    /// Counts, once, the todos a list of `query` shows, in all and by state.
    public func fetchCounts(matching query: TodoQuery) -> Observable<Result<TodoTally, DatabaseError>> {
        let shown = Self.shownCondition(query, searchIndex: context.searchIndex)
        return database.readOnSubscribe { (db) throws(DatabaseError) in
            let counts = try db.fetchOne(
                "SELECT count(*), coalesce(sum(completed), 0) FROM todos WHERE 1\(shown.sql)", shown.arguments
            ) { TodoTally(active: $0.int(at: 0) - $0.int(at: 1), completed: $0.int(at: 1)) }
            return counts ?? TodoTally(active: 0, completed: 0)
        }
    }

    /// The todos a list of `query` shows as more conditions on `todos` (each starting with
    /// ` AND `) and their bound values: its filter, the attributes its search asks for
    /// (``TodoMatch``), and its words as the search index answers them, exactly as the window
    /// reads them.
    static func shownCondition(
        _ query: TodoQuery, searchIndex: SearchIndex
    ) -> (sql: String, arguments: [SQLValue]) {
        var sql = ""
        switch query.filter {
        case .all: break
        case .active: sql += " AND completed = 0"
        case .completed: sql += " AND completed = 1"
        }
        let match = TodoMatch(search: query.search)
        let attributes = StoredAttributes.conditions(match)
        sql += attributes.sql
        guard !SearchTerms.of(match.text).isEmpty else { return (sql, attributes.arguments) }
        let matches = SearchMatches(TodoQuery(search: match.text), searchIndex: searchIndex)
        sql += " AND id IN (SELECT todos.id FROM \(matches.source)\(matches.whereClause))"
        return (sql, attributes.arguments + matches.arguments)
    }
}
