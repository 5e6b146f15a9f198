extension Connection {
    /// Inserts `record` as a new row of its table and returns it as stored: a copy told the new
    /// row's rowid by ``PersistableRecord/didInsert(rowID:)``.
    ///
    /// ```swift
    /// let run = try db.insert(Habit(id: nil, name: "Run", streak: 0))   // run.id == 1
    /// ```
    ///
    /// - Throws: a ``DatabaseError`` of kind ``DatabaseError/Kind/sqlite`` when SQLite refuses
    ///   the row (`code` `SQLITE_CONSTRAINT_PRIMARYKEY` when a row has its key already, another
    ///   constraint code for a `UNIQUE`, `NOT NULL` or `CHECK` constraint), or of kind
    ///   ``DatabaseError/Kind/invalidValue`` when a property cannot be stored.
    @discardableResult
    public func insert<Record: PersistableRecord>(_ record: Record) throws(DatabaseError) -> Record {
        let row = try _RecordRow(record)
        let sql = "INSERT INTO \(row.table) (\(row.columnList(row.allIndexes))) VALUES (\(row.placeholders))"
        try execute(sql, row.columns.values)
        var inserted = record
        inserted.didInsert(rowID: lastInsertedRowID)
        return inserted
    }

    /// Writes every column of `record` to the row that has its primary key.
    ///
    /// - Throws: ``DatabaseError/Kind/notFound`` when no row has that key (nothing is written),
    ///   or any error ``insert(_:)`` names.
    public func update<Record: PersistableRecord>(_ record: Record) throws(DatabaseError) {
        let row = try _RecordRow(record)
        // A record made of its key alone still finds its row: it sets the key to itself.
        let assigned = row.otherIndexes.isEmpty ? row.keyIndexes : row.otherIndexes
        let sql = "UPDATE \(row.table) SET \(row.assignments(assigned)) WHERE \(row.keyCondition)"
        try execute(sql, assigned.map { row.columns.values[$0] } + row.keyValues)
        guard changedRowCount > 0 else {
            throw DatabaseError(
                kind: .notFound,
                message:
                    "cannot update \(Record.self): no row of \(Record.databaseTableName) has \(row.keyDescription)",
                sql: sql)
        }
    }

    /// Inserts `record`, or, when a row has its primary key already, writes every other column
    /// to that row, in one statement (`INSERT … ON CONFLICT (key) DO UPDATE`). Returns the
    /// record as stored: when its key was `NULL`, a copy told the new row's rowid by
    /// ``PersistableRecord/didInsert(rowID:)``.
    ///
    /// - Throws: any error ``insert(_:)`` names but a conflict of the primary key.
    @discardableResult
    public func upsert<Record: PersistableRecord>(_ record: Record) throws(DatabaseError) -> Record {
        let row = try _RecordRow(record)
        var sql = "INSERT INTO \(row.table) (\(row.columnList(row.allIndexes))) VALUES (\(row.placeholders)) "
        sql += "ON CONFLICT (\(row.columnList(row.keyIndexes))) "
        if row.otherIndexes.isEmpty {
            sql += "DO NOTHING"
        } else {
            sql += "DO UPDATE SET "
            sql += row.otherIndexes.map { "\(row.quotedNames[$0]) = excluded.\(row.quotedNames[$0])" }
                .joined(separator: ", ")
        }
        try execute(sql, row.columns.values)
        var stored = record
        if row.keyValues.contains(.null) { stored.didInsert(rowID: lastInsertedRowID) }
        return stored
    }

    /// Deletes the row that has the primary key of `record`; returns whether there was one.
    @discardableResult
    public func delete<Record: PersistableRecord>(_ record: Record) throws(DatabaseError) -> Bool {
        let row = try _RecordRow(record)
        try execute("DELETE FROM \(row.table) WHERE \(row.keyCondition)", row.keyValues)
        return changedRowCount > 0
    }

    /// Deletes the row of `type`'s table whose one-column primary key is `key`; returns whether
    /// there was one (never for a `nil` key).
    ///
    /// - Throws: ``DatabaseError/Kind/misuse`` when the primary key has several columns (name
    ///   each with the dictionary form).
    @discardableResult
    public func delete<Record: PersistableRecord, Key: SQLValueConvertible>(
        _ type: Record.Type, key: Key?
    ) throws(DatabaseError) -> Bool {
        let condition = try _KeyCondition(Record.self, key: key)
        guard !condition.values.contains(.null) else { return false }
        try execute("DELETE FROM \(condition.table) WHERE \(condition.text)", condition.values)
        return changedRowCount > 0
    }

    /// Deletes the row of `type`'s table whose primary key has the values of `key`, one per
    /// key column, by name: `["note_id": 1, "tag_id": 2]`. Returns whether there was one.
    ///
    /// - Throws: ``DatabaseError/Kind/misuse`` when `key` does not name exactly the primary key
    ///   columns.
    @discardableResult
    public func delete<Record: PersistableRecord>(
        _ type: Record.Type, key: [String: any SQLValueConvertible]
    ) throws(DatabaseError) -> Bool {
        let condition = try _KeyCondition(Record.self, key: key)
        guard !condition.values.contains(.null) else { return false }
        try execute("DELETE FROM \(condition.table) WHERE \(condition.text)", condition.values)
        return changedRowCount > 0
    }

    /// The row of `type`'s table whose one-column primary key is `key`, or `nil` when there is
    /// none (or `key` is `nil`).
    ///
    /// - Throws: ``DatabaseError/Kind/misuse`` when the primary key has several columns;
    ///   ``DatabaseError/Kind/typeMismatch`` when the row does not decode.
    public func fetchOne<Record: PersistableRecord & FetchableRecord, Key: SQLValueConvertible>(
        _ type: Record.Type, key: Key?
    ) throws(DatabaseError) -> Record? {
        try fetchOne(Record.self, where: try _KeyCondition(Record.self, key: key))
    }

    /// The row of `type`'s table whose primary key has the values of `key`, one per key
    /// column, by name; `nil` when there is none.
    public func fetchOne<Record: PersistableRecord & FetchableRecord>(
        _ type: Record.Type, key: [String: any SQLValueConvertible]
    ) throws(DatabaseError) -> Record? {
        try fetchOne(Record.self, where: try _KeyCondition(Record.self, key: key))
    }

    private func fetchOne<Record: FetchableRecord>(
        _ type: Record.Type, where condition: _KeyCondition
    ) throws(DatabaseError) -> Record? {
        guard !condition.values.contains(.null) else { return nil }
        return try fetchOne("SELECT * FROM \(condition.table) WHERE \(condition.text)", condition.values) {
            (row) throws(DatabaseError) in try Record(row: row)
        }
    }
}

