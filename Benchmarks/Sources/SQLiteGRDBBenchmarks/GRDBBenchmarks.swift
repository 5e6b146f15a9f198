import Dispatch
import Foundation
import GRDB
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
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = \(SQLiteWorkload.synchronous)")
            try db.execute(sql: SQLiteWorkload.schema)
        }
        return pool
    }

    static func insertRows(_ pool: DatabasePool, count: Int, offset: Int = 0) throws {
        try pool.write { db in
            let statement = try db.makeStatement(sql: SQLiteWorkload.insertSQL)
            for index in offset..<(offset + count) {
                try statement.execute(arguments: [SQLiteWorkload.title(index), SQLiteWorkload.isDone(index) ? 1 : 0])
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
            let count = try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todo") ?? 0 }
            try expectEqual(count, SQLiteWorkload.rows, "grdb insert row count")
        }
        return Sample(elapsed / 1e6)
    }

    /// A row as the fetch benchmark decodes it.
    struct Todo: FetchableRecord {
        var id: Int64
        var title: String
        var done: Bool

        init(row: Row) throws {
            id = row[0]
            title = row[1]
            done = row[2]
        }
    }

    /// A database with `SQLiteWorkload.rows` todos, made once and read by every fetch run.
    final class FetchFixture {
        let directory: URL
        let pool: DatabasePool

        init() throws {
            directory = try SQLiteWorkload.makeDirectory("grdb-fetch")
            pool = try makePool(directory)
            try insertRows(pool, count: SQLiteWorkload.rows)
        }

        deinit { SQLiteWorkload.remove(directory) }
    }

    /// Reads every todo into structs; returns milliseconds.
    public static func makeFetch() -> () throws -> Sample {
        var fixture: FetchFixture?
        let expected = SQLiteWorkload.expectedChecksum(rows: SQLiteWorkload.rows)
        return {
            let current = try fixture ?? FetchFixture()
            fixture = current
            var todos: [Todo] = []
            let elapsed = try measureNanoseconds {
                todos = try current.pool.read { db in try Todo.fetchAll(db, sql: SQLiteWorkload.fetchSQL) }
            }
            var checksum = 0
            for todo in todos {
                SQLiteWorkload.mix(&checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.done)
            }
            blackHole(todos)
            try expectEqual(checksum, expected, "grdb fetch checksum")
            return Sample(elapsed / 1e6)
        }
    }

    static func startCountObservation(_ pool: DatabasePool, latch: CallbackLatch) -> AnyDatabaseCancellable {
        let observation = ValueObservation.trackingConstantRegion { db in
            try Int.fetchOne(db, sql: SQLiteWorkload.activeCountSQL) ?? 0
        }.removeDuplicates()
        return observation.start(
            in: pool, scheduling: .async(onQueue: DispatchQueue(label: "grdb.notify")),
            onError: { error in progress("grdb observation failed: \(error)") },
            onChange: { latch.deliver($0) })
    }

    static func writeOne(_ pool: DatabasePool, index: Int) throws {
        try pool.write { db in
            try db.cachedStatement(sql: SQLiteWorkload.insertSQL).execute(arguments: [SQLiteWorkload.title(index), 0])
        }
    }

    /// Commit (GRDB's `databaseDidCommit`, right after the COMMIT statement returned) → observer callback for single-row inserts while an
    /// active-count query is observed. Returns the p50 in µs, with p99.
    public static func observe() throws -> Sample {
        let directory = try SQLiteWorkload.makeDirectory("grdb-observe")
        defer { SQLiteWorkload.remove(directory) }
        var latencies: [Double] = []
        do {
            let pool = try makePool(directory)
            let latch = CallbackLatch()
            // Registered before the observation, so GRDB calls it first after each commit.
            let stamper = CommitStamper()
            pool.add(transactionObserver: stamper, extent: .observerLifetime)
            let cancellable = startCountObservation(pool, latch: latch)
            defer { cancellable.cancel() }
            guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("grdb observe: no initial value") }
            for index in 0..<SQLiteWorkload.observedWrites {
                try writeOne(pool, index: index)
                guard let delivered = latch.wait(for: index + 1) else {
                    throw BenchmarkFailure("grdb observe: no callback for write \(index + 1)")
                }
                latencies.append(Double(delivered &- stamper.committed) / 1e3)
            }
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }

    /// How long one single-row write call takes while the active count of a large table
    /// (a query of a few milliseconds) is observed. Returns the median in ms, with the
    /// observed query's own duration.
    public static func makeObserveSlowQuery() -> () throws -> Sample {
        {
            let directory = try SQLiteWorkload.makeDirectory("grdb-slow")
            defer { SQLiteWorkload.remove(directory) }
            var durations: [Double] = []
            var queryTime = 0.0
            do {
                let pool = try makePool(directory)
                let rows = SQLiteWorkload.slowQueryRows
                try insertRows(pool, count: rows)
                // Start from an empty WAL, so no write pays for checkpointing the bulk insert.
                try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
                let active = rows - rows / 2
                queryTime =
                    try measureNanoseconds {
                        _ = try pool.read { db in try Int.fetchOne(db, sql: SQLiteWorkload.activeCountSQL) }
                    } / 1e6
                let latch = CallbackLatch()
                let cancellable = startCountObservation(pool, latch: latch)
                defer { cancellable.cancel() }
                guard latch.wait(for: active) != nil else { throw BenchmarkFailure("grdb slow: no initial value") }
                for write in 0..<SQLiteWorkload.slowQueryWrites {
                    durations.append(try measureNanoseconds { try writeOne(pool, index: rows + write) } / 1e6)
                    guard latch.wait(for: active + write + 1) != nil else {
                        throw BenchmarkFailure("grdb slow: no callback for write \(write + 1)")
                    }
                }
            }
            return Sample(percentile(durations, 50), extras: [("query_ms", queryTime)])
        }
    }
}

/// Stamps the moment each commit completed, as GRDB reports it to transaction observers.
///
/// `@unchecked Sendable`: `stamp` is guarded by `lock`.
private final class CommitStamper: TransactionObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var stamp: UInt64 = 0

    var committed: UInt64 { lock.withLock { stamp } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {
        let now = monotonicNanoseconds()
        lock.withLock { stamp = now }
    }
    func databaseDidRollback(_ db: Database) {}
}
