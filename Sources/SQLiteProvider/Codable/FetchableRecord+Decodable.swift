import Foundation

/// A `Decodable` record needs no `init(row:)` of its own: each stored property is read from the
/// column of the same name (compared without regard to case), through its `CodingKeys` when it
/// has them.
///
/// ```swift
/// struct Habit: Codable, FetchableRecord {
///     var id: Int64
///     var name: String
///     var startedOn: Date      // text "2026-11-25 08:30:00", or seconds since 1970
///     var note: String?        // NULL, or a column the query did not select, becomes nil
/// }
/// let habits = try db.fetchAll(Habit.self, "SELECT id, name, startedOn, note FROM habit")
/// ```
///
/// A property reads its column the way ``SQLValueConvertible`` types do (`Int`, `Double`,
/// `String`, `Bool`, `[UInt8]`, your own conforming types), and also as `Float`, the other
/// fixed-width integers, `Date`, `Data`, `UUID` and `URL`, and any type that decodes from one
/// value (an enum with a raw value, say). A property whose type decodes as a keyed or unkeyed
/// container (a nested struct, an array) reads its column as JSON text.
///
/// Decoding by name costs a dictionary of column names per row; a hand-written `init(row:)`
/// that reads columns by index is the fastest form.
///
/// - Throws: ``DatabaseError/Kind/typeMismatch`` naming the column and the type when a column is
///   missing, `NULL` for a non-optional property, or holds another type.
extension FetchableRecord where Self: Decodable {
    /// Decodes the record from the current row, each key from the column of its name.
    public init(row: Row) throws(DatabaseError) {
        do {
            self = try Self(from: RowDecoder(row: row))
        } catch {
            throw DatabaseError(decoding: error, type: Self.self, sql: row.sql)
        }
    }
}

extension DatabaseError {
    /// The error a failed decoding gives: a ``DatabaseError`` thrown by a column as it is, any
    /// other error described in words as a type mismatch.
    init(decoding error: any Error, type: Any.Type, sql: String) {
        if let error = error as? DatabaseError {
            self = error
            return
        }
        let reason: String
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            reason = path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            reason = String(describing: error)
        }
        self.init(kind: .typeMismatch, message: "cannot decode \(type) from the row: \(reason)", sql: sql)
    }
}

/// Decodes a record from the current row of a statement, one column per key.
struct RowDecoder: Decoder {
    let row: Row
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row, columns: ColumnNames(row: row)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(
            kind: .typeMismatch, message: "a row decodes as a keyed record, not as an array", sql: row.sql)
    }

    /// A record that decodes from one value (a wrapper around a single column) reads column 0.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.columnCount == 1 else {
            throw DatabaseError(
                kind: .typeMismatch,
                message: "a single value is read from a result of one column; this one has \(row.columnCount)",
                sql: row.sql)
        }
        return ColumnDecoder(value: row.sqlValue(at: 0), column: row.columnName(at: 0), sql: row.sql)
    }
}

/// The row's column names, lowercased, with their indexes (the first of equal names wins).
struct ColumnNames {
    private let indexes: [String: Int]

    init(row: Row) {
        var indexes: [String: Int] = [:]
        indexes.reserveCapacity(row.columnCount)
        for index in 0..<row.columnCount {
            let name = row.columnName(at: index).lowercased()
            if indexes[name] == nil { indexes[name] = index }
        }
        self.indexes = indexes
    }

    subscript(key: some CodingKey) -> Int? { indexes[key.stringValue.lowercased()] }
}

/// The row seen as a keyed container: a key is a column name.
struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    let columns: ColumnNames
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { (0..<row.columnCount).compactMap { Key(stringValue: row.columnName(at: $0)) } }

    func contains(_ key: Key) -> Bool { columns[key] != nil }

    private func column(_ key: Key) throws -> ColumnDecoder {
        guard let index = columns[key] else {
            throw DatabaseError(
                kind: .typeMismatch, message: "the result has no column named \(key.stringValue)", sql: row.sql)
        }
        return ColumnDecoder(value: row.sqlValue(at: index), column: row.columnName(at: index), sql: row.sql)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = columns[key] else { return true }
        return row.isNull(at: Int32(index))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try column(key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try column(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try column(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { RowDecoder(row: row) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try column(key) }
}