/// A record's columns, with its table and the SQL fragments that name them.
private struct _RecordRow {
    let table: String
    let columns: RecordColumns
    let quotedNames: [String]
    /// The indexes of the primary key columns, in the key's order.
    let keyIndexes: [Int]
    /// The indexes of the other columns, in the record's order.
    let otherIndexes: [Int]

    init<Record: PersistableRecord>(_ record: Record) throws(DatabaseError) {
        table = try quotedName(Record.databaseTableName, of: Record.self)
        columns = try RecordColumns(of: record)
        var quotedNames: [String] = []
        for name in columns.names { quotedNames.append(try quotedName(name, of: Record.self)) }
        self.quotedNames = quotedNames
        let keyColumns = try primaryKey(of: Record.self)
        var keyIndexes: [Int] = []
        for column in keyColumns {
            guard let index = columns.index(of: column) else {
                throw DatabaseError(
                    kind: .misuse,
                    message: "\(Record.self) has no property for its primary key column \(column) "
                        + "(it encodes \(columns.names.joined(separator: ", ")))")
            }
            keyIndexes.append(index)
        }
        self.keyIndexes = keyIndexes
        otherIndexes = columns.names.indices.filter { !keyIndexes.contains($0) }
    }

    var allIndexes: Range<Int> { columns.names.indices }
    var placeholders: String { Array(repeating: "?", count: columns.names.count).joined(separator: ", ") }
    var keyValues: [SQLValue] { keyIndexes.map { columns.values[$0] } }
    var keyCondition: String { keyIndexes.map { "\(quotedNames[$0]) = ?" }.joined(separator: " AND ") }

