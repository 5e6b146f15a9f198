/// Reading one window of todos: a filter, a sort, a search, and a slice of the result, fast at
/// any offset of a million todos.
///
/// - Without a search, the filter's count comes from the `todo_counts` row and the window from
///   the index of its sort (within its state, for a filter): `OFFSET` then skips index entries
///   without visiting the table. A window in the second half of the list is read from the end,
///   backwards, so no window skips more than half the todos.
/// - A search that most todos match is answered by walking the todos in the window's order and
///   testing each with a ``SearchMatcher`` until the window is full, then counting on only a
///   little way; its count is then a lower bound (``TodoWindow/isCountExact`` is `false`). A
///   search that few todos match is answered by the search index, exactly. Which one runs is
///   decided while walking: once the matches seen so far say the walk would cost more than the
///   index, the walk stops and the index answers.
///
/// SQL text is chosen among fixed fragments; every value is bound.
extension TodosBaseService {
    /// Past the window, a walk goes on counting matches until it has this many more...
    static let lookaheadMatches = 1000
    /// ...or has walked this many more rows.
    static let lookaheadRows = 4000
    /// How often, in rows walked, the walk checks whether the index would be cheaper.
    static let walkCheckInterval = 1024
    /// Walking one todo (reading its row, tokenizing its text) costs about this many times as
    /// much as the index path spends per matching todo (merging, sorting, reading it).
    static let walkCostPerRow = 2.0
    /// The index path's fixed cost, in matching todos.
    static let indexFixedCost = 4096.0

    /// How a search window is found; tests force one or the other to compare them.
    enum SearchStrategy: Sendable, CaseIterable {
        /// Walk while it looks cheaper, else the search index.
        case automatic
        /// Walk to the end of the window whatever it costs (FTS5 only).
        case walk
        /// The search index.
        case index
    }

    /// The window `query` asks for.
    static func window(
        _ query: TodoQuery, searchIndex: SearchIndex, strategy: SearchStrategy = .automatic, in db: Connection
    ) throws(DatabaseError) -> TodoWindow {
        let offset = max(0, query.offset)
        let limit = max(0, query.limit)
        guard !SearchText.terms(query.search).isEmpty else {
            return try plainWindow(filter: query.filter, sort: query.sort, offset: offset, limit: limit, in: db)
        }
        if searchIndex == .fts5, strategy != .index,
            let matcher = SearchMatcher(search: query.search, connection: db),
            let window = try walkedWindow(
                query, offset: offset, limit: limit, matcher: matcher, mayGiveUp: strategy == .automatic, in: db)
        {
            return window
        }
        return try indexedWindow(query, offset: offset, limit: limit, searchIndex: searchIndex, in: db)
    }

    // MARK: Without a search

    /// How many todos there are in all and how many are done, as the triggers keep them.
    static func counts(in db: Connection) throws(DatabaseError) -> (total: Int, completed: Int) {
        try db.fetchOne("SELECT total, completed FROM todo_counts WHERE id = 1") { ($0.int(at: 0), $0.int(at: 1)) }
            ?? (0, 0)
    }

    /// How many todos `filter` lets through.
    static func count(_ filter: TodoFilter, in db: Connection) throws(DatabaseError) -> Int {
        let (total, completed) = try counts(in: db)
        switch filter {
        case .all: return total
        case .active: return total - completed
        case .completed: return completed
        }
    }

    static func whereClause(_ filter: TodoFilter) -> String {
        switch filter {
        case .all: ""
        case .active: " WHERE completed = 0"
        case .completed: " WHERE completed = 1"
        }
    }

    static func orderClause(_ sort: TodoSort, descending: Bool = false) -> String {
        switch (sort, descending) {
        case (.created, false): "created_at, id"
        case (.created, true): "created_at DESC, id DESC"
        case (.dueDate, false): "due_at IS NULL, due_at, id"
        case (.dueDate, true): "due_at IS NULL DESC, due_at DESC, id DESC"
        case (.title, false): "title COLLATE NOCASE, id"
        case (.title, true): "title COLLATE NOCASE DESC, id DESC"
        case (.manual, false): "position, id"
        case (.manual, true): "position DESC, id DESC"
        }
    }

    private static func plainWindow(
        filter: TodoFilter, sort: TodoSort, offset: Int, limit: Int, in db: Connection
    ) throws(DatabaseError) -> TodoWindow {
        let count = try count(filter, in: db)
        let end = min(count, offset + limit)
        guard offset < end else { return TodoWindow(todos: [], matchingCount: count, offset: offset) }
        let afterWindow = count - end
        let fromEnd = afterWindow < offset
        let sql =
            "SELECT \(columns) FROM todos\(whereClause(filter)) ORDER BY \(orderClause(sort, descending: fromEnd)) "
            + "LIMIT ? OFFSET ?"
        let todos = try db.fetchAll(
            sql, [.integer(Int64(end - offset)), .integer(Int64(fromEnd ? afterWindow : offset))],
            capacity: end - offset, decode: decode)
        return TodoWindow(todos: fromEnd ? todos.reversed() : todos, matchingCount: count, offset: offset)
    }

