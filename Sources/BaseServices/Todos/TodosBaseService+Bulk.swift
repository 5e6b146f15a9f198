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

    /// Marks the todos `ids` names done or not done as one change; see
    /// ``TodosBaseServiceType/setCompleted(ids:_:)``.
    public func setCompleted(ids: [Int64], _ isCompleted: Bool) -> Observable<Result<[TodoObject], DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let before = try Self.todos(ids: ids, in: db)
            let changing = before.filter { $0.isCompleted != isCompleted }
            guard !changing.isEmpty else { return before }
            let verb = isCompleted ? "complete" : "reopen"
            let label =
                changing.count == 1
                ? "\(verb) \(History.quoted(changing[0].title))" : "\(verb) \(History.todos(changing.count))"
            let chosen = Self.idCondition(changing.map(\.id))
            let change = try record(label, rowsWhere: chosen.sql, chosen.arguments, in: db)
            let now = nowMilliseconds
            let flag = SQLValue.integer(isCompleted ? 1 : 0)
            try db.execute(
                """
                UPDATE todos SET completed = ?, updated_at = ?,
                    completed_at = CASE WHEN ? THEN coalesce(completed_at, ?) ELSE NULL END
                WHERE \(chosen.sql)
                """,
                [flag, .integer(now), flag, .integer(now)] + chosen.arguments)
            // A recurring todo completed makes its next occurrence, in the same change.
            if isCompleted {
                for todo in changing { try insertNextOccurrence(of: todo, change: change, in: db) }
            }
            return try Self.todos(ids: ids, in: db)
        }
    }

    /// Deletes the todos `ids` names as one change; see ``TodosBaseServiceType/delete(ids:)``.
    public func delete(ids: [Int64]) -> Observable<Result<[TodoObject], DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let todos = try Self.todos(ids: ids, in: db)
            guard !todos.isEmpty else { return todos }
            let label =
                todos.count == 1 ? "delete \(History.quoted(todos[0].title))" : "delete \(History.todos(todos.count))"
            let chosen = Self.idCondition(ids)
            try record(label, rowsWhere: chosen.sql, chosen.arguments, in: db)
            try db.execute("DELETE FROM todos WHERE \(chosen.sql)", chosen.arguments)
            return todos
        }
    }

    /// The todos `ids` names, in that order; fails on the first ID that names none.
    private static func todos(ids: [Int64], in db: Connection) throws(DatabaseError) -> [TodoObject] {
        var todos: [TodoObject] = []
        for id in ids { todos.append(try todo(id: id, in: db)) }
        return todos
    }

    /// `id IN (?, …)` for `ids`, and their bound values.
    private static func idCondition(_ ids: [Int64]) -> (sql: String, arguments: [SQLValue]) {
        ("id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))", ids.map(SQLValue.integer))
    }

    /// Deletes the done todos a list of `query` shows, in one transaction, and sends how many
    /// there were; no other todo is touched.
    public func clearCompleted(matching query: TodoQuery) -> Observable<Result<Int, DatabaseError>> {
        let shown = Self.shownCondition(query, searchIndex: context.searchIndex)
        return database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let completed = try db.fetchInt(
                "SELECT count(*) FROM todos WHERE completed = 1\(shown.sql)", shown.arguments)
            guard completed > 0 else { return 0 }
            let count = Int(completed)
            try record(
                "clear \(CountText.counted(count, "done todo", "done todos"))", rowsWhere: "completed = 1\(shown.sql)",
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
