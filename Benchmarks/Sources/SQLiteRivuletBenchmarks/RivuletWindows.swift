import BaseServices
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

    /// Fills the table with the workload's first million todos, unless it holds them.
    public static func prepare() throws {
        try RivuletDatabase.ensureTodos(rows)
    }

    static var todos: any TodosBaseServiceType { TodosBaseService.shared }

    static func fetch(_ query: TodoQuery) throws -> (window: TodoWindow, milliseconds: Double) {
        let box = Box<Swift.Result<TodoWindow, DatabaseError>?>(nil)
        let elapsed = measureNanoseconds {
            todos.fetchWindow(query).subscribe(onNext: { box.value = $0 }).dispose()
        }
        guard let result = box.value else { throw BenchmarkFailure("rivulet window: no result") }
        return (try result.get(), elapsed / 1e6)
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
        try expectEqual(rare.matchingCount, 1, "rivulet rare search count")
        var endQuery = query
        endQuery.fromEnd = true
        let (end, endMilliseconds) = try fetch(endQuery)
        try expectEqual(end.todos.count, limit, "rivulet search last page size")
        try expectEqual(end.isCountExact, true, "rivulet search last page count is exact")
        try expectEqual(end.offset + limit, end.matchingCount, "rivulet search last page ends the list")
        let (nearEnd, nearEndMilliseconds) = try fetchNearEnd(of: query)
        let allQuery = TodoQuery(filter: .all, search: commonSearch, sort: .manual, offset: 0, limit: limit)
        let (allNearEnd, allNearEndMilliseconds) = try fetchNearEnd(of: allQuery)
        var allEndQuery = allQuery
        allEndQuery.fromEnd = true
        let (allEnd, allEndMilliseconds) = try fetch(allEndQuery)
        try expectEqual(allEnd.todos.last?.title, "Todo #\(rows - 1)", "rivulet search last page of every todo")
        blackHole(window)
        blackHole(end)
        blackHole(nearEnd)
        blackHole(allEnd)
        blackHole(allNearEnd)
        return Sample(
            milliseconds,
            extras: [
                ("rare_ms", rareMilliseconds), ("count_shown", Double(window.matchingCount)),
                ("end_ms", endMilliseconds), ("end_count", Double(end.matchingCount)),
                ("near_end_ms", nearEndMilliseconds), ("all_end_ms", allEndMilliseconds),
                ("all_near_end_ms", allNearEndMilliseconds),
            ])
    }

    /// The window just before the last page of `query`, asked for by its offset from the start.
    static func fetchNearEnd(of query: TodoQuery) throws -> (window: TodoWindow, milliseconds: Double) {
        var endQuery = query
        endQuery.fromEnd = true
        let count = try fetch(endQuery).window.matchingCount
        var nearEndQuery = query
        nearEndQuery.offset = count - 2 * query.limit
        let (nearEnd, milliseconds) = try fetch(nearEndQuery)
        try expectEqual(nearEnd.todos.count, query.limit, "rivulet search window near the end size")
        try expectEqual(nearEnd.matchingCount, count, "rivulet search window near the end count")
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
                try expectEqual(window.matchingCount, filter == .all ? rows : rows / 2, "rivulet deep count")
                blackHole(window)
                slowest = max(slowest, milliseconds)
                if filter == .active && sort == .title { headline = milliseconds }
            }
        }
        return Sample(headline, extras: [("worst_ms", slowest)])
    }
}