    /// Up to `limit` todos of `filter` in manual order after `after`'s place in it: a range
    /// of the (state, position) index, so no row before the page is visited.
    static func page(
        filter: TodoFilter, after: TodoObject?, limit: Int, in db: Connection
    ) throws(DatabaseError) -> [TodoObject] {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        switch filter {
        case .all: break
        case .active: conditions.append("completed = 0")
        case .completed: conditions.append("completed = 1")
        }
        if let after {
            conditions.append("(position, id) > (?, ?)")
            arguments += [.integer(after.position), .integer(after.id)]
        }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let count = max(0, limit)
        return try db.fetchAll(
            "SELECT \(columns) FROM todos\(whereClause) ORDER BY \(orderClause(.manual)) LIMIT ?",
            arguments + [.integer(Int64(count))], capacity: count, decode: decode)
    }

    // MARK: With a search

    /// The window found by walking the todos in order and testing each with `matcher`, or `nil`
    /// when the matches seen say the search index would be cheaper.
    private static func walkedWindow(
        _ query: TodoQuery, offset: Int, limit: Int, matcher: SearchMatcher, mayGiveUp: Bool, in db: Connection
    ) throws(DatabaseError) -> TodoWindow? {
        let total = try count(.all, in: db)
        let target = offset + limit
        let statement = try db.cachedStatement(
            "SELECT \(columns) FROM todos\(whereClause(query.filter)) ORDER BY \(orderClause(query.sort))")
        statement.reset()
        defer { statement.reset() }
        db.willRun(statement)
        defer { db.didRun(statement) }
        var todos: [TodoObject] = []
        todos.reserveCapacity(limit)
        var walked = 0
        var matched = 0
        var walkedAtTarget: Int? = target == 0 ? 0 : nil
        var reachedEnd = false
        while true {
            guard try statement.step() else {
                reachedEnd = true
                break
            }
            walked += 1
            if matcher.matches(statement, titleColumn: 1, notesColumn: 2) {
                if matched >= offset && matched < target { todos.append(decode(statement)) }
                matched += 1
                if matched == target { walkedAtTarget = walked }
                if matched >= target + lookaheadMatches { break }
            }
            if let walkedAtTarget {
                if walked - walkedAtTarget >= lookaheadRows { break }
            } else if mayGiveUp, walked % walkCheckInterval == 0, walkCostsMore(walked, matched, target, total) {
                return nil
            }
        }
        return TodoWindow(todos: todos, matchingCount: matched, offset: offset, isCountExact: reachedEnd)
    }

    /// Whether walking on until `target` matches would cost more than the search index, judged
    /// from `matched` matches in the first `walked` todos of `total`.
    static func walkCostsMore(_ walked: Int, _ matched: Int, _ target: Int, _ total: Int) -> Bool {
        guard matched > 0 else { return true }
        let density = Double(matched) / Double(walked)
        let walkCost = Double(target) / density * walkCostPerRow
        let indexCost = density * Double(total) + indexFixedCost
        return walkCost > indexCost
    }

    /// The window as the search index finds it: every match, filtered, sorted, sliced, and
    /// counted exactly. The matches drive the query (`CROSS JOIN` keeps them the outer loop,
    /// and `+completed` keeps the filter off the per-state indexes); otherwise SQLite may walk a
    /// whole sort index testing every todo against the list of matches.
    private static func indexedWindow(
        _ query: TodoQuery, offset: Int, limit: Int, searchIndex: SearchIndex, in db: Connection
    ) throws(DatabaseError) -> TodoWindow {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        switch query.filter {
        case .all: break
        case .active: conditions.append("+completed = 0")
        case .completed: conditions.append("+completed = 1")
        }
        let matches: String
        switch searchIndex {
        case .fts5:
            matches = "SELECT rowid AS match_id FROM todos_fts WHERE todos_fts MATCH ?"
            arguments.append(.text(SearchText.ftsQuery(query.search) ?? ""))
        case .words:
            let terms = SearchText.terms(query.search).prefix(SearchText.maximumTerms)
            matches = "SELECT DISTINCT todo_id AS match_id FROM todo_words WHERE word >= ? AND word < ?"
            for term in terms {
                if !arguments.isEmpty {
                    conditions.append("id IN (SELECT todo_id FROM todo_words WHERE word >= ? AND word < ?)")
                }
                arguments.append(.text(term))
                arguments.append(.text(term + "\u{10FFFF}"))
            }
        }
        let source = "(\(matches)) AS matches CROSS JOIN todos ON todos.id = matches.match_id"
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let matching: Int64
        if searchIndex == .fts5, query.filter == .all, let match = arguments.first {
            // Counting in the index alone avoids reading the todos.
            matching = try db.fetchInt("SELECT count(*) FROM todos_fts WHERE todos_fts MATCH ?", [match])
        } else {
            matching = try db.fetchInt("SELECT count(*) FROM \(source)\(whereClause)", arguments)
        }
        let todos = try db.fetchAll(
            "SELECT \(columns) FROM \(source)\(whereClause) ORDER BY \(orderClause(query.sort)) LIMIT ? OFFSET ?",
            arguments + [.integer(Int64(limit)), .integer(Int64(offset))],
            capacity: max(0, min(limit, Int(matching) - offset)), decode: decode)
        return TodoWindow(todos: todos, matchingCount: Int(matching), offset: offset)
    }
}
