import Foundation

/// The columns of an `Encodable` record: one per key of its `encode(to:)`, in the order it
/// encodes them, each with the value SQLite stores.
///
/// A property stores the way the decoding side reads it (``ColumnDecoder``): an
/// ``SQLValueConvertible`` value as its ``SQLValueConvertible/sqlValue``, a `URL` as its text,
/// any type that encodes one value (an enum with a raw value) as that value, `nil` as `NULL`,
/// and a type that encodes a keyed or unkeyed container (a nested struct, an array) as JSON text.
struct RecordColumns {
    /// The column names, as the keys spell them.
    private(set) var names: [String] = []
    /// The values, in the order of ``names``.
    private(set) var values: [SQLValue] = []

    /// The columns of `record`.
    ///
    /// - Throws: ``DatabaseError/Kind/invalidValue`` naming the type and the property when a
    ///   value cannot be stored in a column (an integer out of SQLite's range, a property that
    ///   encodes nothing or two values, JSON that cannot be written), or when the record does not
    ///   encode as keys and values, or encodes none.
    init<Record: Encodable>(of record: Record) throws(DatabaseError) {
        let storage = _RecordStorage(typeName: "\(Record.self)")
        do {
            try record.encode(to: _RecordEncoder(storage: storage))
        } catch {
            throw storage.failure ?? storage.error(describing: error)
        }
        if let failure = storage.failure { throw failure }
        guard !storage.names.isEmpty else {
            throw DatabaseError(kind: .invalidValue, message: "\(Record.self) encodes no column to store")
        }
        names = storage.names
        values = storage.values
    }

    /// The index of the column named `name`, compared without regard to case as SQLite does.
    func index(of name: String) -> Int? {
        let wanted = name.lowercased()
        return names.firstIndex { $0.lowercased() == wanted }
    }
}

/// What the containers of one record write to. A class: containers are values that share it.
private final class _RecordStorage {
    let typeName: String
    /// A container that only swallows what it is given (inside a value stored as JSON).
    let isDiscarding: Bool
    var names: [String] = []
    var values: [SQLValue] = []
    /// The first failure noticed where an encoder may not throw (asking for a container).
    var failure: DatabaseError?

    init(typeName: String, isDiscarding: Bool = false) {
        self.typeName = typeName
        self.isDiscarding = isDiscarding
    }

    func set(_ value: SQLValue, for name: String) {
        if let index = names.firstIndex(of: name) {
            values[index] = value
        } else {
            names.append(name)
            values.append(value)
        }
    }

    func fail(_ message: String) {
        if failure == nil { failure = DatabaseError(kind: .invalidValue, message: message) }
    }

    /// `error`, thrown by a record's own `encode(to:)`, as a ``DatabaseError``.
    func error(describing error: any Error) -> DatabaseError {
        if let error = error as? DatabaseError { return error }
        return DatabaseError(kind: .invalidValue, message: "cannot store \(typeName): \(error)")
    }
}

/// Encodes a record: its keyed container is the row, a key per column.
private struct _RecordEncoder: Encoder {
    let storage: _RecordStorage
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(_RowContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.fail("\(storage.typeName) encodes as a list; a record encodes its properties by key, one per column")
        return _DiscardingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        storage.fail(
            "\(storage.typeName) encodes as a single value; a record encodes its properties by key, one per column")
        return _ColumnEncoder(column: "", typeName: storage.typeName)
    }
}

