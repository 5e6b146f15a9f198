import BaseServices
import Foundation
import Harness
import SQLiteRawBenchmarks
import Streams

/// Rivulet's halves of the SQLite benchmarks, through the public base-service API only.
public enum RivuletSQLite {
    static var todos: any TodosBaseServiceType { TodosBaseService.shared }

    /// Creates `SQLiteWorkload.rows` todos with `createMany`, one transaction, into an emptied
    /// todos table; returns milliseconds.
    public static func insert() throws -> Sample {
        let rows = SQLiteWorkload.rows
        try RivuletDatabase.ensureTodos(0, force: true)
        let titles = (0..<rows).map { SQLiteWorkload.title($0) }
        let box = Box<Swift.Result<Int, DatabaseError>?>(nil)
        let elapsed = measureNanoseconds {
            todos.createMany(titles: titles).subscribe(onNext: { box.value = $0 }).dispose()
        }
        guard let result = box.value else { throw BenchmarkFailure("rivulet insert: no result") }
        try expectEqual(try result.get(), rows, "rivulet insert row count")
        // The rows differ from the fetch fixture's (titles only); empty the table so the next
        // benchmark builds its own fixture instead of mistaking these rows for it.
        try RivuletDatabase.ensureTodos(0, force: true)
        return Sample(elapsed / 1e6)
    }

    /// Reads every todo with `fetchWindow` (all todos, manual order, one window of
    /// `SQLiteWorkload.rows`); returns milliseconds.
    public static func fetch() throws -> Sample {
        let rows = SQLiteWorkload.rows
        try RivuletDatabase.ensureTodos(rows)
        let expected = SQLiteWorkload.expectedChecksum(rows: rows)
        let box = Box<Swift.Result<TodoWindow, DatabaseError>?>(nil)
        let query = TodoQuery(filter: .all, search: "", sort: .manual, offset: 0, limit: rows)
        let elapsed = measureNanoseconds {
            todos.fetchWindow(query).subscribe(onNext: { box.value = $0 }).dispose()
        }
        guard let result = box.value else { throw BenchmarkFailure("rivulet fetch: no result") }
        let window = try result.get()
        var checksum = 0
        for todo in window.todos {
            SQLiteWorkload.mix(
                &checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.isCompleted,
                position: todo.position, created: todo.createdAt.timeIntervalSince1970)
        }
        blackHole(window)
        try expectEqual(window.matchingCount, rows, "rivulet fetch count")
        try expectEqual(checksum, expected, "rivulet fetch checksum")
        return Sample(elapsed / 1e6)
    }

    /// Writes one todo through `create`; returns when its result arrived (after the commit).
    static func createOne(_ index: Int) throws -> UInt64 {
        let box = Box<UInt64?>(nil)
        let failure = Box<DatabaseError?>(nil)
        todos.create(title: SQLiteWorkload.title(index), notes: "", due: nil)
            .subscribe(onNext: { result in
                box.value = monotonicNanoseconds()
                if case .failure(let error) = result { failure.value = error }
            })
            .dispose()
        if let error = failure.value { throw error }
        guard let committed = box.value else { throw BenchmarkFailure("rivulet create: no result") }
        return committed
    }

    /// Write → observer callback for single-row `create`s while `observeActiveCount` is
    /// observed, delivered by an immediate scheduler, from the start of the write (the one
    /// instant every contestant exposes: Rivulet's result comes back after the commit's
    /// notification was queued, often after the reader already delivered). Returns the p50 in
    /// µs, with p99.
    public static func observe() throws -> Sample {
        try RivuletDatabase.ensureTodos(0, force: true)
        let latch = CallbackLatch()
        let subscription = todos.observeActiveCount(on: ImmediateScheduler())
            .subscribe(onNext: { result in
                if case .success(let count) = result { latch.deliver(count) }
            })
        defer { subscription.dispose() }
        guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("rivulet observe: no initial value") }
        var latencies: [Double] = []
        latencies.reserveCapacity(SQLiteWorkload.observedWrites)
        for index in 0..<SQLiteWorkload.observedWrites {
            let started = monotonicNanoseconds()
            _ = try createOne(index)
            guard let delivered = latch.wait(for: index + 1) else {
                throw BenchmarkFailure("rivulet observe: no callback for write \(index + 1)")
            }
            latencies.append(Double(delivered &- started) / 1e3)
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }

    /// How long one `create` takes while `observeCounts` (a query of a few milliseconds over
    /// the large table) is observed. Returns the median in ms, with the query's own duration.
    /// The table is filled once; each run adds its few rows to it.
    public static func observeSlowQuery() throws -> Sample {
        let path = try RivuletDatabase.path()
        if try RawFixtures.todoCount(at: path) < SQLiteWorkload.slowQueryRows {
            try RivuletDatabase.ensureTodos(SQLiteWorkload.slowQueryRows, force: true)
        }
        // The same write with nobody observing, for comparison.
        var unobserved: [Double] = []
        let before = try RawFixtures.todoCount(at: path)
        for write in 0..<SQLiteWorkload.slowQueryWrites / 2 {
            let start = monotonicNanoseconds()
            _ = try createOne(before + write)
            unobserved.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        // The same write again, each one made by a thread just woken from waiting for another
        // thread, as the observed writes below are (they wait for the observer's callback):
        // this separates what waking up costs a write from what observing costs it.
        var unobservedAfterWait: [Double] = []
        let handoff = CallbackLatch()
        let afterFirst = try RawFixtures.todoCount(at: path)
        for write in 0..<SQLiteWorkload.slowQueryWrites / 2 {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { handoff.deliver(write) }
            guard handoff.wait(for: write) != nil else { throw BenchmarkFailure("rivulet slow: no hand-off") }
            let start = monotonicNanoseconds()
            _ = try createOne(afterFirst + write)
            unobservedAfterWait.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        // And again, each one just after another thread ran the observed query's scan on a
        // connection of its own: the query's work without any observation, which separates
        // what that scan does to the next write (it fills the caches) from what observing adds.
        var unobservedAfterScan: [Double] = []
        let scanned = CallbackLatch()
        let afterSecond = try RawFixtures.todoCount(at: path)
        for write in 0..<SQLiteWorkload.slowQueryWrites / 2 {
            DispatchQueue.global().async {
                try? RawFixtures.scanLikeTheObservedQuery(at: path)
                scanned.deliver(write)
            }
            guard scanned.wait(for: write) != nil else { throw BenchmarkFailure("rivulet slow: no scan") }
            let start = monotonicNanoseconds()
            _ = try createOne(afterSecond + write)
            unobservedAfterScan.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        let rows = try RawFixtures.todoCount(at: path)
        let latch = CallbackLatch()
        let queryStart = monotonicNanoseconds()
        let subscription = todos.observeCounts(on: ImmediateScheduler())
            .subscribe(onNext: { result in
                if case .success(let counts) = result { latch.deliver(counts.total) }
            })
        defer { subscription.dispose() }
        // The first value is fetched before subscribe returns: that is the query's duration.
        let queryTime = Double(monotonicNanoseconds() - queryStart) / 1e6
        guard latch.wait(for: rows) != nil else { throw BenchmarkFailure("rivulet slow: no initial value") }
        var durations: [Double] = []
        for write in 0..<SQLiteWorkload.slowQueryWrites {
            let start = monotonicNanoseconds()
            _ = try createOne(rows + write)
            durations.append(Double(monotonicNanoseconds() - start) / 1e6)
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
