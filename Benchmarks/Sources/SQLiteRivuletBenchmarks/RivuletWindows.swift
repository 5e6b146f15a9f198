import BaseServices
import Domain
import Foundation
import Harness
import SQLiteProvider
import SQLiteRawBenchmarks
import Streams

/// `sqlite.window_search` and `sqlite.window_deep`: one visible window of a list of a million
/// todos, as the todo list asks for it, through `fetchWindow` of the app's todos base service
/// (the public API of `BaseServices`: the window strategies are the app's, over its schema).
public enum RivuletWindows {
    /// Todos in the table while the window benchmarks run (1,000,000; 20,000 in a check).
    public static var rows: Int { Scale.size(1_000_000) }
    /// The visible window.
    public static let limit = 60
    /// The search every todo matches (each title is "Todo #n").
    public static let commonSearch = "todo"
    /// A search one active todo matches: the leading digits of 123456789, as many as
    /// `rows - 1` has, made even (even todos are the active ones). At a million todos only
    /// "Todo #123456" has a word starting with 123456; at 20,000, only "Todo #12344" with 12344.
    public static var rareSearch: String {
        let number = Int("123456789".prefix(String(rows - 1).count)) ?? 0
        return String(number & ~1)
    }

    /// A search the last tenth of the todos match ("clustered", in their notes): whatever the
    /// order, they come last (their positions, creation times and identifiers are the highest,
    /// their titles the longest numbers), so the first window of it lies far from the start.
    public static let clusteredSearch = "clustered"
    /// A search one todo in ten matches ("spread", in their notes), spread over the whole list,
    /// alternately active and done.
    public static let spreadSearch = "spread"

    /// Whether row `index` has "clustered" in its notes.
    static func isClustered(_ index: Int) -> Bool { index >= rows - rows / 10 }
    /// Whether row `index` has "spread" in its notes: one row in each ten, the first or the second.
    static func isSpread(_ index: Int) -> Bool { index % 10 == (index / 10) % 2 }

    /// Fills the table with the workload's first million todos, unless it holds them, and
    /// writes the notes the clustered and spread searches match.
    public static func prepare() throws {
        try RivuletDatabase.ensureTodos(rows)
        let path = try RivuletDatabase.path()
        let noted = (0..<rows).count(where: { isClustered($0) || isSpread($0) })
        guard try RawFixtures.scalar(at: path, "SELECT count(*) FROM todos WHERE notes != ''") != noted else { return }
        // Row `index` has the id index + 1 (the fixture restarts the identifiers).
        let clustered = "id > \(rows - rows / 10)"
        let spread = "(id - 1) % 10 = ((id - 1) / 10) % 2"
        try RawFixtures.update(
            at: path,
            "UPDATE todos SET notes = trim((CASE WHEN \(clustered) THEN 'clustered' ELSE '' END) "
                + "|| (CASE WHEN \(spread) THEN ' spread' ELSE '' END)) WHERE \(clustered) OR \(spread)")
    }

    static var todos: any TodosBaseServiceType { TodosBaseService.shared }

    static func fetch(_ query: TodoQuery) throws -> (window: TodoPageObject, milliseconds: Double) {
        let (window, milliseconds, _) = try fetchWithCPU(query)
        return (window, milliseconds)
    }

    /// The window `query` asks for, how long it took and how much CPU time the calling thread
    /// (which reads it) used meanwhile, in ms.
    static func fetchWithCPU(
        _ query: TodoQuery
    ) throws -> (
        window: TodoPageObject, milliseconds: Double, cpuMilliseconds: Double
    ) {
        let box = Box<Swift.Result<TodoPageObject, DatabaseError>?>(nil)
        let elapsed = measureNanosecondsAndCPU {
            todos.fetchWindow(query).subscribe(onNext: { box.value = $0 }).dispose()
        }
        guard let result = box.value else { throw BenchmarkFailure("rivulet window: no result") }
        return (try result.get(), elapsed.wall / 1e6, elapsed.cpu / 1e6)
    }

