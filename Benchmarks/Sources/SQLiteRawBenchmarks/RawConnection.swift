import CSQLiteBench
import Harness

/// A thin owner of one `sqlite3` handle, used the way a careful C programmer would: prepared
/// statements, bound values, no per-row allocation beyond the row's own strings.
final class RawConnection {
    let handle: OpaquePointer

    init(path: String, readOnly: Bool = false) throws {
        var pointer: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
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

    func failure(_ sql: String) -> BenchmarkFailure {
        BenchmarkFailure("\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }

    /// Opens (creating) a database with the shared pragmas and schema.
    static func create(path: String) throws -> RawConnection {
        let connection = try RawConnection(path: path)
        for pragma in SQLiteWorkload.pragmas { try connection.execute(pragma) }
        try connection.execute(SQLiteWorkload.schema)
        return connection
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound text before the call returns.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
