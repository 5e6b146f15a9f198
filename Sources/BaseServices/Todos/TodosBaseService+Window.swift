import Domain
import SQLiteProvider

/// Reading one window of todos: a filter, a sort, a search, and a slice of the result, fast at
/// any offset of a million todos.
///
/// - Without a search, the filter's count comes from the `todo_counts` row and the window from
///   the index of its sort (within its state, for a filter): `OFFSET` then skips index entries
///   without visiting the table. A window in the second half of the list is read from the end,
///   backwards, so no window skips more than half the todos.
/// - A search that most todos match is answered by walking the todos in the window's order and
///   testing each with a ``FTS5PhraseMatcher`` until the window is full, then counting on only a
///   little way; its count is then a lower bound (``TodoPageObject/isCountExact`` is `false`). A
///   search that few todos match is answered by the search index, exactly. Which one runs is
///   decided while walking: once the matches seen so far say the walk would cost more than the
///   index, the walk stops and the index answers. A window near the start of the matches
///   (within ``firstMatchesLimit``) is then read by one pass over them that keeps only the
///   best sort keys and counts them on the way (see `firstWindow`), so matches far from the
///   start of the order cost no sort. Further in, the index counts the matches first; a
///   window in the second half of them is then read from the end backwards, by a walk in
///   reverse order while that looks cheaper, so the windows near the end cost about what those
///   near the start do.
/// - In the urgency order, which no index holds, the first windows of a search by words are
///   found by walking the todos without a due date, priority, tag or project in creation order
///   (their score is their age) beside those with one, read through their indexes (see
///   `urgencyWalk`); when that looks dearer, by that same pass over the matches, each scored on
///   the way. Other urgency windows sort every todo shown.
/// - A window whose offset counts from the end (``TodoQuery/fromEnd``) is counted exactly
///   (by the `todo_counts` row, or the search index for a search), then read as above: the
///   last page of a search most todos match costs one count in the index and a short walk.
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
    /// A walk towards a window further than this share into the matches (as the walk so far
    /// estimates them) stops, so that the index counts them and the window is read from the
    /// end backwards; a margin past the middle, so that a wrong estimate rarely lands in the
    /// first half, which the index would have to sort whole.
    static let backwardsShare = 0.6

    /// How a search window is found; tests force one or the other to compare them.
    enum SearchStrategy: Sendable, CaseIterable {
        /// Walk while it looks cheaper, else the search index.
        case automatic
        /// Walk to the end of the window whatever it costs (FTS5 only).
        case walk
        /// The search index.
        case index
    }

    /// The window `query` asks for; `now` (milliseconds since 1970) places todos in the urgency
    /// order.
    static func window(
        _ query: TodoQuery, searchIndex: SearchIndex, strategy: SearchStrategy = .automatic, now: Int64 = 0,
        in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        let offset = max(0, query.offset)
        let limit = max(0, query.limit)
        let hasAttributes = TodoMatch(search: query.search).hasAttributes
        let hasTerms = !SearchTerms.of(query.search).isEmpty
        let isFirstWindow = !query.fromEnd && limit <= firstMatchesLimit && offset <= firstMatchesLimit - limit
        if query.sort == .urgency, hasTerms, isFirstWindow, !hasAttributes {
            var attributed: AttributedTodos?
            if searchIndex == .fts5, strategy != .index,
                let matcher = FTS5PhraseMatcher(search: query.search, connection: db)
            {
                switch try urgencyWalk(
                    query, offset: offset, limit: limit, matcher: matcher, mayGiveUp: strategy == .automatic, now: now,
                    in: db)
                {
                case .window(let window): return window
                case .gaveUp(let read): attributed = read
                }
            }
            // No index holds the urgency order: one pass over the matches scores them.
            return try SearchMatches(query, searchIndex: searchIndex, reading: db).firstWindow(
                sort: .urgency, offset: offset, limit: limit, now: now, beside: attributed, in: db)
        }
        if query.sort == .urgency || hasAttributes {
            return try scannedWindow(query, offset: offset, limit: limit, searchIndex: searchIndex, now: now, in: db)
        }
        if query.fromEnd {
            return try windowFromEnd(
                query, skippingLast: offset, limit: limit, searchIndex: searchIndex, strategy: strategy, in: db)
        }
        guard hasTerms else {
            return try plainWindow(filter: query.filter, sort: query.sort, offset: offset, limit: limit, in: db)
        }
        let matcher =
            searchIndex == .fts5 && strategy != .index ? FTS5PhraseMatcher(search: query.search, connection: db) : nil
        if let matcher,
            let walk = try walk(
                query, descending: false, offset: offset, limit: limit, countsOn: true, matcher: matcher,
                mayGiveUp: strategy == .automatic, in: db)
        {
            return TodoPageObject(
                todos: walk.todos, totalCount: walk.matched, offset: offset, isCountExact: walk.reachedEnd)
        }
        let matches = SearchMatches(query, searchIndex: searchIndex, reading: db)
        if isFirstWindow {
            return try matches.firstWindow(sort: query.sort, offset: offset, limit: limit, in: db)
        }
        let count = try matches.count(in: db)
        return try countedWindow(
            query, from: offset, to: min(count, offset + limit), of: count, matches: matches, matcher: matcher,
            mayGiveUp: strategy == .automatic, in: db)
    }

    /// The `limit` todos before the last `skipped` of those `query` matches, with their exact count.
    private static func windowFromEnd(
        _ query: TodoQuery, skippingLast skipped: Int, limit: Int, searchIndex: SearchIndex,
        strategy: SearchStrategy, in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        guard !SearchTerms.of(query.search).isEmpty else {
            let count = try count(query.filter, in: db)
            let end = max(0, count - skipped)
            let start = max(0, end - limit)
            return try plainWindow(filter: query.filter, sort: query.sort, offset: start, limit: end - start, in: db)
        }
        let matcher =
            searchIndex == .fts5 && strategy != .index ? FTS5PhraseMatcher(search: query.search, connection: db) : nil
        let matches = SearchMatches(query, searchIndex: searchIndex, reading: db)
        let count = try matches.count(in: db)
        let end = max(0, count - skipped)
        return try countedWindow(
            query, from: max(0, end - limit), to: end, of: count, matches: matches, matcher: matcher,
            mayGiveUp: strategy == .automatic, in: db)
    }

    /// The matches from `start` up to `end` of a search `count` todos match. A slice in the
    /// second half is read from the end backwards: walking in reverse order while that looks
    /// cheaper, else from the search index in reverse order, which keeps only the slice and
    /// what follows it while sorting.
    private static func countedWindow(
        _ query: TodoQuery, from start: Int, to end: Int, of count: Int, matches: SearchMatches,
        matcher: FTS5PhraseMatcher?, mayGiveUp: Bool, in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        guard start < end else { return TodoPageObject(todos: [], totalCount: count, offset: start) }
        let afterSlice = count - end
        guard afterSlice < start else {
            let todos = try matches.todos(
                sort: query.sort, descending: false, offset: start, limit: end - start, expecting: end - start, in: db)
            return TodoPageObject(todos: todos, totalCount: count, offset: start)
        }
        if let matcher,
            let walk = try walk(
                query, descending: true, offset: afterSlice, limit: end - start, countsOn: false, matcher: matcher,
                mayGiveUp: mayGiveUp, in: db)
        {
            return TodoPageObject(todos: walk.todos.reversed(), totalCount: count, offset: start)
        }
        let todos = try matches.todos(
            sort: query.sort, descending: true, offset: afterSlice, limit: end - start, expecting: end - start, in: db)
        return TodoPageObject(todos: todos.reversed(), totalCount: count, offset: start)
    }

    /// The window of a list narrowed by tags, a project or a priority (and maybe words), or
    /// in urgency order: the todos shown, counted, and sorted by SQLite keeping only the window.
    /// A tag or a project keeps few todos of a large list, so such a window costs what they
    /// keep; the urgency order, which changes with the time of day, reads every todo shown
    /// (at a million todos, a few hundred milliseconds), but for the first windows of a search
    /// by words alone, which one pass over its matches reads (see `firstWindow`).
    private static func scannedWindow(
        _ query: TodoQuery, offset: Int, limit: Int, searchIndex: SearchIndex, now: Int64, in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        let shown = shownCondition(query, searchIndex: searchIndex)
        let count = Int(try db.fetchInt("SELECT count(*) FROM todos WHERE 1\(shown.sql)", shown.arguments))
        let end = query.fromEnd ? max(0, count - offset) : min(count, offset + limit)
        let start = query.fromEnd ? max(0, end - limit) : offset
        guard start < end else { return TodoPageObject(todos: [], totalCount: count, offset: start) }
        let order = sortedBy(query.sort, now: now)
        let todos = try db.fetchAll(
            "SELECT \(columns) FROM todos WHERE 1\(shown.sql) ORDER BY \(order.sql) LIMIT ? OFFSET ?",
            shown.arguments + order.arguments + [.integer(Int64(end - start)), .integer(Int64(start))],
            capacity: end - start, decode: decode)
        return TodoPageObject(todos: todos, totalCount: count, offset: start)
    }

    /// The `ORDER BY` terms of `sort` and their bound values: the urgency order needs the time.
    static func sortedBy(_ sort: TodoSort, now: Int64) -> (sql: String, arguments: [SQLValue]) {
        guard sort == .urgency else { return (orderClause(sort), []) }
        let urgency = urgencySQL(now: now)
        return ("completed, \(urgency.sql) DESC, id", urgency.arguments)
    }

    /// A todo's ``Urgency`` at `now` as an SQL expression over its columns, and its bound values:
    /// the same coefficients and shares as ``Urgency/score(due:priority:createdAt:tagCount:hasProject:now:)``.
    static func urgencySQL(now: Int64) -> (sql: String, arguments: [SQLValue]) {
        let day = "86400000.0"
        let sql = """
            (\(Urgency.dueCoefficient) * (CASE WHEN due_at IS NULL THEN 0.0
                WHEN (? - due_at) / \(day) >= 7 THEN 1.0
                WHEN (? - due_at) / \(day) >= -14 THEN ((? - due_at) / \(day) + 14) * 0.8 / 21 + 0.2
                ELSE 0.2 END)
            + (CASE priority WHEN 'H' THEN \(Urgency.highPriority) WHEN 'M' THEN \(Urgency.mediumPriority)
                WHEN 'L' THEN \(Urgency.lowPriority) ELSE 0.0 END)
            + \(Urgency.ageCoefficient) * min(1.0, max(0.0, (? - created_at) / \(day) / \(Urgency.maximumAgeDays)))
            + \(Urgency.tagsCoefficient) * (CASE coalesce(json_array_length(tags), 0) WHEN 0 THEN 0.0
                WHEN 1 THEN \(Urgency.tagsFactor(count: 1)) WHEN 2 THEN \(Urgency.tagsFactor(count: 2)) ELSE 1.0 END)
            + (CASE WHEN project IS NULL THEN 0.0 ELSE \(Urgency.projectCoefficient) END))
            """
        return (sql, Array(repeating: .integer(now), count: 4))
    }

    /// ``urgencySQL(now:)`` of the row `row` holds, selected as ``SortKey/columns(_:)`` selects
    /// the urgency order's key (creation time at 1, due date, priority, tag count and project
    /// from 3): the same operations on the same numbers in the same order as SQLite's, so that
    /// the score is exactly the one the SQL gives and both place ties alike.
    static func urgency(of row: Statement, now: Int64) -> Double {
        urgency(
            created: row.int64(at: 1), due: row.isNull(at: 3) ? nil : row.int64(at: 3),
            priority: row.optionalString(at: 4), tagCount: row.int64(at: 5), hasProject: !row.isNull(at: 6), now: now)
    }

    /// The score of a todo created at `created`, due at `due`, and with `priority`, `tagCount`
    /// tags and a project or not, as ``urgency(of:now:)`` computes it.
    static func urgency(
        created: Int64, due: Int64?, priority: String?, tagCount: Int64, hasProject: Bool, now: Int64
    ) -> Double {
        let day = 86_400_000.0
        /// `now - stored` as SQLite subtracts: as integers, or as reals if that overflows.
        func days(since stored: Int64) -> Double {
            let (difference, overflow) = now.subtractingReportingOverflow(stored)
            return (overflow ? Double(now) - Double(stored) : Double(difference)) / day
        }
        var dueShare = 0.0
        if let due {
            let overdue = days(since: due)
            dueShare = overdue >= 7 ? 1.0 : overdue >= -14 ? (overdue + 14) * 0.8 / 21 + 0.2 : 0.2
        }
        let priorityShare: Double =
            switch priority {
            case "H": Urgency.highPriority
            case "M": Urgency.mediumPriority
            case "L": Urgency.lowPriority
            default: 0.0
            }
        let age = min(1.0, max(0.0, days(since: created) / Urgency.maximumAgeDays))
        let tags: Double =
            switch tagCount {
            case 0: 0.0
            case 1: Urgency.tagsFactor(count: 1)
            case 2: Urgency.tagsFactor(count: 2)
            default: 1.0
            }
        let project = hasProject ? Urgency.projectCoefficient : 0.0
        return Urgency.dueCoefficient * dueShare + priorityShare + Urgency.ageCoefficient * age
            + Urgency.tagsCoefficient * tags + project
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

    /// The `ORDER BY` terms of `sort` (or its reverse): in every order but the manual one, the
    /// todos not done first. The manual order is the one the person arranged, done todos where
    /// they put them (moving a todo there must move it past the row it appears to pass). The urgency
    /// order, which needs the time, is ``sortedBy(_:now:)``'s; here it falls back to the
    /// creation order, which only a window that never reaches SQL asks for.
    static func orderClause(_ sort: TodoSort, descending: Bool = false) -> String {
        switch (sort, descending) {
        case (.created, false), (.urgency, false): "completed, created_at, id"
        case (.created, true), (.urgency, true): "completed DESC, created_at DESC, id DESC"
        case (.dueDate, false): "completed, due_at IS NULL, due_at, id"
        case (.dueDate, true): "completed DESC, due_at IS NULL DESC, due_at DESC, id DESC"
        case (.title, false): "completed, title COLLATE NOCASE, id"
        case (.title, true): "completed DESC, title COLLATE NOCASE DESC, id DESC"
        case (.manual, false): "position, id"
        case (.manual, true): "position DESC, id DESC"
        }
    }

    private static func plainWindow(
        filter: TodoFilter, sort: TodoSort, offset: Int, limit: Int, in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        let count = try count(filter, in: db)
        let end = min(count, offset + limit)
        guard offset < end else { return TodoPageObject(todos: [], totalCount: count, offset: offset) }
        let afterWindow = count - end
        let fromEnd = afterWindow < offset
        let sql =
            "SELECT \(columns) FROM todos\(whereClause(filter)) ORDER BY \(orderClause(sort, descending: fromEnd)) "
            + "LIMIT ? OFFSET ?"
        let todos = try db.fetchAll(
            sql, [.integer(Int64(end - offset)), .integer(Int64(fromEnd ? afterWindow : offset))],
            capacity: end - offset, decode: decode)
        return TodoPageObject(todos: fromEnd ? todos.reversed() : todos, totalCount: count, offset: offset)
    }

    /// Up to `limit` todos of the list `query` describes (its filter, search and order; not its
    /// window), just after `after` in that order, or from the first: the key `after` has as
    /// stored bounds the read, so every batch costs about what the first does. `now` (milliseconds
    /// since 1970) places todos in the urgency order.
    static func page(
        _ query: TodoQuery, after: TodoObject?, limit: Int, searchIndex: SearchIndex = .words, now: Int64 = 0,
        in db: Connection
    ) throws(DatabaseError) -> [TodoObject] {
        var (conditions, arguments) = shownCondition(
            TodoQuery(filter: query.filter, search: query.search), searchIndex: searchIndex)
        if let after {
            let key = keyAfter(after, sort: query.sort, now: now)
            conditions += key.sql
            arguments += key.arguments
        }
        let order = sortedBy(query.sort, now: now)
        let count = max(0, limit)
        return try db.fetchAll(
            "SELECT \(columns) FROM todos WHERE 1\(conditions) ORDER BY \(order.sql) LIMIT ?",
            arguments + order.arguments + [.integer(Int64(count))], capacity: count, decode: decode)
    }

    /// The condition that keeps the todos after `todo` in `sort` order (as ``sortedBy(_:now:)``
    /// orders), and its bound values.
    private static func keyAfter(
        _ todo: TodoObject, sort: TodoSort, now: Int64
    ) -> (sql: String, arguments: [SQLValue]) {
        let state = SQLValue.integer(todo.isCompleted ? 1 : 0)
        let id = SQLValue.integer(todo.id)
        switch sort {
        case .manual:
            return (" AND (position, id) > (?, ?)", [.integer(todo.position), id])
        case .created:
            return (
                " AND (completed, created_at, id) > (?, ?, ?)",
                [state, .integer(todo.createdAt.storedMilliseconds), id]
            )
        case .title:
            return (" AND (completed, title COLLATE NOCASE, id) > (?, ?, ?)", [state, .text(todo.title), id])
        case .dueDate:
            guard let due = todo.dueAt else {
                // The undated come last in their state, by identifier.
                return (" AND (completed, due_at IS NULL, id) > (?, 1, ?)", [state, id])
            }
            return (
                " AND (completed, due_at IS NULL, due_at, id) > (?, 0, ?, ?)",
                [state, .integer(due.storedMilliseconds), id]
            )
        case .urgency:
            // The score of `todo` as stored, by the same expression at the same `now` (so it is
            // exactly its row's), even when the todo has changed or gone since.
            let urgency = urgencySQL(now: now)
            let stored = StoredAttributes(todo.attributes)
            let values: [SQLValue] = [
                todo.dueAt.map { .integer($0.storedMilliseconds) } ?? .null,
                stored.priority.map(SQLValue.text) ?? .null,
                .integer(todo.createdAt.storedMilliseconds), stored.tags.map(SQLValue.text) ?? .null,
                stored.project.map(SQLValue.text) ?? .null,
            ]
            let sql =
                " AND (completed, -\(urgency.sql), id) > (SELECT ?, -\(urgency.sql), ? FROM "
                + "(SELECT ? AS due_at, ? AS priority, ? AS created_at, ? AS tags, ? AS project))"
            return (sql, urgency.arguments + [state] + urgency.arguments + [id] + values)
        }
    }

    // MARK: With a search

    /// What a walk found: the window's todos, how many matches it saw, and whether it saw them all.
    private struct Walk {
        var todos: [TodoObject]
        var matched: Int
        var reachedEnd: Bool
    }

    /// The window found by walking the todos in order (or in reverse order, `descending`) and
    /// testing each with `matcher`, or `nil` when the matches seen say the search index would
    /// be cheaper. With `countsOn`, the walk goes on a little way past the window, counting.
    private static func walk(
        _ query: TodoQuery, descending: Bool, offset: Int, limit: Int, countsOn: Bool, matcher: FTS5PhraseMatcher,
        mayGiveUp: Bool, in db: Connection
    ) throws(DatabaseError) -> Walk? {
        let total = try count(.all, in: db)
        let filtered = countsOn ? try count(query.filter, in: db) : 0
        let target = offset + limit
        let sql =
            "SELECT \(columns) FROM todos\(whereClause(query.filter)) "
            + "ORDER BY \(orderClause(query.sort, descending: descending))"
        return try db.withStatement(sql, []) { (statement) throws(DatabaseError) -> Walk? in
            var todos: [TodoObject] = []
            todos.reserveCapacity(limit)
            var walked = 0
            var matched = 0
            var walkedAtTarget: Int? = target == 0 ? 0 : nil
            var reachedEnd = false
            while true {
                if !countsOn, walkedAtTarget != nil { break }
                guard try statement.step() else {
                    reachedEnd = true
                    break
                }
                walked += 1
                if matcher.matches(statement, columns: [1, 2]) {
                    if matched >= offset && matched < target { todos.append(decode(statement)) }
                    matched += 1
                    if matched == target { walkedAtTarget = walked }
                    if matched >= target + lookaheadMatches { break }
                }
                if let walkedAtTarget {
                    if walked - walkedAtTarget >= lookaheadRows { break }
                } else if mayGiveUp, walked % walkCheckInterval == 0,
                    walkCostsMore(walked, matched, target, total)
                        || (countsOn && windowIsNearerTheEnd(walked, matched, target, filtered))
                {
                    return nil
                }
            }
            return Walk(todos: todos, matched: matched, reachedEnd: reachedEnd)
        }
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

    /// Whether a window ending at the `target`th match lies further than ``backwardsShare``
    /// into the matches, estimated from `matched` matches in the first `walked` of `filtered`
    /// todos: reading it from the end backwards is then the shorter way.
    static func windowIsNearerTheEnd(_ walked: Int, _ matched: Int, _ target: Int, _ filtered: Int) -> Bool {
        guard matched > 0, walked > 0 else { return false }
        let estimatedMatches = Double(matched) / Double(walked) * Double(filtered)
        return Double(target) > estimatedMatches * backwardsShare
    }

    /// The todos a search matches as the search index finds them: every match, filtered,
    /// counted exactly, or sorted and sliced. The matches drive the query (`CROSS JOIN` keeps
    /// them the outer loop, and `+completed` keeps the filter off the per-state indexes);
    /// otherwise SQLite may walk a whole sort index testing every todo against the list of
    /// matches.
    struct SearchMatches {
        let source: String
        let whereClause: String
        let arguments: [SQLValue]
        /// The bound FTS5 query when every match counts (no filter): the index alone counts them.
        let wholeIndexMatch: SQLValue?

        /// With `db`, a word that only one term of the index starts with is matched as that term
        /// (``SearchText/ftsQuery(_:table:in:)``).
        init(_ query: TodoQuery, searchIndex: SearchIndex, reading db: Connection? = nil) {
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
                let ftsQuery =
                    if let db { SearchText.ftsQuery(query.search, table: "todos_fts", in: db) } else {
                        SearchText.ftsQuery(query.search)
                    }
                arguments.append(.text(ftsQuery ?? ""))
            case .words:
                let terms = SearchTerms.of(query.search).prefix(SearchText.maximumTerms)
                matches = "SELECT DISTINCT todo_id AS match_id FROM todo_words WHERE word >= ? AND word < ?"
                for term in terms {
                    if !arguments.isEmpty {
                        conditions.append("id IN (SELECT todo_id FROM todo_words WHERE word >= ? AND word < ?)")
                    }
                    arguments.append(.text(term))
                    arguments.append(.text(term + "\u{10FFFF}"))
                }
            }
            source = "(\(matches)) AS matches CROSS JOIN todos ON todos.id = matches.match_id"
            whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            self.arguments = arguments
            wholeIndexMatch = searchIndex == .fts5 && query.filter == .all ? arguments.first : nil
        }

        /// How many todos match.
        func count(in db: Connection) throws(DatabaseError) -> Int {
            if let match = wholeIndexMatch {
                // Counting in the index alone avoids reading the todos.
                return Int(try db.fetchInt("SELECT count(*) FROM todos_fts WHERE todos_fts MATCH ?", [match]))
            }
            return Int(try db.fetchInt("SELECT count(*) FROM \(source)\(whereClause)", arguments))
        }

        /// `limit` matching todos after the first `offset` in `sort` order (or its reverse);
        /// `expected` of them, as the count said.
        func todos(
            sort: TodoSort, descending: Bool, offset: Int, limit: Int, expecting expected: Int, in db: Connection
        ) throws(DatabaseError) -> [TodoObject] {
            try db.fetchAll(
                "SELECT \(columns) FROM \(source)\(whereClause) "
                    + "ORDER BY \(orderClause(sort, descending: descending)) LIMIT ? OFFSET ?",
                arguments + [.integer(Int64(limit)), .integer(Int64(offset))],
                capacity: expected, decode: decode)
        }
    }
}
