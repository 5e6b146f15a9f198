public import CSQLite

/// Tells SQLite to copy bound text before `bind` returns.
@usableFromInline let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, owned by one ``Connection`` and used only on that connection's queue.
///
/// Columns are read by index and parameters are bound by index, so decoding a row into a DTO
/// costs no dictionary look-ups and no `Codable`.
public final class Statement {
    @usableFromInline let handle: OpaquePointer
    @usableFromInline let sql: String
    /// The owner. `unowned(unsafe)` avoids a reference-count check on every step: a
    /// connection finalizes its statements before it closes, so they never outlive it.
    @usableFromInline unowned(unsafe) let connection: Connection
    /// Tables this statement reads, as the authorizer reported them while it was compiled.
    package internal(set) var readTables: Set<String> = []
    /// Tables this statement writes, directly or through triggers and foreign-key actions.
    package internal(set) var writeTables: Set<String> = []
    /// The write transaction whose change set already includes `writeTables`.
    var recordedInTransaction = -1
    /// The observed fetch whose region already includes `readTables`.
    var recordedInRead = -1
    /// Whether compiling this statement reported a schema change (DDL).
    var changesSchema = false

    init(handle: OpaquePointer, sql: String, connection: Connection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Ends the previous run so the statement can run again (and releases its read lock).
    /// Bindings stay; every caller binds all parameters of its statement before each run.
    @inlinable @inline(__always)
    public func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Binding (parameters count from 1)

    /// Binds a value to parameter `index` (from 1).
    @inlinable @inline(__always)
    public func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(handle, index, value)
    }

    /// Binds a value to parameter `index` (from 1).
    @inlinable @inline(__always)
    public func bind(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds a value to parameter `index` (from 1).
    @inlinable @inline(__always)
    public func bind(_ value: Bool, at index: Int32) {
        sqlite3_bind_int64(handle, index, value ? 1 : 0)
    }

    /// Binds a value to parameter `index` (from 1).
    @inlinable @inline(__always)
    public func bind(_ value: Double, at index: Int32) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds a value to parameter `index` (from 1).
    @inlinable @inline(__always)
    public func bind(_ value: String, at index: Int32) {
        var value = value
        value.withUTF8 { buffer in
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
                Int32(buffer.count), sqliteTransient)
        }
    }

    /// Binds a value to parameter `index` (from 1).
    @inlinable @inline(__always)
    public func bind(_ value: String?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds a value to parameter `index` (from 1).
    public func bind(_ value: SQLValue, at index: Int32) {
        switch value {
        case .integer(let number): bind(number, at: index)
        case .real(let number): bind(number, at: index)
        case .text(let text): bind(text, at: index)
        case .blob(let bytes):
            bytes.withUnsafeBytes { buffer in
                _ = sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), sqliteTransient)
            }
        case .null: sqlite3_bind_null(handle, index)
        }
    }

    /// Binds `values` to the parameters, in order, from the first.
    public func bind(_ values: [SQLValue]) {
        for (offset, value) in values.enumerated() {
            bind(value, at: Int32(offset + 1))
        }
    }

    // MARK: Stepping

    /// Runs the statement one step: `true` when a row is ready to read, `false` when done.
    ///
    /// Callers step through ``Connection``'s helpers or ``run()``, which record the tables the
    /// statement touches once per run rather than once per row.
    @inlinable @inline(__always)
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw failure(of: code)
    }

    /// The error for a failed step, after the reset that ends the run.
    @usableFromInline
    func failure(of code: Int32) -> DatabaseError {
        let error = connection.error(code: code, sql: sql)
        sqlite3_reset(handle)
        return error
    }

    /// Runs the statement to its end, ignoring any rows.
    public func run() throws(DatabaseError) {
        connection.willRun(self)
        defer { connection.didRun(self) }
        while try step() {}
    }

    // MARK: Columns (count from 0)

    /// The integer in column `column` (from 0).
    @inlinable @inline(__always)
    public func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The integer in column `column` (from 0).
    @inlinable @inline(__always)
    public func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The number in column `column` (from 0).
    @inlinable @inline(__always)
    public func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// Whether the integer in column `column` (from 0) is not zero.
    @inlinable @inline(__always)
    public func bool(at column: Int32) -> Bool {
        sqlite3_column_int64(handle, column) != 0
    }

    /// Whether column `column` (from 0) is `NULL`.
    @inlinable @inline(__always)
    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The integer in column `column` (from 0), or `nil` for `NULL`.
    @inlinable @inline(__always)
    public func optionalInt64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : sqlite3_column_int64(handle, column)
    }

    /// The text in column `column` (from 0); empty for `NULL`.
    @inlinable @inline(__always)
    public func string(at column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The text in column `column` (from 0), or `nil` for `NULL`.
    @inlinable @inline(__always)
    public func optionalString(at column: Int32) -> String? {
        isNull(at: column) ? nil : string(at: column)
    }
}

extension Statement {
    var _columnCount: Int32 { sqlite3_column_count(handle) }

    func _columnName(_ column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }

    func _sqlValue(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT: return .text(string(at: column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
