internal import CSQLiteBench
import Harness

/// A thin owner of one `sqlite3` handle, used the way a careful C programmer would: prepared
/// statements, bound values, no per-row allocation beyond the row's own strings.
final class RawConnection {
    let handle: OpaquePointer

    init(path: String, readOnly: Bool = false) throws {
        var pointer: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let code = sqlite3_open_v2(path, &pointer, access | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let pointer else {
            sqlite3_close_v2(pointer)
            throw BenchmarkFailure("sqlite3_open_v2 \(path): \(code)")
        }
        handle = pointer
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(sql) }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(sql) }
        return statement
    }

    func scalar(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure(sql) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    func failure(_ sql: String) -> BenchmarkFailure {
        BenchmarkFailure("\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }

    /// Opens (creating) a database with the shared pragmas and Rivulet's schema.
    static func create(path: String) throws -> RawConnection {
        let connection = try RawConnection(path: path)
        for pragma in SQLiteWorkload.pragmas { try connection.execute(pragma) }
        let schema = SQLiteWorkload.schema
        guard !schema.isEmpty else { throw BenchmarkFailure("no schema: Rivulet's database was not opened") }
        try connection.execute("BEGIN")
        for statement in schema { try connection.execute(statement) }
        try connection.execute("COMMIT")
        return connection
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound text before the call returns.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension RawConnection {
    /// Binds row `index` of the shared workload to Rivulet's insert statement.
    @inline(__always)
    func bindTodo(_ statement: OpaquePointer, index: Int, done: Bool) {
        let stamp = SQLiteWorkload.timestamp(index)
        sqlite3_bind_text(statement, 1, SQLiteWorkload.title(index), -1, transient)
        sqlite3_bind_text(statement, 2, "", -1, transient)
        sqlite3_bind_int64(statement, 3, done ? 1 : 0)
        sqlite3_bind_int64(statement, 4, stamp)
        sqlite3_bind_int64(statement, 5, stamp)
        if done { sqlite3_bind_int64(statement, 6, stamp) } else { sqlite3_bind_null(statement, 6) }
        sqlite3_bind_int64(statement, 7, SQLiteWorkload.position(index))
        sqlite3_bind_null(statement, 8)
    }

    /// Inserts rows `range` in one `BEGIN IMMEDIATE` transaction. A fixture (set-up work that
    /// is not measured) is written with a big page cache, which SQLite otherwise spills to its
    /// statement journal millions of times; the measured insert keeps the default cache.
    func insertTodos(_ range: Range<Int>, allActive: Bool = false, isFixture: Bool = false) throws {
        if isFixture { try execute("PRAGMA cache_size = -262144") }
        defer { if isFixture { try? execute("PRAGMA cache_size = -2000") } }
        try execute("BEGIN IMMEDIATE")
        let statement = try prepare(SQLiteWorkload.insertSQL)
        defer { sqlite3_finalize(statement) }
        for index in range {
            bindTodo(statement, index: index, done: !allActive && SQLiteWorkload.isDone(index))
            guard sqlite3_step(statement) == SQLITE_DONE else { throw failure(SQLiteWorkload.insertSQL) }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }
}