    /// The first 60 active todos by title whose text has a word starting with "todo" (every
    /// todo); ms. Extras: the same window of a search one todo matches, the count shown, and
    /// the last page of the common search (what the End key asks for), counted exactly, and the
    /// window just before it asked for by its offset from the start (scrolling up from the end);
    /// `all_` extras: the same two over every todo in manual order, as the app first lists them.
    public static func search() throws -> Sample {
        try prepare()
        let query = TodoQuery(filter: .active, search: commonSearch, sort: .title, offset: 0, limit: limit)
        let (window, milliseconds) = try fetch(query)
        try expectEqual(window.todos.count, limit, "rivulet search window size")
        try expectEqual(window.todos.first?.title, "Todo #0", "rivulet search window first title")
        try expectEqual(window.todos.allSatisfy { !$0.isCompleted }, true, "rivulet search window filter")
        var rareQuery = query
        rareQuery.search = rareSearch
        let (rare, rareMilliseconds) = try fetch(rareQuery)
        try expectEqual(rare.todos.map(\.title), ["Todo #\(rareSearch)"], "rivulet rare search window")
        try expectEqual(rare.totalCount, 1, "rivulet rare search count")
        var endQuery = query
        endQuery.fromEnd = true
        let (end, endMilliseconds) = try fetch(endQuery)
        try expectEqual(end.todos.count, limit, "rivulet search last page size")
        try expectEqual(end.isCountExact, true, "rivulet search last page count is exact")
        try expectEqual(end.offset + limit, end.totalCount, "rivulet search last page ends the list")
        let (nearEnd, nearEndMilliseconds) = try fetchNearEnd(of: query)
        let allQuery = TodoQuery(filter: .all, search: commonSearch, sort: .manual, offset: 0, limit: limit)
        let (allNearEnd, allNearEndMilliseconds) = try fetchNearEnd(of: allQuery)
        var allEndQuery = allQuery
        allEndQuery.fromEnd = true
        let (allEnd, allEndMilliseconds) = try fetch(allEndQuery)
        try expectEqual(allEnd.todos.last?.title, "Todo #\(rows - 1)", "rivulet search last page of every todo")
        let clustered = try slowestFirstWindow(of: clusteredSearch, matching: isClustered)
        let spread = try slowestFirstWindow(of: spreadSearch, matching: isSpread)
        blackHole(window)
        blackHole(end)
        blackHole(nearEnd)
        blackHole(allEnd)
        blackHole(allNearEnd)
        return Sample(
            milliseconds,
            extras: [
                ("rare_ms", rareMilliseconds), ("count_shown", Double(window.totalCount)),
                ("end_ms", endMilliseconds), ("end_count", Double(end.totalCount)),
                ("near_end_ms", nearEndMilliseconds), ("all_end_ms", allEndMilliseconds),
                ("all_near_end_ms", allNearEndMilliseconds), ("clustered_ms", clustered.milliseconds),
                ("clustered_cpu_ms", clustered.cpuMilliseconds), ("spread_ms", spread.milliseconds),
                ("spread_cpu_ms", spread.cpuMilliseconds),
                ("clustered_orders_cpu_ms", clustered.ordersCPUMilliseconds),
                ("clustered_urgency_cpu_ms", clustered.urgencyCPUMilliseconds),
                ("spread_orders_cpu_ms", spread.ordersCPUMilliseconds),
                ("spread_urgency_cpu_ms", spread.urgencyCPUMilliseconds),
            ])
    }

