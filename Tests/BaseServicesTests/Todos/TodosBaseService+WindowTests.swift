import Domain
import Foundation
import StreamsTesting
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// Words with shared prefixes, case and accent variants, so sorts tie and searches overlap.
private let words = [
    "todo", "Todo", "TODO", "tödo", "todos", "milk", "mil", "Café", "cafe", "report", "rep", "plan", "planet",
    "x1", "über", "uber", "zebra",
]

/// A database of `count` todos with varied titles, notes, states, creation times, due dates
/// and manual positions, many of them tied.
private func makeVariedTodos(count: Int, searchIndex: SearchIndex, seed: UInt64) throws -> ServicesFixture {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    var generator = SeededGenerator(seed: seed)
    func word() -> String {
        // "zebra" is rare, the rest common.
        let pick = Int.random(in: 0..<(words.count * 20), using: &generator)
        return pick < (words.count - 1) * 20 ? words[pick % (words.count - 1)] : words[words.count - 1]
    }
    let titles = (0..<count).map { _ in (0..<Int.random(in: 1...3, using: &generator)).map { _ in word() } }
        .map { $0.joined(separator: " ") }
    _ = try value(fixture.todos.createMany(titles: titles))
    try fixture.database.write { (db) throws(DatabaseError) in
        for (index, title) in titles.enumerated() {
            let id = Int64(index + 1)
            let notes = Int.random(in: 0..<4, using: &generator) == 0 ? word() : ""
            let due: Int64? =
                Bool.random(using: &generator) ? nil : Int64.random(in: 0..<20, using: &generator) * 1000
            try db.execute(
                "UPDATE todos SET notes = ?, completed = ?, created_at = ?, due_at = ?, position = ? WHERE id = ?",
                [
                    .text(notes), .integer(Int64.random(in: 0...1, using: &generator)),
                    .integer(Int64.random(in: 0..<30, using: &generator)), .integer(due),
                    .integer(Int64.random(in: 0..<40, using: &generator)), .integer(id),
                ])
            if searchIndex == .words { try SearchText.indexWords(of: id, title: title, notes: notes, in: db) }
        }
    }
    return fixture
}

/// SQLite's NOCASE: ASCII letters folded, everything else compared byte by byte.
private func noCaseLess(_ left: String, _ right: String) -> Bool? {
    func fold(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
    let lhs = left.utf8.map(fold)
    let rhs = right.utf8.map(fold)
    return lhs == rhs ? nil : lhs.lexicographicallyPrecedes(rhs)
}

/// The brute-force model: every todo, filtered, searched and sorted in Swift.
private func expectedTodos(
    _ all: [TodoObject], filter: TodoFilter, sort: TodoSort, matching ids: Set<Int64>?
) -> [TodoObject] {
    all.filter { todo in
        switch filter {
        case .all: true
        case .active: !todo.isCompleted
        case .completed: todo.isCompleted
        }
    }
    .filter { ids?.contains($0.id) ?? true }
    .sorted { left, right in
        if sort != .manual, left.isCompleted != right.isCompleted { return !left.isCompleted }
        switch sort {
        case .created, .urgency:
            if left.createdAt != right.createdAt { return left.createdAt < right.createdAt }
        case .dueDate:
            if (left.dueAt == nil) != (right.dueAt == nil) { return left.dueAt != nil }
            if let leftDue = left.dueAt, let rightDue = right.dueAt, leftDue != rightDue { return leftDue < rightDue }
        case .title:
            if let less = noCaseLess(left.title, right.title) { return less }
        case .manual:
            if left.position != right.position { return left.position < right.position }
        }
        return left.id < right.id
    }
}

/// The todos `search` matches, as the search index says (the reference for both strategies).
private func indexMatches(_ search: String, _ fixture: ServicesFixture) throws -> Set<Int64>? {
    guard !SearchTerms.of(search).isEmpty else { return nil }
    return try fixture.database.read { (db) throws(DatabaseError) in
        switch fixture.context.searchIndex {
        case .fts5:
            let match = SearchText.ftsQuery(search) ?? ""
            return Set(
                try db.fetchAll("SELECT rowid FROM todos_fts WHERE todos_fts MATCH ?", [.text(match)]) {
                    $0.int64(at: 0)
                })
        case .words:
            var result: Set<Int64>?
            for term in SearchTerms.of(search).prefix(SearchText.maximumTerms) {
                let ids = Set(
                    try db.fetchAll(
                        "SELECT todo_id FROM todo_words WHERE word >= ? AND word < ?",
                        [.text(term), .text(term + "\u{10FFFF}")]
                    ) { $0.int64(at: 0) })
                result = result.map { $0.intersection(ids) } ?? ids
            }
            return result ?? []
        }
    }
}

private func everyTodo(_ fixture: ServicesFixture) throws -> [TodoObject] {
    try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll("SELECT \(TodosBaseService.columns) FROM todos", [], decode: TodosBaseService.decode)
    }
}

