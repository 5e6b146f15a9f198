import Dispatch
import Foundation
internal import GRDB
import Harness

/// The GRDB halves of the SQLite benchmarks, each written the fastest way GRDB documents:
/// a `DatabasePool` (WAL, readers beside the writer), prepared or cached statements, records
/// decoded by column index, and observations with a constant region so refetches run on a
/// reader rather than inside the writer's transaction.
public enum GRDBSQLite {
    static func makePool(_ directory: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(
            path: directory.appendingPathComponent("db.sqlite").path, configuration: configuration)
        // DatabasePool switches its writer to synchronous = NORMAL; every contestant runs at the
        // same level as Rivulet's provider.
        let schema = SQLiteWorkload.schema
        guard !schema.isEmpty else { throw BenchmarkFailure("no schema: Rivulet's database was not opened") }
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = \(SQLiteWorkload.synchronous)")
        }
        try pool.write { db in
            for statement in schema { try db.execute(sql: statement) }
        }
        return pool
    }

    /// The arguments of row `index` for Rivulet's insert statement.
    @inline(__always)
    static func arguments(_ index: Int, done: Bool) -> StatementArguments {
        let stamp = SQLiteWorkload.timestamp(index)
        return [
            SQLiteWorkload.title(index), "", done ? 1 : 0, stamp, stamp, done ? stamp : nil,
            SQLiteWorkload.position(index), nil,
        ]
    }

    static func insertRows(_ pool: DatabasePool, count: Int, offset: Int = 0, isFixture: Bool = false) throws {
        // A fixture (not measured) is written with a big page cache, as the raw fixtures are.
        if isFixture { try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -262144") } }
        defer {
            if isFixture {
                try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -2000") }
            }
        }
        try pool.write { db in
            let statement = try db.makeStatement(sql: SQLiteWorkload.insertSQL)
            for index in offset..<(offset + count) {
                try statement.execute(arguments: arguments(index, done: SQLiteWorkload.isDone(index)))
            }
        }
    }

    /// Inserts `SQLiteWorkload.rows` todos in one transaction; returns milliseconds.
    public static func insert() throws -> Sample {
        let directory = try SQLiteWorkload.makeDirectory("grdb-insert")
        defer { SQLiteWorkload.remove(directory) }
        let elapsed: Double
        do {
            let pool = try makePool(directory)
            elapsed = try measureNanoseconds { try insertRows(pool, count: SQLiteWorkload.rows) }
            let count = try pool.read { db in try Int.fetchOne(db, sql: SQLiteWorkload.countSQL) ?? 0 }
            try expectEqual(count, SQLiteWorkload.rows, "grdb insert row count")
        }
        return Sample(elapsed / 1e6)
    }

    /// A todo as the fetch decodes it: the same fields and types as Rivulet's `TodoObject`.
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

        init(row: Row) throws {
            id = row[0]
            title = row[1]
            notes = row[2]
            isCompleted = row[3]
            createdAt = Date(timeIntervalSince1970: Double(row[4] as Int64) / 1000)
            updatedAt = Date(timeIntervalSince1970: Double(row[5] as Int64) / 1000)
            completedAt = (row[6] as Int64?).map { Date(timeIntervalSince1970: Double($0) / 1000) }
            position = row[7]
            dueAt = (row[8] as Int64?).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        }
    }

    /// A database with `SQLiteWorkload.rows` todos, made once and read by every fetch run.
    final class FetchFixture {
        let directory: URL
        let pool: DatabasePool

        init() throws {
            directory = try SQLiteWorkload.makeDirectory("grdb-fetch")
            pool = try makePool(directory)
            try insertRows(pool, count: SQLiteWorkload.rows, isFixture: true)
        }

        deinit { SQLiteWorkload.remove(directory) }
    }

    /// Reads every todo into structs the way Rivulet's `fetchWindow` does (count, then the
    /// window in manual order, in one read transaction); returns milliseconds.
    public static func makeFetch() -> () throws -> Sample {
        var fixture: (FetchFixture, expected: Int)?
        let rows = SQLiteWorkload.rows
        return {
            let (current, expected) = try fixture ?? (FetchFixture(), SQLiteWorkload.expectedChecksum(rows: rows))
            fixture = (current, expected)
            var todos: [Todo] = []
            var matching = 0
            let elapsed = try measureNanoseconds {
                (matching, todos) = try current.pool.read { db in
                    let matching = try Int.fetchOne(db, sql: SQLiteWorkload.countSQL) ?? 0
                    return (matching, try Todo.fetchAll(db, sql: SQLiteWorkload.fetchSQL, arguments: [rows, 0]))
                }
            }
            var checksum = 0
            for todo in todos {
                SQLiteWorkload.mix(
                    &checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.isCompleted,
                    position: todo.position, created: todo.createdAt.timeIntervalSince1970)
            }
            blackHole(todos)
            try expectEqual(matching, rows, "grdb fetch count")
            try expectEqual(checksum, expected, "grdb fetch checksum")
            return Sample(elapsed / 1e6)
        }
    }

    static func startCountObservation(
        _ pool: DatabasePool, sql: String = SQLiteWorkload.activeCountSQL, latch: CallbackLatch
    ) -> AnyDatabaseCancellable {
        let observation = ValueObservation.trackingConstantRegion { db in
            try Int.fetchOne(db, sql: sql) ?? 0
        }.removeDuplicates()
        return observation.start(
            in: pool, scheduling: .async(onQueue: DispatchQueue(label: "grdb.notify")),
            onError: { error in progress("grdb observation failed: \(error)") },
            onChange: { latch.deliver($0) })
    }

    static func writeOne(_ pool: DatabasePool, index: Int) throws {
        try pool.write { db in
            try db.cachedStatement(sql: SQLiteWorkload.insertSQL).execute(arguments: arguments(index, done: false))
        }
    }

    /// Write → observer callback, from the start of the write call, for single-row inserts while an
    /// active-count query is observed. Returns the p50 in µs, with p99.
    public static func observe() throws -> Sample {
        let directory = try SQLiteWorkload.makeDirectory("grdb-observe")
        defer { SQLiteWorkload.remove(directory) }
        var latencies: [Double] = []
        do {
            let pool = try makePool(directory)
            let latch = CallbackLatch()
            let cancellable = startCountObservation(pool, latch: latch)
            defer { cancellable.cancel() }
            guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("grdb observe: no initial value") }
            for index in 0..<SQLiteWorkload.observedWrites {
                let started = monotonicNanoseconds()
                try writeOne(pool, index: index)
                guard let delivered = latch.wait(for: index + 1) else {
                    throw BenchmarkFailure("grdb observe: no callback for write \(index + 1)")
                }
                latencies.append(Double(delivered &- started) / 1e3)
            }
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }

    /// How long one single-row write call takes while the counts of a large table (a query of
    /// a few milliseconds) are observed. Returns the median in ms, with the observed query's
    /// own duration. The table is filled once; each run adds its few rows to it.
    public static func makeObserveSlowQuery() -> () throws -> Sample {
        var fixture: (directory: URL, pool: DatabasePool)?
        return {
            let pool: DatabasePool
            if let fixture {
                pool = fixture.pool
            } else {
                let directory = try SQLiteWorkload.makeDirectory("grdb-slow")
                pool = try makePool(directory)
                try insertRows(pool, count: SQLiteWorkload.slowQueryRows, isFixture: true)
                // Start from an empty WAL, so no write pays for checkpointing the bulk insert.
                try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
                fixture = (directory, pool)
            }
            var durations: [Double] = []
            // The same write with nobody observing, for comparison.
            var unobserved: [Double] = []
            let before = try pool.read { db in try Int.fetchOne(db, sql: SQLiteWorkload.countSQL) ?? 0 }
            for write in 0..<SQLiteWorkload.slowQueryWrites / 2 {
                unobserved.append(try measureNanoseconds { try writeOne(pool, index: before + write) } / 1e6)
            }
            let rows = try pool.read { db in try Int.fetchOne(db, sql: SQLiteWorkload.countSQL) ?? 0 }
            let queryTime =
                try measureNanoseconds {
                    _ = try pool.read { db in try Row.fetchOne(db, sql: SQLiteWorkload.countsSQL) }
                } / 1e6
            let latch = CallbackLatch()
            let cancellable = startCountObservation(pool, sql: SQLiteWorkload.countsSQL, latch: latch)
            defer { cancellable.cancel() }
            guard latch.wait(for: rows) != nil else { throw BenchmarkFailure("grdb slow: no initial value") }
            for write in 0..<SQLiteWorkload.slowQueryWrites {
                durations.append(try measureNanoseconds { try writeOne(pool, index: rows + write) } / 1e6)
                guard latch.wait(for: rows + write + 1) != nil else {
                    throw BenchmarkFailure("grdb slow: no callback for write \(write + 1)")
                }
            }
            return Sample(
                percentile(durations, 50),
                extras: [("query_ms", queryTime), ("unobserved_ms", percentile(unobserved, 50))])
        }
    }
}