/// The row seen as a keyed container: a key is a column.
private struct _RowContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: _RecordStorage
    var codingPath: [any CodingKey] { [] }

    private func store<Value: Encodable>(_ value: Value?, _ key: Key) throws {
        guard !storage.isDiscarding else { return }
        let column = key.stringValue
        let sqlValue = try value.map { try _ColumnEncoder.sqlValue(of: $0, column: column, in: storage.typeName) }
        storage.set(sqlValue ?? .null, for: column)
    }

    mutating func encodeNil(forKey key: Key) throws {
        if !storage.isDiscarding { storage.set(.null, for: key.stringValue) }
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try store(value, key) }

    // `nil` is stored as NULL, not left out: an update must be able to clear a column.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try store(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try store(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        storage.fail(nestedMessage(key))
        return KeyedEncodingContainer(
            _RowContainer<NestedKey>(storage: _RecordStorage(typeName: "", isDiscarding: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.fail(nestedMessage(key))
        return _DiscardingUnkeyedContainer()
    }

    /// A superclass's properties are columns of the same row.
    mutating func superEncoder() -> any Encoder { _RecordEncoder(storage: storage) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        storage.fail(nestedMessage(key))
        return _RecordEncoder(storage: _RecordStorage(typeName: "", isDiscarding: true))
    }

    private func nestedMessage(_ key: Key) -> String {
        "\(storage.typeName).\(key.stringValue) opens a nested container inside the record's own encode(to:); "
            + "a column holds one value: encode a value of a type of its own (which is stored as JSON) instead"
    }
}

/// Encodes one property into one column, the way ``ColumnDecoder`` reads it back.
private struct _ColumnEncoder: Encoder, SingleValueEncodingContainer {
    /// What the property encoded. A class: the container is a value handed out by `encode(to:)`.
    final class Slot {
        var value: SQLValue?
        var wantsJSON = false
        var failure: DatabaseError?
    }

    let column: String
    let typeName: String
    let slot = Slot()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The value that stores `value` in `column` of a record of type `typeName`.
    static func sqlValue<Value: Encodable>(
        of value: Value, column: String, in typeName: String
    ) throws(DatabaseError) -> SQLValue {
        if let convertible = value as? any SQLValueConvertible { return convertible.sqlValue }
        if let url = value as? URL { return .text(url.absoluteString) }
        let encoder = _ColumnEncoder(column: column, typeName: typeName)
        do {
            try value.encode(to: encoder)
        } catch {
            throw encoder.slot.failure ?? encoder.failure("\(error)")
        }
        if let failure = encoder.slot.failure { throw failure }
        if encoder.slot.wantsJSON { return try encoder.json(value) }
        guard let stored = encoder.slot.value else {
            throw encoder.failure("\(Value.self) encodes no value")
        }
        return stored
    }

    private func failure(_ reason: String) -> DatabaseError {
        DatabaseError(kind: .invalidValue, message: "cannot store \(typeName).\(column) in a column: \(reason)")
    }

    private func json<Value: Encodable>(_ value: Value) throws(DatabaseError) -> SQLValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw failure("\(Value.self) cannot be written as JSON: \(error)")
        }
    }

    private func put(_ value: SQLValue) throws {
        guard slot.value == nil else {
            let error = failure("it encodes more than one value")
            slot.failure = error
            throw error
        }
        slot.value = value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.wantsJSON = true
        return KeyedEncodingContainer(_RowContainer<Key>(storage: _RecordStorage(typeName: "", isDiscarding: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.wantsJSON = true
        return _DiscardingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: SingleValueEncodingContainer

    mutating func encodeNil() throws { try put(.null) }
    mutating func encode(_ value: Bool) throws { try put(value.sqlValue) }
    mutating func encode(_ value: String) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Double) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Float) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Int) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Int8) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Int16) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Int32) throws { try put(value.sqlValue) }
    mutating func encode(_ value: Int64) throws { try put(value.sqlValue) }
    mutating func encode(_ value: UInt) throws { try put(try integer(value)) }
    mutating func encode(_ value: UInt8) throws { try put(value.sqlValue) }
    mutating func encode(_ value: UInt16) throws { try put(value.sqlValue) }
    mutating func encode(_ value: UInt32) throws { try put(value.sqlValue) }
    mutating func encode(_ value: UInt64) throws { try put(try integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try put(try Self.sqlValue(of: value, column: column, in: typeName))
    }

    /// An unsigned integer as SQLite's signed 64-bit integer, when it fits.
    private func integer<T: FixedWidthInteger>(_ value: T) throws -> SQLValue {
        guard let exact = Int64(exactly: value) else {
            let error = failure("\(value) is larger than the largest integer SQLite stores (\(Int64.max))")
            slot.failure = error
            throw error
        }
        return .integer(exact)
    }
}

/// A list inside a value stored as JSON: the JSON encoder writes it, so this one swallows it.
private struct _DiscardingUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(_RowContainer<NestedKey>(storage: _RecordStorage(typeName: "", isDiscarding: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }

    mutating func superEncoder() -> any Encoder {
        _RecordEncoder(storage: _RecordStorage(typeName: "", isDiscarding: true))
    }
}