private func window(
    _ query: TodoQuery, _ fixture: ServicesFixture, strategy: TodosBaseService.SearchStrategy
) throws -> TodoPageObject {
    try fixture.database.read { (db) throws(DatabaseError) in
        try TodosBaseService.window(query, searchIndex: fixture.context.searchIndex, strategy: strategy, in: db)
    }
}

private let searches = ["", "todo", "TÖDO", "zebra", "plan rep", "nothing"]
private let offsets = [0, 17, 150, 199, 260]
private let limits = [1, 60]
// The urgency order is read by another path, tested with the attributes.
private let filtersAndSorts = TodoFilter.allCases.flatMap { filter in
    TodoSort.allCases.filter { $0 != .urgency }.map { (filter, $0) }
}

@Test(arguments: [SearchIndex.fts5, .words], TodosBaseService.SearchStrategy.allCases)
func everyFilterSortSearchAndOffsetGivesTheWindowOfABruteForceModel(
    searchIndex: SearchIndex, strategy: TodosBaseService.SearchStrategy
) throws {
    let fixture = try makeVariedTodos(count: 200, searchIndex: searchIndex, seed: 42)
    let all = try everyTodo(fixture)
    for search in searches {
        let ids = try indexMatches(search, fixture)
        for (filter, sort) in filtersAndSorts {
            let expected = expectedTodos(all, filter: filter, sort: sort, matching: ids)
            for offset in offsets {
                for limit in limits {
                    let query = TodoQuery(filter: filter, search: search, sort: sort, offset: offset, limit: limit)
                    let found = try window(query, fixture, strategy: strategy)
                    let slice = Array(expected.dropFirst(offset).prefix(limit))
                    #expect(found.todos.map(\.id) == slice.map(\.id), "\(query)")
                    #expect(found.todos == slice, "\(query)")
                    #expect(found.offset == offset)
                    if found.isCountExact {
                        #expect(found.totalCount == expected.count, "\(query)")
                    } else {
                        #expect(found.totalCount >= offset + found.todos.count, "\(query)")
                        #expect(found.totalCount <= expected.count, "\(query)")
                    }
                }
            }
        }
    }
}

@Test(arguments: [SearchIndex.fts5, .words], TodosBaseService.SearchStrategy.allCases)
func everyWindowCountedFromTheEndGivesTheWindowOfABruteForceModelWithAnExactCount(
    searchIndex: SearchIndex, strategy: TodosBaseService.SearchStrategy
) throws {
    let fixture = try makeVariedTodos(count: 200, searchIndex: searchIndex, seed: 43)
    let all = try everyTodo(fixture)
    for search in searches {
        let ids = try indexMatches(search, fixture)
        for (filter, sort) in filtersAndSorts {
            let expected = expectedTodos(all, filter: filter, sort: sort, matching: ids)
            for skipped in [0, 17, 199, 260] {
                for limit in limits {
                    let query = TodoQuery(
                        filter: filter, search: search, sort: sort, offset: skipped, limit: limit, fromEnd: true)
                    let found = try window(query, fixture, strategy: strategy)
                    let end = max(0, expected.count - skipped)
                    let start = max(0, end - limit)
                    #expect(found.todos == Array(expected[start..<end]), "\(query)")
                    #expect(found.offset == start, "\(query)")
                    #expect(found.totalCount == expected.count, "\(query)")
                    #expect(found.isCountExact, "\(query)")
                }
            }
        }
    }
}

@Test func theLastPageOfASearchMostTodosMatchHoldsTheLastMatchesAndTheirExactCount() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let count = 5_000
    _ = try value(fixture.todos.createMany(titles: (0..<count).map { "Todo \($0)" }))
    let first = try window(TodoQuery(search: "todo", offset: 0, limit: 10), fixture, strategy: .automatic)
    #expect(!first.isCountExact)
    let last = try window(
        TodoQuery(search: "todo", offset: 0, limit: 10, fromEnd: true), fixture, strategy: .automatic)
    #expect(last.todos.map(\.title) == (4_990..<5_000).map { "Todo \($0)" })
    #expect(last.offset == 4_990)
    #expect(last.totalCount == count)
    #expect(last.isCountExact)
}

