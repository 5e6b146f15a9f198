internal import CSQLiteBench
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
        let elapsed = try measureNanoseconds { try connection.insertTodos(0..<SQLiteWorkload.rows) }
        try expectEqual(try connection.scalar(SQLiteWorkload.countSQL), SQLiteWorkload.rows, "raw insert row count")
        return Sample(elapsed / 1e6)
    }

    /// A todo as the fetch decodes it: the same fields and types as Rivulet's `TodoObject`.
    struct Todo {
        var id: Int64
        var title: String
        var notes: String
        var isCompleted: Bool
        var createdAt: Date
        var updatedAt: Date
        var completedAt: Date?
        var position: Int64
        var dueAt: Date?
    }

    /// A database with `SQLiteWorkload.rows` todos, made once and read by every fetch run.
    final class FetchFixture {
        let directory: URL
        let connection: RawConnection

        init() throws {
            directory = try SQLiteWorkload.makeDirectory("raw-fetch")
            connection = try RawConnection.create(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.insertTodos(0..<SQLiteWorkload.rows, isFixture: true)
        }

        deinit { SQLiteWorkload.remove(directory) }
    }

    @inline(__always)
    static func date(_ statement: OpaquePointer, _ column: Int32) -> Date {
        Date(timeIntervalSince1970: Double(sqlite3_column_int64(statement, column)) / 1000)
    }

    @inline(__always)
    static func optionalDate(_ statement: OpaquePointer, _ column: Int32) -> Date? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : date(statement, column)
    }

    @inline(__always)
    static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    /// Reads every todo into structs the way Rivulet's `fetchWindow` does (count, then the
    /// window in manual order, in one read transaction); returns milliseconds.
    public static func makeFetch() -> () throws -> Sample {
        var fixture: (FetchFixture, expected: Int)?
        let rows = SQLiteWorkload.rows
        return {
            let (current, expected) = try fixture ?? (FetchFixture(), SQLiteWorkload.expectedChecksum(rows: rows))
            fixture = (current, expected)
            let connection = current.connection
            var todos: [Todo] = []
            var matching = 0
            let elapsed = try measureNanoseconds {
                try connection.execute("BEGIN")
                matching = try connection.scalar(SQLiteWorkload.countSQL)
                let statement = try connection.prepare(SQLiteWorkload.fetchSQL)
                defer { sqlite3_finalize(statement) }
                sqlite3_bind_int64(statement, 1, Int64(rows))
                sqlite3_bind_int64(statement, 2, 0)
                while true {
                    let code = sqlite3_step(statement)
                    if code == SQLITE_DONE { break }
                    guard code == SQLITE_ROW else { throw connection.failure(SQLiteWorkload.fetchSQL) }
                    todos.append(
                        Todo(
                            id: sqlite3_column_int64(statement, 0), title: text(statement, 1),
                            notes: text(statement, 2), isCompleted: sqlite3_column_int64(statement, 3) != 0,
                            createdAt: date(statement, 4), updatedAt: date(statement, 5),
                            completedAt: optionalDate(statement, 6), position: sqlite3_column_int64(statement, 7),
                            dueAt: optionalDate(statement, 8)))
                }
                try connection.execute("COMMIT")
            }
            var checksum = 0
            for todo in todos {
                SQLiteWorkload.mix(
                    &checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.isCompleted,
                    position: todo.position, created: todo.createdAt.timeIntervalSince1970)
            }
            blackHole(todos)
            try expectEqual(matching, rows, "raw fetch count")
            try expectEqual(checksum, expected, "raw fetch checksum")
            return Sample(elapsed / 1e6)
        }
    }

    /// Write → observer callback for single-row inserts while the active count is observed,
    /// from the start of the write transaction (the one instant every contestant exposes). The shape of Rivulet's provider at its cheapest: after the
    /// commit the writer queues a re-run of the observed query on a read-only connection's
    /// queue, which hands a changed value straight to the observer. Returns the p50 in µs,
    /// with p99.
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
        let latch = CallbackLatch()
        let observer = RawObserver(reader: reader, statement: count, latch: latch)
        readerQueue.sync { observer.refetch() }
        guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("raw observe: no initial value") }
        var latencies: [Double] = []
        latencies.reserveCapacity(SQLiteWorkload.observedWrites)
        for index in 0..<SQLiteWorkload.observedWrites {
            let started = monotonicNanoseconds()
            try writer.execute("BEGIN IMMEDIATE")
            writer.bindTodo(insert, index: index, done: false)
            guard sqlite3_step(insert) == SQLITE_DONE else { throw writer.failure(SQLiteWorkload.insertSQL) }
            sqlite3_reset(insert)
            try writer.execute("COMMIT")
            readerQueue.async { observer.refetch() }
            guard let delivered = latch.wait(for: index + 1) else {
                throw BenchmarkFailure("raw observe: no callback for write \(index + 1)")
            }
            latencies.append(Double(delivered &- started) / 1e3)
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }

    /// The floor for `sqlite.observe_slow_query`: the same single-row write into the same large
    /// table, with nobody observing. Returns the median write in ms. The table is filled once;
    /// each run adds its few rows to it.
    public static func makeWriteFloor() -> () throws -> Sample {
        var fixture: (directory: URL, writer: RawConnection)?
        return {
            let writer: RawConnection
            if let fixture {
                writer = fixture.writer
            } else {
                let directory = try SQLiteWorkload.makeDirectory("raw-slow")
                writer = try RawConnection.create(path: directory.appendingPathComponent("db.sqlite").path)
                try writer.insertTodos(0..<SQLiteWorkload.slowQueryRows, isFixture: true)
                try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                fixture = (directory, writer)
            }
            let rows = try writer.scalar(SQLiteWorkload.countSQL)
            let insert = try writer.prepare(SQLiteWorkload.insertSQL)
            defer { sqlite3_finalize(insert) }
            var durations: [Double] = []
            for write in 0..<SQLiteWorkload.slowQueryWrites {
                durations.append(
                    try measureNanoseconds {
                        try writer.execute("BEGIN IMMEDIATE")
                        writer.bindTodo(insert, index: rows + write, done: false)
                        guard sqlite3_step(insert) == SQLITE_DONE else {
                            throw writer.failure(SQLiteWorkload.insertSQL)
                        }
                        sqlite3_reset(insert)
                        try writer.execute("COMMIT")
                    } / 1e6)
            }
            return Sample(percentile(durations, 50))
        }
    }
}

/// The observed query's re-run on the reader, handing changed values to the observer.
///
/// `@unchecked Sendable`: used only on the reader queue.
private final class RawObserver: @unchecked Sendable {
    let reader: RawConnection
    let statement: OpaquePointer
    let latch: CallbackLatch
    var last: Int?

    init(reader: RawConnection, statement: OpaquePointer, latch: CallbackLatch) {
        self.reader = reader
        self.statement = statement
        self.latch = latch
    }

    func refetch() {
        guard sqlite3_step(statement) == SQLITE_ROW else { return }
        let value = Int(sqlite3_column_int64(statement, 0))
        sqlite3_reset(statement)
        guard value != last else { return }
        last = value
        latch.deliver(value)
    }
}
