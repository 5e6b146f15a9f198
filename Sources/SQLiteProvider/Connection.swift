internal import CSQLite

/// One SQLite connection, used only on the serial queue of the ``SQLiteDatabase`` that owns it.
///
/// It keeps a cache of prepared statements and, through SQLite's authorizer, learns at compile
/// time which tables each statement reads and writes (including writes made by triggers and
/// foreign-key actions, and `DELETE FROM t` without a `WHERE`, which the update hook cannot
/// see). Write transactions collect the tables their statements touch; observed fetches collect
/// the tables their statements read.
public final class Connection {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]

    // Filled by the authorizer while a statement compiles.
    fileprivate var compiledReads: Set<String> = []
    fileprivate var compiledWrites: Set<String> = []
    fileprivate var compiledSchemaChange = false
    fileprivate var hasCompiledSomething = false

    /// The current write transaction's serial number; statements use it to record their write
    /// set once per transaction rather than once per step.
    private(set) var transactionSerial = 0
    private(set) var isTrackingWrites = false
    private(set) var changes = DatabaseChanges()

    /// The tables read since ``startRecordingReads()``, or `nil` when not recording.
    private var recordedReads: Set<String>?
    private var readSerial = 0

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Opens a connection; `path` may be `":memory:"`.
    package static func open(
        path: String, flags: Int32, busyTimeoutMilliseconds: Int32
    ) throws(DatabaseError) -> Connection {
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle = pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            sqlite3_close_v2(pointer)
            throw DatabaseError.fromSQLite(code: code, message: message, sql: nil, path: path)
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        TextFunctions.register(on: handle)
        let connection = Connection(handle: handle)
        sqlite3_set_authorizer(handle, authorizerCallback, Unmanaged.passUnretained(connection).toOpaque())
        return connection
    }

    /// Finalizes every cached statement and closes the connection.
    package func close() {
        cache.removeAll()
        sqlite3_set_authorizer(handle, nil, nil)
        sqlite3_close_v2(handle)
    }

    /// The error SQLite reports for `code`, with its message.
    func error(code: Int32, sql: String?) -> DatabaseError {
        let path = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? ""
        return DatabaseError.fromSQLite(
            code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path.isEmpty ? nil : path)
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    // MARK: Statements

    /// The cached prepared statement for `sql`, compiled on first use.
    public func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try prepare(sql, persistent: true)
        cache[sql] = statement
        return statement
    }

    /// Compiles `sql`, which must hold one statement.
    public func prepare(_ sql: String, persistent: Bool = false) throws(DatabaseError) -> Statement {
        var pointer: OpaquePointer?
        clearCompiled()
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(handle, sql, -1, flags, &pointer, nil)
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
        guard let pointer else {
            throw DatabaseError(kind: .misuse, code: SQLITE_MISUSE, message: "empty statement", sql: sql)
        }
        let statement = Statement(handle: pointer, sql: sql, connection: self)
        absorbCompiled(into: statement)
        return statement
    }

    /// Runs `sql` once with `arguments` bound to its `?` parameters, ignoring rows. The text is
    /// used as is: interpolate values with the ``SQL`` form instead.
    public func execute(_ sql: String, _ arguments: [SQLValue]) throws(DatabaseError) {
        let statement = try cachedStatement(sql)
        statement.reset()
        defer { statement.reset() }
        statement.bind(arguments)
        try statement.run()
    }

    /// Runs a script of several statements (migrations). Values cannot be bound here.
    public func executeScript(_ sql: String) throws(DatabaseError) {
        clearCompiled()
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        if isTrackingWrites {
            changes.tables.formUnion(compiledWrites)
            if compiledSchemaChange { changes.schemaChanged = true }
        }
        if let recorded = recordedReads { recordedReads = recorded.union(compiledReads) }
        clearCompiled()
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
    }

    /// Runs `sql` with `arguments` and decodes every row with `decode`; `capacity` is how many
    /// rows are expected, when known.
    @inlinable
    public func fetchAll<Row>(
        _ sql: String, _ arguments: [SQLValue], capacity: Int = 0,
        decode: (Statement) throws(DatabaseError) -> Row
    ) throws(DatabaseError) -> [Row] {
        try withStatement(sql, arguments) { (statement) throws(DatabaseError) in
            var rows: [Row] = []
            rows.reserveCapacity(capacity)
            while try statement.step() {
                rows.append(try decode(statement))
            }
            return rows
        }
    }

    /// Runs `sql` with `arguments` and decodes the first row, if any.
    @inlinable
    public func fetchOne<Row>(
        _ sql: String, _ arguments: [SQLValue], decode: (Statement) throws(DatabaseError) -> Row
    ) throws(DatabaseError) -> Row? {
        try withStatement(sql, arguments) { (statement) throws(DatabaseError) in
            guard try statement.step() else { return nil }
            return try decode(statement)
        }
    }

    /// Runs `body` with the cached statement for `sql`, `arguments` bound, before its first row:
    /// `body` steps through the rows it wants (``Statement/step()``) and reads their columns,
    /// for a pass over many rows that keeps none of them (a count, the best few of a sort).
    /// The statement is reset afterwards, so it must not be kept; what it reads and writes
    /// counts for observation as any fetch's does.
    ///
    /// ```swift
    /// let longest = try db.withStatement("SELECT name FROM habit", []) { rows throws(DatabaseError) in
    ///     var longest = 0
    ///     while try rows.step() { longest = max(longest, rows.string(at: 0).count) }
    ///     return longest
    /// }
    /// ```
    @inlinable
    public func withStatement<Result>(
        _ sql: String, _ arguments: [SQLValue], _ body: (Statement) throws(DatabaseError) -> Result
    ) throws(DatabaseError) -> Result {
        let statement = try cachedStatement(sql)
        statement.reset()
        defer { statement.reset() }
        statement.bind(arguments)
        willRun(statement)
        defer { didRun(statement) }
        return try body(statement)
    }

    /// The first column of the first row as an integer, or 0 when there is no row.
    public func fetchInt(_ sql: String, _ arguments: [SQLValue]) throws(DatabaseError) -> Int64 {
        try fetchOne(sql, arguments) { $0.int64(at: 0) } ?? 0
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last statement changed.
    public var changedRowCount: Int { Int(sqlite3_changes(handle)) }

    // MARK: Change tracking

    /// Starts collecting the tables that the statements of a new write transaction touch.
    func startTrackingWrites() {
        transactionSerial &+= 1
        changes = DatabaseChanges()
        isTrackingWrites = true
    }

    /// Stops collecting and returns what the transaction touched.
    @discardableResult
    func stopTrackingWrites() -> DatabaseChanges {
        isTrackingWrites = false
        let result = changes
        changes = DatabaseChanges()
        return result
    }

    /// Starts collecting the tables that statements read, for an observed fetch.
    func startRecordingReads() {
        readSerial &+= 1
        recordedReads = []
    }

    /// Stops collecting and returns the tables read.
    func stopRecordingReads() -> Set<String> {
        let result = recordedReads ?? []
        recordedReads = nil
        return result
    }

    /// Records what `statement` touches, before it runs.
    @inline(__always)
    @usableFromInline
    package func willRun(_ statement: Statement) {
        if isTrackingWrites && statement.recordedInTransaction != transactionSerial {
            statement.recordedInTransaction = transactionSerial
            changes.tables.formUnion(statement.writeTables)
            if statement.changesSchema { changes.schemaChanged = true }
        }
        if recordedReads != nil && statement.recordedInRead != readSerial {
            statement.recordedInRead = readSerial
            recordedReads?.formUnion(statement.readTables)
        }
    }

    /// Keeps what SQLite reported if it compiled something while `statement` ran (a
    /// re-preparation after a schema change, or an inner statement of a virtual table).
    @usableFromInline
    package func didRun(_ statement: Statement) {
        if hasCompiledSomething { absorbCompiled(into: statement) }
    }

    /// Runs `sql`, which changes only this connection's temp schema (a table of its own, such
    /// as ``FTS5PhraseMatcher``'s view of an index's terms): nothing another connection or an
    /// observer can see, so it is recorded neither as a schema change nor as a write.
    func executeInTemporarySchema(_ sql: String) throws(DatabaseError) {
        clearCompiled()
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        clearCompiled()
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
    }

    private func clearCompiled() {
        compiledReads.removeAll(keepingCapacity: true)
        compiledWrites.removeAll(keepingCapacity: true)
        compiledSchemaChange = false
        hasCompiledSomething = false
    }

    private func absorbCompiled(into statement: Statement) {
        statement.readTables.formUnion(compiledReads)
        statement.writeTables.formUnion(compiledWrites)
        if compiledSchemaChange { statement.changesSchema = true }
        if isTrackingWrites {
            changes.tables.formUnion(compiledWrites)
            if compiledSchemaChange { changes.schemaChanged = true }
        }
        if recordedReads != nil { recordedReads?.formUnion(compiledReads) }
        clearCompiled()
    }

    fileprivate func authorize(action: Int32, table: UnsafePointer<CChar>?) {
        hasCompiledSomething = true
        switch action {
        case SQLITE_READ:
            if let name = tableName(table) { compiledReads.insert(name) }
        case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
            if let name = tableName(table) { compiledWrites.insert(name) }
        case SQLITE_CREATE_INDEX...SQLITE_DROP_VIEW, SQLITE_ALTER_TABLE, SQLITE_REINDEX, SQLITE_CREATE_VTABLE,
            SQLITE_DROP_VTABLE:
            compiledSchemaChange = true
        default:
            break
        }
    }

    private func tableName(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let name = String(cString: pointer).lowercased()
        return name.hasPrefix("sqlite_") ? nil : name
    }
}