@Test func windowBeyondTheEndIsEmptyWithTheExactCount() throws {
    let fixture = try makeVariedTodos(count: 30, searchIndex: .fts5, seed: 7)
    let found = try window(TodoQuery(filter: .all, offset: 30, limit: 10), fixture, strategy: .automatic)
    #expect(found.todos.isEmpty)
    #expect(found.totalCount == 30)
    #expect(found.isCountExact)
}

@Test func aSearchMostTodosMatchIsCountedOnlyALittlePastItsWindow() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let count = 1_500
    _ = try value(fixture.todos.createMany(titles: (0..<count).map { "Todo \($0)" }))
    let first = try window(TodoQuery(search: "todo", offset: 0, limit: 10), fixture, strategy: .automatic)
    #expect(first.todos.map(\.title) == (0..<10).map { "Todo \($0)" })
    #expect(!first.isCountExact)
    #expect(first.totalCount == 10 + TodosBaseService.lookaheadMatches)
    let last = try window(TodoQuery(search: "todo", offset: 1_400, limit: 10), fixture, strategy: .automatic)
    #expect(last.todos.map(\.title) == (1_400..<1_410).map { "Todo \($0)" })
    #expect(last.isCountExact)
    #expect(last.totalCount == count)
}

@Test func theWalkGivesUpWhenTheMatchesSeenSayTheIndexIsCheaper() {
    #expect(TodosBaseService.walkCostsMore(1024, 0, 60, 1_000_000))
    #expect(TodosBaseService.walkCostsMore(1024, 1, 60, 1_000_000))
    #expect(!TodosBaseService.walkCostsMore(1024, 900, 60, 1_000_000))
    #expect(TodosBaseService.walkCostsMore(1024, 900, 600_000, 1_000_000))
}

@Test(arguments: [TodoFilter.all, .active])
func aWindowNearTheEndOfASearchMostTodosMatchIsReadBackwardsWithAnExactCount(filter: TodoFilter) throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    // Walked forwards, the window would be counted only 1,000 todos past it, short of the end.
    let count = 20_000
    _ = try value(fixture.todos.createMany(titles: (0..<count).map { "Todo \($0)" }))
    let found = try window(
        TodoQuery(filter: filter, search: "todo", offset: 17_000, limit: 10), fixture, strategy: .automatic)
    #expect(found.todos.map(\.title) == (17_000..<17_010).map { "Todo \($0)" })
    #expect(found.offset == 17_000)
    #expect(found.totalCount == count)
    #expect(found.isCountExact)
}

@Test func theWalkStopsForAWindowTheMatchesSeenPlaceNearerTheEnd() {
    #expect(!TodosBaseService.windowIsNearerTheEnd(1024, 1024, 60, 500_000))
    #expect(!TodosBaseService.windowIsNearerTheEnd(1024, 1024, 250_000, 500_000))
    #expect(TodosBaseService.windowIsNearerTheEnd(1024, 1024, 499_940, 500_000))
    #expect(TodosBaseService.windowIsNearerTheEnd(1024, 512, 200_000, 500_000))
    #expect(!TodosBaseService.windowIsNearerTheEnd(1024, 0, 499_940, 500_000))
}

@Test func todoCountsFollowEveryKindOfWrite() throws {
    let fixture = try ServicesFixture()
    func expectCountsMatchTheTable() throws {
        #expect(
            try fixture.database.int("SELECT total FROM todo_counts")
                == fixture.database.int(
                    "SELECT count(*) FROM todos"))
        #expect(
            try fixture.database.int("SELECT completed FROM todo_counts")
                == fixture.database.int(
                    "SELECT count(*) FROM todos WHERE completed = 1"))
    }
    _ = try value(fixture.todos.createMany(titles: ["a", "b", "c", "d"]))
    try expectCountsMatchTheTable()
    _ = try value(fixture.todos.toggle(id: 1))
    _ = try value(fixture.todos.setCompleted(id: 2, true))
    _ = try value(fixture.todos.setCompleted(id: 2, true))
    try expectCountsMatchTheTable()
    _ = try value(fixture.todos.delete(id: 1))
    try expectCountsMatchTheTable()
    _ = try value(fixture.todos.toggleAll())
    try expectCountsMatchTheTable()
    _ = try value(fixture.todos.clearCompleted())
    try expectCountsMatchTheTable()
    #expect(try fixture.database.int("SELECT total FROM todo_counts") == 0)
    _ = try value(fixture.todos.create(title: "e", notes: "", due: nil))
    try fixture.database.execute("DELETE FROM todos")
    try expectCountsMatchTheTable()
}

