import CSQLiteBench
import Dispatch
import Foundation
import Harness

/// The raw sqlite3 C API halves of the SQLite benchmarks: the floor the provider is held to.
public enum RawSQLite {
    /// Inserts `SQLiteWorkload.rows` todos in one transaction; returns milliseconds.
    public static func insert() throws -> Sample {
        let directory = try SQLiteWorkload.makeDirectory("raw-insert")
        defer { SQLiteWorkload.remove(directory) }
        let connection = try RawConnection.create(path: directory.appendingPathComponent("db.sqlite").path)
        let elapsed = try measureNanoseconds { try insertRows(connection, count: SQLiteWorkload.rows) }
        let count = try scalar(connection, "SELECT COUNT(*) FROM todo")
        try expectEqual(count, SQLiteWorkload.rows, "raw insert row count")
        return Sample(elapsed / 1e6)
    }

    static func insertRows(_ connection: RawConnection, count: Int, offset: Int = 0) throws {
        try connection.execute("BEGIN IMMEDIATE")
        let statement = try connection.prepare(SQLiteWorkload.insertSQL)
        defer { sqlite3_finalize(statement) }
        for index in offset..<(offset + count) {
            sqlite3_bind_text(statement, 1, SQLiteWorkload.title(index), -1, transient)
            sqlite3_bind_int64(statement, 2, SQLiteWorkload.isDone(index) ? 1 : 0)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw connection.failure(SQLiteWorkload.insertSQL) }
            sqlite3_reset(statement)
        }
        try connection.execute("COMMIT")
    }

    static func scalar(_ connection: RawConnection, _ sql: String) throws -> Int {
        let statement = try connection.prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw connection.failure(sql) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// A row as the fetch benchmark decodes it.
    struct Todo {
        var id: Int64
        var title: String
        var done: Bool
    }

    /// A database with `SQLiteWorkload.rows` todos, made once and read by every fetch run.
    final class FetchFixture {
        let directory: URL
        let connection: RawConnection

        init() throws {
            directory = try SQLiteWorkload.makeDirectory("raw-fetch")
            connection = try RawConnection.create(path: directory.appendingPathComponent("db.sqlite").path)
            try insertRows(connection, count: SQLiteWorkload.rows)
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
            let connection = current.connection
            var todos: [Todo] = []
            let elapsed = try measureNanoseconds {
                let statement = try connection.prepare(SQLiteWorkload.fetchSQL)
                defer { sqlite3_finalize(statement) }
                while true {
                    let code = sqlite3_step(statement)
                    if code == SQLITE_DONE { break }
                    guard code == SQLITE_ROW else { throw connection.failure(SQLiteWorkload.fetchSQL) }
                    let title = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
                    todos.append(
                        Todo(
                            id: sqlite3_column_int64(statement, 0), title: title,
                            done: sqlite3_column_int64(statement, 2) != 0))
                }
            }
            var checksum = 0
            for todo in todos {
                SQLiteWorkload.mix(&checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.done)
            }
            blackHole(todos)
            try expectEqual(checksum, expected, "raw fetch checksum")
            return Sample(elapsed / 1e6)
        }
    }

    /// Commit (the COMMIT statement returned) → observer callback for single-row inserts while an active-count query is
    /// observed: the writer commits, then the observed query re-runs on a read-only connection
    /// on a reader queue, and the value is handed to the observer on a notification queue
    /// (the shape of a pool-based provider, at its cheapest). Returns the p50 in µs, with p99.
    public static func observe() throws -> Sample {
        let directory = try SQLiteWorkload.makeDirectory("raw-observe")
        defer { SQLiteWorkload.remove(directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        let writer = try RawConnection.create(path: path)
        let reader = try RawConnection(path: path, readOnly: true)
        let insert = try writer.prepare(SQLiteWorkload.insertSQL)
        let count = try reader.prepare(SQLiteWorkload.activeCountSQL)
        defer {
            sqlite3_finalize(insert)
            sqlite3_finalize(count)
        }
        let readerQueue = DispatchQueue(label: "raw.reader")
        let notifyQueue = DispatchQueue(label: "raw.notify")
        let latch = CallbackLatch()
        let observer = RawObserver(reader: reader, statement: count, latch: latch, notifyQueue: notifyQueue)
        readerQueue.sync { observer.refetch() }
        guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("raw observe: no initial value") }
        var latencies: [Double] = []
        latencies.reserveCapacity(SQLiteWorkload.observedWrites)
        for index in 0..<SQLiteWorkload.observedWrites {
            try writer.execute("BEGIN IMMEDIATE")
            sqlite3_bind_text(insert, 1, SQLiteWorkload.title(index), -1, transient)
            sqlite3_bind_int64(insert, 2, 0)
            guard sqlite3_step(insert) == SQLITE_DONE else { throw writer.failure(SQLiteWorkload.insertSQL) }
            sqlite3_reset(insert)
            try writer.execute("COMMIT")
            let committed = monotonicNanoseconds()
            readerQueue.async { observer.refetch() }
            guard let delivered = latch.wait(for: index + 1) else {
                throw BenchmarkFailure("raw observe: no callback for write \(index + 1)")
            }
            latencies.append(Double(delivered &- committed) / 1e3)
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }
}

/// The observed query's re-run on the reader, handing changed values to the notify queue.
///
/// `@unchecked Sendable`: used only on the reader queue.
private final class RawObserver: @unchecked Sendable {
    let reader: RawConnection
    let statement: OpaquePointer
    let latch: CallbackLatch
    let notifyQueue: DispatchQueue
    var last: Int?

    init(reader: RawConnection, statement: OpaquePointer, latch: CallbackLatch, notifyQueue: DispatchQueue) {
        self.reader = reader
        self.statement = statement
        self.latch = latch
        self.notifyQueue = notifyQueue
    }

    func refetch() {
        guard sqlite3_step(statement) == SQLITE_ROW else { return }
        let value = Int(sqlite3_column_int64(statement, 0))
        sqlite3_reset(statement)
        guard value != last else { return }
        last = value
        let latch = latch
        notifyQueue.async { latch.deliver(value) }
    }
}

extension RawSQLite {
    /// The floor for `sqlite.observe_slow_query`: the same single-row write on the same table,
    /// with nobody observing. Returns the median write in ms.
    public static func writeFloor() throws -> Sample {
        let directory = try SQLiteWorkload.makeDirectory("raw-slow")
        defer { SQLiteWorkload.remove(directory) }
        let writer = try RawConnection.create(path: directory.appendingPathComponent("db.sqlite").path)
        let rows = SQLiteWorkload.slowQueryRows
        try insertRows(writer, count: rows)
        try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let insert = try writer.prepare(SQLiteWorkload.insertSQL)
        defer { sqlite3_finalize(insert) }
        var durations: [Double] = []
        for write in 0..<SQLiteWorkload.slowQueryWrites {
            durations.append(
                try measureNanoseconds {
                    try writer.execute("BEGIN IMMEDIATE")
                    sqlite3_bind_text(insert, 1, SQLiteWorkload.title(rows + write), -1, transient)
                    sqlite3_bind_int64(insert, 2, 0)
                    guard sqlite3_step(insert) == SQLITE_DONE else { throw writer.failure(SQLiteWorkload.insertSQL) }
                    sqlite3_reset(insert)
                    try writer.execute("COMMIT")
                } / 1e6)
        }
        return Sample(percentile(durations, 50))
    }
}
