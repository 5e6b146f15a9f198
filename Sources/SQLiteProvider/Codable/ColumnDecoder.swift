import Foundation

/// Decodes one value from one column of a row.
///
/// A type that asks it for a keyed or unkeyed container (a nested struct, an array) is decoded
/// from the column's JSON text instead: ``decode(_:)`` sees the request and starts a
/// `JSONDecoder` over the text.
struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let value: SQLValue
    let column: String
    let sql: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Thrown when the type being decoded asked for a container: the column holds JSON.
    private struct WantsJSON: Error {}

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw WantsJSON()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw WantsJSON() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try converted(type) }
    func decode(_ type: String.Type) throws -> String { try converted(type) }
    func decode(_ type: Double.Type) throws -> Double { try converted(type) }
    func decode(_ type: Int.Type) throws -> Int { try converted(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try converted(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try converted(type) }
    func decode(_ type: Float.Type) throws -> Float { Float(try converted(Double.self)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = type as? any SQLValueConvertible.Type {
            guard let result = convertible.init(sqlValue: value) as? T else { throw mismatch(T.self) }
            return result
        }
        if type == URL.self {
            guard case .text(let text) = value, let url = URL(string: text) as? T else { throw mismatch(T.self) }
            return url
        }
        do {
            return try T(from: self)
        } catch is WantsJSON {
            return try json(type)
        }
    }

    // MARK: Conversions

    private func converted<T: SQLValueConvertible>(_ type: T.Type) throws -> T {
        guard let result = T(sqlValue: value) else { throw mismatch(T.self) }
        return result
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .integer(let number) = value, let result = T(exactly: number) else { throw mismatch(T.self) }
        return result
    }

    private func json<T: Decodable>(_ type: T.Type) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let bytes): data = Data(bytes)
        default: throw mismatch(T.self)
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw DatabaseError(
                kind: .typeMismatch, message: "column \(column) does not hold \(T.self) as JSON: \(error)", sql: sql)
        }
    }

    private func mismatch(_ type: Any.Type) -> DatabaseError {
        DatabaseError(kind: .typeMismatch, message: "column \(column) holds \(value.typeName), not \(type)", sql: sql)
    }
}