@Test(arguments: TodoFilter.allCases, TodoSort.allCases)
func pagesReadAfterTheLastTodoListTheSameTodosAsOneWholeWindow(filter: TodoFilter, sort: TodoSort) throws {
    let fixture = try makeVariedTodos(count: 300, searchIndex: .words, seed: 8)
    // Priorities, tags and projects on some, so that urgency scores differ as well as tie.
    try fixture.database.execute(
        """
        UPDATE todos SET priority = CASE id % 4 WHEN 1 THEN 'H' WHEN 2 THEN 'L' END,
            tags = CASE WHEN id % 3 = 0 THEN '["home"]' WHEN id % 5 = 0 THEN '["a","b"]' END,
            project = CASE WHEN id % 7 = 0 THEN 'work' END
        """)
    let now = Date(timeIntervalSince1970: 10)
    for search in ["", "todo", "+home"] {
        let query = TodoQuery(filter: filter, search: search, sort: sort, limit: 1000)
        let whole = try fixture.database.read { (db) throws(DatabaseError) in
            try TodosBaseService.window(query, searchIndex: .words, now: 10_000, in: db)
        }
        var paged: [TodoObject] = []
        var pages = 0
        while true {
            let page = try value(fixture.todos.fetchPage(query, after: paged.last, limit: 7, now: now))
            paged += page
            pages += 1
            if page.count < 7 { break }
        }
        #expect(pages > 3, "\(search)")
        #expect(paged.map(\.id) == whole.todos.map(\.id), "\(search)")
        #expect(paged.count == whole.totalCount, "\(search)")
    }
    if sort == .manual {
        // The manual order's shorthand reads the same pages.
        let first = try value(fixture.todos.fetchPage(filter: filter, after: nil, limit: 7))
        #expect(
            first
                == Array(try value(fixture.todos.fetchPage(TodoQuery(filter: filter), after: nil, limit: 7, now: nil))))
    }
}

@Test func aPageIsReadFromTheStateAndPositionIndexWithoutScanning() throws {
    let fixture = try ServicesFixture()
    let plan = try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "EXPLAIN QUERY PLAN SELECT id FROM todos WHERE completed = 0 AND (position, id) > (?, ?) "
                + "ORDER BY \(TodosBaseService.orderClause(.manual)) LIMIT 10",
            [.integer(5), .integer(5)]
        ) { $0.string(at: 3) }
    }
    #expect(plan.contains { $0.contains("todos_by_state_position") && $0.contains("position>?") })
    #expect(!plan.contains { $0.contains("TEMP B-TREE") })
}

@Test(arguments: [SearchIndex.fts5, .words], TodosBaseService.SearchStrategy.allCases)
func theWindowsOfASearchInUrgencyOrderAreThoseOfSortingEveryTodoShownByUrgencyInSQL(
    searchIndex: SearchIndex, strategy: TodosBaseService.SearchStrategy
) throws {
    for mostlyPlain in [false, true] {
        try expectUrgencyWindowsMatchSQL(searchIndex: searchIndex, strategy: strategy, mostlyPlain: mostlyPlain)
    }
}