    /// The slowest of the twelve filter × sort first windows (offset 0) of `search`, which the
    /// rows `matches` picks match; each window is checked against those rows; ms, and the most
    /// CPU time one of them used, ms; and that most CPU time apart for the orders an index
    /// holds (all but urgency) and for the urgency order.
    static func slowestFirstWindow(
        of search: String, matching matches: (Int) -> Bool
    ) throws -> (
        milliseconds: Double, cpuMilliseconds: Double, ordersCPUMilliseconds: Double, urgencyCPUMilliseconds: Double
    ) {
        let matching = (0..<rows).filter(matches)
        var slowest = 0.0
        var mostCPU = 0.0
        var mostOrdersCPU = 0.0
        var mostUrgencyCPU = 0.0
        for filter in TodoFilter.allCases {
            let shown = matching.filter { filter == .all || SQLiteWorkload.isDone($0) == (filter == .completed) }
            // In every order but the manual one, done todos come after the others.
            let doneLast = shown.filter { !SQLiteWorkload.isDone($0) } + shown.filter(SQLiteWorkload.isDone)
            // Every title is "Todo #" and digits: NOCASE orders them byte by byte.
            let byTitle = { (rows: [Int]) in
                rows.map(SQLiteWorkload.title).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
            let inTitleOrder =
                byTitle(shown.filter { !SQLiteWorkload.isDone($0) }) + byTitle(shown.filter(SQLiteWorkload.isDone))
            for sort in TodoSort.allCases {
                let query = TodoQuery(filter: filter, search: search, sort: sort, offset: 0, limit: limit)
                let (window, milliseconds, cpuMilliseconds) = try fetchWithCPU(query)
                // No todo has a due date or a priority, and older todos are more urgent: the
                // due-date, creation and urgency orders are the identifiers', done todos last.
                let expected =
                    switch sort {
                    case .manual: shown.prefix(limit).map(SQLiteWorkload.title)
                    case .title: Array(inTitleOrder.prefix(limit))
                    default: doneLast.prefix(limit).map(SQLiteWorkload.title)
                    }
                try expectEqual(window.todos.map(\.title), expected, "rivulet \(search) window (\(filter), \(sort))")
                let what = "rivulet \(search) count (\(filter), \(sort))"
                try expectEqual(window.totalCount <= shown.count, true, what)
                if window.isCountExact { try expectEqual(window.totalCount, shown.count, what) }
                blackHole(window)
                slowest = max(slowest, milliseconds)
                mostCPU = max(mostCPU, cpuMilliseconds)
                if sort == .urgency {
                    mostUrgencyCPU = max(mostUrgencyCPU, cpuMilliseconds)
                } else {
                    mostOrdersCPU = max(mostOrdersCPU, cpuMilliseconds)
                }
            }
        }
        return (slowest, mostCPU, mostOrdersCPU, mostUrgencyCPU)
    }

    /// The window just before the last page of `query`, asked for by its offset from the start.
    static func fetchNearEnd(of query: TodoQuery) throws -> (window: TodoPageObject, milliseconds: Double) {
        var endQuery = query
        endQuery.fromEnd = true
        let count = try fetch(endQuery).window.totalCount
        var nearEndQuery = query
        nearEndQuery.offset = count - 2 * query.limit
        let (nearEnd, milliseconds) = try fetch(nearEndQuery)
        try expectEqual(nearEnd.todos.count, query.limit, "rivulet search window near the end size")
        try expectEqual(nearEnd.totalCount, count, "rivulet search window near the end count")
        return (nearEnd, milliseconds)
    }

    /// The window in the middle of the active todos sorted by title (offset 250,000 of
    /// 500,000); ms. Extra: the slowest of the twelve filter × sort windows, each at the middle
    /// of its filter's todos (offset 500,000 of all, 250,000 of active or done).
    public static func deep() throws -> Sample {
        try prepare()
        var slowest = 0.0
        var headline = 0.0
        for filter in TodoFilter.allCases {
            let middle = filter == .all ? rows / 2 : rows / 4
            for sort in TodoSort.allCases {
                let query = TodoQuery(filter: filter, search: "", sort: sort, offset: middle, limit: limit)
                let (window, milliseconds) = try fetch(query)
                try expectEqual(window.todos.count, limit, "rivulet deep window size (\(filter), \(sort))")
                try expectEqual(window.totalCount, filter == .all ? rows : rows / 2, "rivulet deep count")
                blackHole(window)
                slowest = max(slowest, milliseconds)
                if filter == .active && sort == .title { headline = milliseconds }
            }
        }
        return Sample(headline, extras: [("worst_ms", slowest)])
    }
}
