import Foundation
import Harness
import SQLiteProvider
import SQLiteRawBenchmarks
import Streams

/// Rivulet's halves of the SQLite benchmarks, through the public API of the `SQLiteProvider`
/// library only, on the same schema, rows and statements as the raw sqlite3 and GRDB halves.
public enum RivuletSQLite {
    /// Inserts `SQLiteWorkload.rows` todos in one `write`, through one cached statement with
    /// eight values bound per row; returns milliseconds.
    public static func insert() throws -> Sample {
        let elapsed: Double
        do {
            let provider = try ProviderDatabase("rivulet-insert")
            elapsed = try measureNanoseconds { try provider.insertTodos(0..<SQLiteWorkload.rows) }
            try expectEqual(try provider.todoCount(), SQLiteWorkload.rows, "rivulet insert row count")
        }
        return Sample(elapsed / 1e6)
    }

    /// A todo as the fetch decodes it: the same fields and types as the raw and GRDB ones.
    struct Todo: FetchableRecord {
        var id: Int64
        var title: String
        var notes: String
        var isCompleted: Bool
        var createdAt: Date
        var updatedAt: Date
        var completedAt: Date?
        var position: Int64
        var dueAt: Date?

        /// Decodes by column index with the statement's typed readers.
        @inline(__always)
        init(row: Row) {
            id = row.int64(at: 0)
            title = row.string(at: 1)
            notes = row.string(at: 2)
            isCompleted = row.bool(at: 3)
            createdAt = Date(timeIntervalSince1970: Double(row.int64(at: 4)) / 1000)
            updatedAt = Date(timeIntervalSince1970: Double(row.int64(at: 5)) / 1000)
            completedAt = row.optionalInt64(at: 6).map { Date(timeIntervalSince1970: Double($0) / 1000) }
            position = row.int64(at: 7)
            dueAt = row.optionalInt64(at: 8).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        }
    }

    /// The window query with its values bound through `SQL` interpolation (the same text as
    /// `SQLiteWorkload.fetchSQL`).
    static func windowSQL(limit: Int, offset: Int) -> SQL {
        "SELECT \(SQL(verbatim: SQLiteWorkload.columns)) FROM todos ORDER BY position, id LIMIT \(limit) OFFSET \(offset)"
    }

    /// Reads every todo into structs (count, then the window in manual order, in one `read`);
    /// returns milliseconds. The fixture is written through the provider, once.
    public static func makeFetch() -> () throws -> Sample {
        var fixture: (ProviderDatabase, expected: Int)?
        return {
            let rows = SQLiteWorkload.rows
            let current: ProviderDatabase
            let expected: Int
            if let fixture {
                (current, expected) = fixture
            } else {
                current = try ProviderDatabase("rivulet-fetch")
                try current.insertTodos(0..<rows, isFixture: true)
                expected = SQLiteWorkload.expectedChecksum(rows: rows)
                fixture = (current, expected)
            }
            var todos: [Todo] = []
            var matching = 0
            let elapsed = try measureNanoseconds {
                (matching, todos) = try current.database.read { (db) throws(DatabaseError) in
                    let matching = Int(try db.fetchInt(SQL(verbatim: SQLiteWorkload.countSQL)))
                    return (matching, try db.fetchAll(Todo.self, windowSQL(limit: rows, offset: 0)))
                }
            }
            var checksum = 0
            for todo in todos {
                SQLiteWorkload.mix(
                    &checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.isCompleted,
                    position: todo.position, created: todo.createdAt.timeIntervalSince1970)
            }
            blackHole(todos)
            try expectEqual(matching, rows, "rivulet fetch count")
            try expectEqual(checksum, expected, "rivulet fetch checksum")
            return Sample(elapsed / 1e6)
        }
    }