/// With `mostlyPlain`, one todo in six has a due date, a priority, tags or a project, and the
/// ages tie often: over a year (the age's share is then whole), the same day, or after `now`.
private func expectUrgencyWindowsMatchSQL(
    searchIndex: SearchIndex, strategy: TodosBaseService.SearchStrategy, mostlyPlain: Bool
) throws {
    let fixture = try makeVariedTodos(count: 200, searchIndex: searchIndex, seed: 44)
    var generator = SeededGenerator(seed: 45)
    // Due dates and ages spread over days, priorities, tags and projects, so that scores
    // differ, and many todos tie (ties go by identifier).
    try fixture.database.write { (db) throws(DatabaseError) in
        for id in Int64(1)...200 {
            let scored = !mostlyPlain || Int.random(in: 0..<6, using: &generator) == 0
            let priority = scored ? ["H", "M", "L", nil, nil][Int.random(in: 0..<5, using: &generator)] : nil
            let tags =
                scored
                ? [nil, "[\"a\"]", "[\"a\",\"b\"]", "[\"a\",\"b\",\"c\"]"][Int.random(in: 0..<4, using: &generator)]
                : ["[]", nil][Int.random(in: 0..<2, using: &generator)]
            let project = scored && Bool.random(using: &generator) ? "home" : nil
            let day: Int64 = 86_400_000
            let created =
                mostlyPlain
                ? [-400 * day, -380 * day, 3 * day, 3 * day + 1, 20 * day][Int.random(in: 0..<5, using: &generator)]
                : nil
            try db.execute(
                "UPDATE todos SET priority = ?, tags = ?, project = ?, due_at = CASE WHEN ? THEN due_at * 86400 END, "
                    + "created_at = coalesce(?, created_at * 86400000) WHERE id = ?",
                [
                    priority.map(SQLValue.text) ?? .null, tags.map(SQLValue.text) ?? .null,
                    project.map(SQLValue.text) ?? .null, .integer(scored ? 1 : 0),
                    created.map(SQLValue.integer) ?? .null,
                    .integer(id),
                ])
        }
    }
    let now: Int64 = 15 * 86_400_000
    for search in searches where !SearchTerms.of(search).isEmpty {
        for filter in TodoFilter.allCases {
            let shown = TodosBaseService.shownCondition(
                TodoQuery(filter: filter, search: search), searchIndex: searchIndex)
            let order = TodosBaseService.sortedBy(.urgency, now: now)
            let expected = try fixture.database.read { (db) throws(DatabaseError) in
                try db.fetchAll(
                    "SELECT id FROM todos WHERE 1\(shown.sql) ORDER BY \(order.sql)", shown.arguments + order.arguments
                ) { $0.int64(at: 0) }
            }
            for offset in offsets + [1_000] {
                for limit in limits {
                    let query = TodoQuery(filter: filter, search: search, sort: .urgency, offset: offset, limit: limit)
                    let found = try fixture.database.read { (db) throws(DatabaseError) in
                        try TodosBaseService.window(
                            query, searchIndex: searchIndex, strategy: strategy, now: now, in: db)
                    }
                    let label = "\(query) \(strategy) mostly plain: \(mostlyPlain)"
                    #expect(found.todos.map(\.id) == Array(expected.dropFirst(offset).prefix(limit)), "\(label)")
                    // A walk in creation order counts the plain todos a little way past the window.
                    #expect(found.totalCount <= expected.count, "\(label)")
                    #expect(found.totalCount >= min(expected.count, offset + limit), "\(label)")
                    #expect(found.isCountExact || (strategy != .index && searchIndex == .fts5), "\(label)")
                    if found.isCountExact { #expect(found.totalCount == expected.count, "\(label)") }
                    guard searchIndex == .fts5, strategy == .walk, offset < 1_000 else { continue }
                    // More old plain todos than it reads whole: the walk takes them by identifier.
                    let walked = try fixture.database.read { (db) throws(DatabaseError) in
                        try FTS5PhraseMatcher(search: search, connection: db).flatMap {
                            (matcher) throws(DatabaseError) in
                            try TodosBaseService.urgencyWalk(
                                query, offset: offset, limit: limit, matcher: matcher, mayGiveUp: false, now: now,
                                readWholeLimit: 3, in: db
                            ).window
                        }
                    }
                    #expect(walked?.todos.map(\.id) == Array(expected.dropFirst(offset).prefix(limit)), "\(label)")
                    #expect(found.offset == offset, "\(query)")
                }
            }
        }
    }
}

@Test func theScoreTheFirstWindowsComputeIsExactlyTheScoreSQLiteComputes() throws {
    let fixture = try makeVariedTodos(count: 300, searchIndex: .fts5, seed: 46)
    var generator = SeededGenerator(seed: 47)
    let day: Int64 = 86_400_000
    let now: Int64 = 1_800_000_000_000
    // Due dates around every edge of the due date's share, ages around a year, and values so
    // far off that subtracting them overflows.
    let moments: [Int64] = [.min, .max, 0, now, now - 7 * day, now + 14 * day, now - 365 * day, now - 365 * day - 1]
    try fixture.database.write { (db) throws(DatabaseError) in
        for id in Int64(1)...300 {
            func moment(within days: ClosedRange<Int64>) -> Int64 {
                Int.random(in: 0..<4, using: &generator) == 0
                    ? moments.randomElement(using: &generator)!
                    : now + Int64.random(in: days.lowerBound * day...days.upperBound * day, using: &generator)
            }
            let tags = [nil, "[]", "[\"a\"]", "[\"a\",\"b\"]", "[\"a\",\"b\",\"c\"]"].randomElement(using: &generator)!
            try db.execute(
                "UPDATE todos SET due_at = ?, created_at = ?, priority = ?, tags = ?, project = ? WHERE id = ?",
                [
                    Bool.random(using: &generator) ? .integer(moment(within: -20...20)) : .null,
                    .integer(moment(within: -400...1)),
                    ["H", "M", "L", nil].randomElement(using: &generator)!.map(SQLValue.text) ?? .null,
                    tags.map(SQLValue.text) ?? .null, Bool.random(using: &generator) ? .text("p") : .null, .integer(id),
                ])
        }
    }
    let urgency = TodosBaseService.urgencySQL(now: now)
    let pairs = try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "SELECT \(TodosBaseService.SortKey.columns(.urgency)), \(urgency.sql) FROM todos", urgency.arguments
        ) { row in
            (TodosBaseService.urgency(of: row, now: now), row.double(at: 7))
        }
    }
    #expect(pairs.count == 300)
    for (swift, sql) in pairs { #expect(swift.bitPattern == sql.bitPattern, "\(swift) \(sql)") }
    #expect(Set(pairs.map(\.1)).count > 100, "the scores differ")
}

