/// A statement positioned on a row of its result, as decoding closures and
/// ``FetchableRecord/init(row:)`` receive it; valid only until the closure returns.
public typealias Row = Statement

extension Connection {
    /// Runs `sql` once, its interpolated values bound, ignoring rows.
    ///
    /// ```swift
    /// try db.execute("UPDATE habit SET streak = streak + 1 WHERE id = \(id)")
    /// ```
    public func execute(_ sql: SQL) throws(DatabaseError) {
        try execute(sql.text, sql.arguments)
    }

    /// Every row of `sql`, each decoded by `decode`.
    @inlinable
    public func fetchAll<Value>(
        _ sql: SQL, decode: (Row) throws(DatabaseError) -> Value
    ) throws(DatabaseError)
        -> [Value]
    {
        try fetchAll(sql.text, sql.arguments, decode: decode)
    }

    /// The first row of `sql` decoded by `decode`, or `nil` when there is none.
    @inlinable
    public func fetchOne<Value>(
        _ sql: SQL, decode: (Row) throws(DatabaseError) -> Value
    ) throws(DatabaseError)
        -> Value?
    {
        try fetchOne(sql.text, sql.arguments, decode: decode)
    }

    /// Every row of `sql` as a `Record`.
    @inlinable
    public func fetchAll<Record: FetchableRecord>(_ type: Record.Type, _ sql: SQL) throws(DatabaseError) -> [Record] {
        try fetchAll(sql.text, sql.arguments) { (row) throws(DatabaseError) in try Record(row: row) }
    }

    /// The first row of `sql` as a `Record`, or `nil` when there is none.
    @inlinable
    public func fetchOne<Record: FetchableRecord>(_ type: Record.Type, _ sql: SQL) throws(DatabaseError) -> Record? {
        try fetchOne(sql.text, sql.arguments) { (row) throws(DatabaseError) in try Record(row: row) }
    }

    /// The first column of the first row of `sql`, or `nil` when there is no row or the value
    /// is `NULL`.
    ///
    /// ```swift
    /// let count: Int = try db.fetchValue("SELECT count(*) FROM habit") ?? 0
    /// ```
    ///
    /// - Throws: ``DatabaseError/Kind/typeMismatch`` when the value is not a `Value`.
    public func fetchValue<Value: SQLValueConvertible>(
        _ sql: SQL, as type: Value.Type = Value.self
    ) throws(DatabaseError) -> Value? {
        let value = try fetchOne(sql.text, sql.arguments) { (row) throws(DatabaseError) -> Value? in try row[0] }
        return value ?? nil
    }

    /// The first column of the first row of `sql` as an integer, or 0 when there is no row.
    public func fetchInt(_ sql: SQL) throws(DatabaseError) -> Int64 {
        try fetchInt(sql.text, sql.arguments)
    }
}

extension Statement {
    /// How many columns the result has.
    public var columnCount: Int { Int(_columnCount) }

    /// The name of column `index` (from 0), as the query spelled it.
    public func columnName(at index: Int) -> String {
        _columnName(Int32(index))
    }

    /// The index of the column named `name` (case-insensitive), or `nil`.
    public func columnIndex(named name: String) -> Int? {
        let wanted = name.lowercased()
        for index in 0..<columnCount where columnName(at: index).lowercased() == wanted {
            return index
        }
        return nil
    }

    /// The value of column `index` (from 0) as SQLite stores it.
    public func sqlValue(at index: Int) -> SQLValue {
        _sqlValue(Int32(index))
    }

    /// The value of column `index` (from 0) as a `Value`.
    ///
    /// - Throws: ``DatabaseError/Kind/typeMismatch`` when the column does not exist or holds
    ///   another type (`NULL` included; read an optional to accept it).
    public subscript<Value: SQLValueConvertible>(_ index: Int) -> Value {
        get throws(DatabaseError) {
            let stored = try checkedValue(at: index)
            guard let value = Value(sqlValue: stored) else { throw mismatch(stored, Value.self, column: index) }
            return value
        }
    }

    /// The value of column `index` (from 0) as a `Value`, or `nil` for `NULL`.
    ///
    /// - Throws: ``DatabaseError/Kind/typeMismatch`` when the column does not exist or holds
    ///   another type.
    public subscript<Value: SQLValueConvertible>(_ index: Int) -> Value? {
        get throws(DatabaseError) {
            let stored = try checkedValue(at: index)
            if stored == .null { return nil }
            guard let value = Value(sqlValue: stored) else { throw mismatch(stored, Value.self, column: index) }
            return value
        }
    }

    /// The value of the column named `name` as a `Value`.
    ///
    /// - Throws: ``DatabaseError/Kind/typeMismatch`` when there is no such column or it holds
    ///   another type (`NULL` included; read an optional to accept it).
    public subscript<Value: SQLValueConvertible>(_ name: String) -> Value {
        get throws(DatabaseError) { try self[try index(named: name)] }
    }

    /// The value of the column named `name` as a `Value`, or `nil` for `NULL`.
    ///
    /// - Throws: ``DatabaseError/Kind/typeMismatch`` when there is no such column or it holds
    ///   another type.
    public subscript<Value: SQLValueConvertible>(_ name: String) -> Value? {
        get throws(DatabaseError) { try self[try index(named: name)] }
    }

    private func index(named name: String) throws(DatabaseError) -> Int {
        guard let index = columnIndex(named: name) else {
            throw DatabaseError(kind: .typeMismatch, message: "the result has no column named \(name)", sql: sql)
        }
        return index
    }

    private func checkedValue(at index: Int) throws(DatabaseError) -> SQLValue {
        guard index >= 0, index < columnCount else {
            throw DatabaseError(
                kind: .typeMismatch, message: "column \(index) is out of range (the result has \(columnCount))",
                sql: sql)
        }
        return sqlValue(at: index)
    }

    private func mismatch<Value>(_ stored: SQLValue, _ type: Value.Type, column: Int) -> DatabaseError {
        DatabaseError(
            kind: .typeMismatch,
            message: "column \(columnName(at: column)) holds \(stored.typeName), not \(Value.self)", sql: sql)
    }
}

extension SQLValue {
    /// SQLite's name for the value's storage class.
    var typeName: String {
        switch self {
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "text"
        case .blob: "a blob"
        case .null: "NULL"
        }
    }
}