    var keyDescription: String {
        keyIndexes.map { "\(columns.names[$0]) = \(columns.values[$0].shortDescription)" }
            .joined(separator: " and ")
    }

    func columnList(_ indexes: some Sequence<Int>) -> String {
        indexes.map { quotedNames[$0] }.joined(separator: ", ")
    }

    func assignments(_ indexes: [Int]) -> String {
        indexes.map { "\(quotedNames[$0]) = ?" }.joined(separator: ", ")
    }
}

/// `WHERE` text and values that find one row of a record's table by its primary key.
private struct _KeyCondition {
    let table: String
    let text: String
    let values: [SQLValue]

    /// The condition on a one-column key.
    init<Record: PersistableRecord, Key: SQLValueConvertible>(
        _ type: Record.Type, key: Key?
    ) throws(DatabaseError) {
        let keyColumns = try primaryKey(of: Record.self)
        guard keyColumns.count == 1 else {
            throw DatabaseError(
                kind: .misuse,
                message: "the primary key of \(Record.self) has \(keyColumns.count) columns "
                    + "(\(keyColumns.joined(separator: ", "))): give a value for each, by name")
        }
        try self.init(Record.self, columns: keyColumns, values: [key?.sqlValue ?? .null])
    }

    /// The condition on every key column, each named in `key`.
    init<Record: PersistableRecord>(
        _ type: Record.Type, key: [String: any SQLValueConvertible]
    ) throws(DatabaseError) {
        let keyColumns = try primaryKey(of: Record.self)
        var values: [SQLValue] = []
        for column in keyColumns {
            let wanted = column.lowercased()
            guard let value = key.first(where: { $0.key.lowercased() == wanted })?.value else { break }
            values.append(value.sqlValue)
        }
        guard values.count == keyColumns.count, key.count == keyColumns.count else {
            throw DatabaseError(
                kind: .misuse,
                message: "a key of \(Record.self) names its primary key columns "
                    + "(\(keyColumns.joined(separator: ", "))); this one names "
                    + "\(key.keys.sorted().joined(separator: ", "))")
        }
        try self.init(Record.self, columns: keyColumns, values: values)
    }

    private init<Record: PersistableRecord>(
        _ type: Record.Type, columns: [String], values: [SQLValue]
    ) throws(DatabaseError) {
        table = try quotedName(Record.databaseTableName, of: Record.self)
        var conditions: [String] = []
        for column in columns { conditions.append("\(try quotedName(column, of: Record.self)) = ?") }
        text = conditions.joined(separator: " AND ")
        self.values = values
    }
}

/// The primary key columns of `type`, which must name at least one.
private func primaryKey<Record: PersistableRecord>(of type: Record.Type) throws(DatabaseError) -> [String] {
    let columns = Record.primaryKeyColumns
    guard !columns.isEmpty else {
        throw DatabaseError(kind: .misuse, message: "\(Record.self) names no primary key column")
    }
    return columns
}

/// `name` quoted as an SQL identifier. SQLite reads SQL text up to its first NUL, so a name that
/// holds one is refused rather than cut short.
private func quotedName<Record>(_ name: String, of type: Record.Type) throws(DatabaseError) -> String {
    guard !name.utf8.contains(0), !name.isEmpty else {
        throw DatabaseError(
            kind: .invalidValue,
            message: "\(Record.self) names a table or column \(name.debugDescription), which SQL cannot name")
    }
    return quotedIdentifier(name)
}

extension SQLValue {
    /// The value in a few words, for messages: text is quoted and cut after 40 characters.
    var shortDescription: String {
        switch self {
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let text):
            return text.count > 40 ? String(text.prefix(40)).debugDescription + "…" : text.debugDescription
        case .blob(let bytes): return "a blob of \(bytes.count) bytes"
        case .null: return "NULL"
        }
    }
}