@Test func theFirstUrgencyWindowOfASearchMostTodosMatchIsWalkedUnlessManyTodosHaveAttributes() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let count = TodosBaseService.urgencyReadWholeLimit + 2000
    _ = try value(fixture.todos.createMany(titles: (0..<count).map { "task \($0)" }))
    // Created a minute apart, the first oldest: the urgency order is the identifiers'.
    try fixture.database.execute("UPDATE todos SET created_at = 1000000000000 + id * 60000")
    let query = TodoQuery(search: "task", sort: .urgency, limit: 60)
    let now: Int64 = 1_000_000_000_000 + 30 * 86_400_000
    func window() throws -> TodoPageObject {
        try fixture.database.read { (db) throws(DatabaseError) in
            try TodosBaseService.window(query, searchIndex: .fts5, now: now, in: db)
        }
    }
    let walked = try window()
    #expect(walked.todos.map(\.id) == Array(1...60))
    // The walk counts on a little way past the window, not to the end.
    #expect(!walked.isCountExact)
    #expect(walked.totalCount < count)
    // A search whose todos are all walked, with no todo done to leave uncounted, is counted
    // exactly.
    let few = try fixture.database.read { (db) throws(DatabaseError) in
        try TodosBaseService.window(
            TodoQuery(search: "task 10", sort: .urgency, limit: 60), searchIndex: .fts5, now: now, in: db)
    }
    // "task 10", "task 100" to "task 109", "task 1000" to "task 1099".
    #expect(few.isCountExact && few.totalCount == 111)
    // With more todos in a project than the walk reads beside it, one pass reads every match.
    try fixture.database.execute("UPDATE todos SET project = 'home' WHERE id > 1000")
    let passed = try window()
    #expect(passed.todos.map(\.id) == Array(1001...1060))
    #expect(passed.isCountExact)
    #expect(passed.totalCount == count)
}