/// What a write transaction touched.
struct DatabaseChanges: Sendable, Equatable {
    /// Tables with inserted, updated or deleted rows (lower-cased).
    var tables: Set<String> = []
    /// Whether the schema changed, which may affect any query.
    var schemaChanged = false

    /// Whether nothing was touched.
    var isEmpty: Bool { tables.isEmpty && !schemaChanged }

    /// Whether a query reading `region` may see a different result after these changes.
    func affects(_ region: Set<String>?) -> Bool {
        guard let region, !schemaChanged else { return !isEmpty }
        return !tables.isDisjoint(with: region)
    }
}

private let authorizerCallback:
    @convention(c) (
        UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?
    ) -> Int32 = { context, action, first, _, _, _ in
        if let context {
            Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().authorize(action: action, table: first)
        }
        return SQLITE_OK
    }

extension DatabaseError {
    /// An error for SQLite result `code`, classified by its primary code. Where SQLite's own
    /// words ("locking protocol", "disk I/O error") would leave a person guessing, the message
    /// is a sentence that says what happened to the database at `path` and what to do, with
    /// SQLite's words after it.
    package static func fromSQLite(code: Int32, message: String, sql: String?, path: String? = nil) -> DatabaseError {
        let kind: Kind
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT: kind = .notADatabase
        case SQLITE_READONLY, SQLITE_PERM: kind = .readOnly
        default: kind = .sqlite
        }
        let explained = explanation(forPrimaryCode: code & 0xFF, database: path.map { "the database \($0)" })
        let text = explained.map { "\($0) (SQLite: \(message))" } ?? path.map { "\(message): \($0)" } ?? message
        return DatabaseError(kind: kind, code: code, message: text, sql: sql)
    }

    /// What a primary result code means for a person, and what they can do; `nil` for codes
    /// whose SQLite message already says it (a constraint, a syntax error in a query).
    static func explanation(forPrimaryCode code: Int32, database: String?) -> String? {
        let name = database ?? "the database"
        switch code {
        case SQLITE_PROTOCOL:
            return "\(name) could not be locked: another process that uses it stopped in the middle of "
                + "recovering it (it may be suspended or frozen); resume or end that process, then try again"
        case SQLITE_BUSY:
            return "\(name) is busy: another process kept it locked for longer than the wait allows; "
                + "try again once that process has finished"
        case SQLITE_LOCKED:
            return "\(name) is locked by another operation in this program; try again"
        case SQLITE_IOERR:
            return "\(name) could not be read or written (a disk or file system error); "
                + "check the disk and that the file is a regular file on a working disk, then try again"
        case SQLITE_FULL:
            return "the disk that holds \(name) is full; free some space, then try again"
        case SQLITE_CANTOPEN:
            return "\(name) cannot be opened; check that its folder exists and that you may read and write it"
        case SQLITE_NOMEM:
            return "there was not enough memory to use \(name); close other programs, then try again"
        case SQLITE_NOLFS:
            return "\(name) is too large for this system's file support"
        case SQLITE_AUTH, SQLITE_PERM:
            return "\(name) may not be changed (permission denied); check its permissions"
        case SQLITE_READONLY:
            return "\(name) is read-only; make the file and its folder writable, then try again"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "\(name) is damaged or not a database; restore it from a backup or give another path"
        default:
            return nil
        }
    }
}