    /// The active count, observed with `observe(on:)` on an immediate scheduler.
    static func observeActiveCount(_ database: SQLiteDatabase) -> Observable<Swift.Result<Int, DatabaseError>> {
        database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
            Int(try db.fetchInt(SQL(verbatim: SQLiteWorkload.activeCountSQL)))
        }
    }

    /// Write → observer callback for single-row writes while the active count is observed,
    /// from the start of the `write` call (the one instant every contestant exposes: the
    /// provider's `write` returns after the commit's notification was queued, often after the
    /// reader already delivered). Returns the p50 in µs, with p99.
    public static func observe() throws -> Sample {
        var latencies: [Double] = []
        do {
            let provider = try ProviderDatabase("rivulet-observe")
            let latch = CallbackLatch()
            let subscription = observeActiveCount(provider.database)
                .subscribe(onNext: { result in
                    if case .success(let count) = result { latch.deliver(count) }
                })
            defer { subscription.dispose() }
            guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("rivulet observe: no initial value") }
            latencies.reserveCapacity(SQLiteWorkload.observedWrites)
            for index in 0..<SQLiteWorkload.observedWrites {
                let started = monotonicNanoseconds()
                try provider.insertOne(index)
                guard let delivered = latch.wait(for: index + 1) else {
                    throw BenchmarkFailure("rivulet observe: no callback for write \(index + 1)")
                }
                latencies.append(Double(delivered &- started) / 1e3)
            }
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }

    /// How long one single-row `write` takes while the counts of a large table (a query of a
    /// few milliseconds) are observed. Returns the median in ms, with the query's own duration
    /// and the same write with nobody observing. The table is filled once; each run adds its
    /// few rows to it.
    public static func makeObserveSlowQuery() -> () throws -> Sample {
        var fixture: ProviderDatabase?
        return {
            let provider: ProviderDatabase
            if let fixture {
                provider = fixture
            } else {
                provider = try ProviderDatabase("rivulet-slow")
                try provider.insertTodos(0..<SQLiteWorkload.slowQueryRows, isFixture: true)
                // Start from an empty WAL, so no write pays for checkpointing the bulk insert.
                try RawFixtures.checkpoint(at: provider.path)
                fixture = provider
            }
            let writes = SQLiteWorkload.slowQueryWrites
            // The same write with nobody observing, for comparison.
            var unobserved: [Double] = []
            let before = try provider.todoCount()
            for write in 0..<writes / 2 {
                unobserved.append(try measureNanoseconds { try provider.insertOne(before + write) } / 1e6)
            }
            // Again, each made by a thread just woken from waiting for another thread, as the
            // observed writes below are (they wait for the observer's callback): this separates
            // what waking up costs a write from what observing costs it.
            var unobservedAfterWait: [Double] = []
            let handoff = CallbackLatch()
            let afterFirst = try provider.todoCount()
            for write in 0..<writes / 2 {
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { handoff.deliver(write) }
                guard handoff.wait(for: write) != nil else { throw BenchmarkFailure("rivulet slow: no hand-off") }
                unobservedAfterWait.append(
                    try measureNanoseconds { try provider.insertOne(afterFirst + write) } / 1e6)
            }
            // And again, each just after another thread ran the observed query's scan on a
            // connection of its own: the query's work without any observation, which separates
            // what that scan does to the next write (it fills the caches) from what observing adds.
            var unobservedAfterScan: [Double] = []
            let scanned = CallbackLatch()
            let path = provider.path
            let afterSecond = try provider.todoCount()
            for write in 0..<writes / 2 {
                DispatchQueue.global().async {
                    try? RawFixtures.scanLikeTheObservedQuery(at: path)
                    scanned.deliver(write)
                }
                guard scanned.wait(for: write) != nil else { throw BenchmarkFailure("rivulet slow: no scan") }
                unobservedAfterScan.append(
                    try measureNanoseconds { try provider.insertOne(afterSecond + write) } / 1e6)
            }
            let rows = try provider.todoCount()
            let latch = CallbackLatch()
            let queryStart = monotonicNanoseconds()
            let subscription = provider.database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
                Int(try db.fetchInt(SQL(verbatim: SQLiteWorkload.countsSQL)))
            }
            .subscribe(onNext: { result in
                if case .success(let total) = result { latch.deliver(total) }
            })
            defer { subscription.dispose() }
            // The first value is fetched before subscribe returns: that is the query's duration.
            let queryTime = Double(monotonicNanoseconds() - queryStart) / 1e6
            guard latch.wait(for: rows) != nil else { throw BenchmarkFailure("rivulet slow: no initial value") }
            var durations: [Double] = []
            for write in 0..<writes {
                durations.append(try measureNanoseconds { try provider.insertOne(rows + write) } / 1e6)
                guard latch.wait(for: rows + write + 1) != nil else {
                    throw BenchmarkFailure("rivulet slow: no callback for write \(write + 1)")
                }
            }
            return Sample(
                percentile(durations, 50),
                extras: [
                    ("query_ms", queryTime), ("unobserved_ms", percentile(unobserved, 50)),
                    ("unobserved_woken_ms", percentile(unobservedAfterWait, 50)),
                    ("unobserved_after_scan_ms", percentile(unobservedAfterScan, 50)),
                ])
        }
    }
}