@Test func aWalkThatGivesUpAmongThePlainTodosLeavesThePassOnlyThePlainOnesToScore() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let count = 3_000
    _ = try value(fixture.todos.createMany(titles: (0..<count).map { "task \($0)" }))
    let day: Int64 = 86_400_000
    let now: Int64 = 1_000 * day
    // Created a minute apart, the first oldest; only the last thousand say "late", so the walk in
    // creation order meets no match for 2,000 todos and gives up. Among them, and before them,
    // todos with attributes, some done, a few matching.
    try fixture.database.execute(
        """
        UPDATE todos SET created_at = \(now - 30 * day) + id * 60000, notes = CASE WHEN id > 2000 THEN 'late' ELSE '' END,
            completed = CASE WHEN id % 7 = 0 THEN 1 ELSE 0 END;
        UPDATE todos SET priority = 'L' WHERE id IN (5, 2500, 2501, 2950);
        UPDATE todos SET due_at = \(now + 3 * day) WHERE id IN (2600, 2601, 10);
        UPDATE todos SET project = 'home' WHERE id IN (2500, 2700);
        UPDATE todos SET tags = '["a"]' WHERE id IN (2800, 2999);
        UPDATE todos SET tags = '[]' WHERE id = 2002;
        """)
    let order = TodosBaseService.sortedBy(.urgency, now: now)
    for filter in TodoFilter.allCases {
        let query = TodoQuery(filter: filter, search: "late", sort: .urgency, limit: 60)
        let shown = TodosBaseService.shownCondition(query, searchIndex: .fts5)
        let (expected, walk, window) = try fixture.database.read { (db) throws(DatabaseError) in
            let expected = try db.fetchAll(
                "SELECT id FROM todos WHERE 1\(shown.sql) ORDER BY \(order.sql)", shown.arguments + order.arguments
            ) { $0.int64(at: 0) }
            let walk = try FTS5PhraseMatcher(search: "late", connection: db).map { (matcher) throws(DatabaseError) in
                try TodosBaseService.urgencyWalk(
                    query, offset: 0, limit: 60, matcher: matcher, mayGiveUp: true, now: now, in: db)
            }
            let window = try TodosBaseService.window(query, searchIndex: .fts5, now: now, in: db)
            return (expected, walk, window)
        }
        #expect(window.todos.map(\.id) == Array(expected.prefix(60)), "\(filter)")
        // The done todos (one in seven) meet a match 286 todos in: that walk finds its window.
        guard filter != .completed else { continue }
        guard case .gaveUp(let attributed?)? = walk else {
            Issue.record("the walk over \(filter) did not give up with the todos that have attributes")
            continue
        }
        // Ten todos have attributes, one of them done (2800).
        #expect(attributed.ids.count == (filter == .all ? 10 : 9), "\(filter)")
        #expect(window.isCountExact && window.totalCount == expected.count, "\(filter)")
    }
}

@Test func aPlainTodoJustOverAYearOldTiesWithTheOlderOnesWhenTheirWalkStopsEarly() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    _ = try value(fixture.todos.createMany(titles: (0..<1_101).map { "task \($0)" }))
    let day: Int64 = 86_400_000
    let now: Int64 = 1_000 * day
    // The first todo is a year and half a day old, so its score is the age's whole share, as
    // the others' (400 days old) is; it goes first by its identifier.
    try fixture.database.execute(
        "UPDATE todos SET created_at = CASE id WHEN 1 THEN \(now - 365 * day - day / 2) ELSE \(now - 400 * day) END")
    let query = TodoQuery(search: "task", sort: .urgency, limit: 10)
    let window = try fixture.database.read { (db) throws(DatabaseError) in
        try FTS5PhraseMatcher(search: "task", connection: db).flatMap { (matcher) throws(DatabaseError) in
            try TodosBaseService.urgencyWalk(
                query, offset: 0, limit: 10, matcher: matcher, mayGiveUp: false, now: now, readWholeLimit: 3, in: db
            ).window
        }
    }
    #expect(window?.todos.map(\.id) == Array(1...10))
    #expect(window?.isCountExact == false)
}

@Test(arguments: TodosBaseService.SearchStrategy.allCases)
func aWordIsFoundAsItIsWrittenWhateverItsAlphabet(strategy: TodosBaseService.SearchStrategy) throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    _ = try value(fixture.todos.createMany(titles: ["Καλημέρα κόσμε Straße größer", "Café au lait", "plain"]))
    func found(_ search: String) throws -> [String] {
        try fixture.database.read { (db) throws(DatabaseError) in
            try TodosBaseService.window(
                TodoQuery(search: search, limit: 10), searchIndex: .fts5, strategy: strategy, in: db)
        }.todos.map(\.title)
    }
    // The index folds case and Latin accents, and keeps "ß" and Greek accents.
    for search in ["Καλημέρα", "καλημέρα", "κόσμε", "Straße", "STRAßE", "größe", "große"] {
        #expect(try found(search) == ["Καλημέρα κόσμε Straße größer"], "\(search) \(strategy)")
    }
    for search in ["cafe", "CAFÉ", "au lait"] {
        #expect(try found(search) == ["Café au lait"], "\(search) \(strategy)")
    }
}
