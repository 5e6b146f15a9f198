/// A Swift type that is stored in one SQLite column: it becomes an ``SQLValue`` when bound
/// and is read back from a column.
///
/// `Int`, `Int64`, `Int32`, `Int16`, `Int8`, `UInt32`, `UInt16`, `UInt8`, `Double`, `Float`,
/// `Bool`, `String` and `[UInt8]` conform, and so do `Date`, `Data` and `UUID`. Conform your own
/// types (an identifier wrapper, an enum) to store them the same way; a type with a raw value
/// that conforms needs no code of its own:
///
/// ```swift
/// enum Mood: String, SQLValueConvertible {
///     case good, bad
/// }
/// try db.execute("UPDATE entry SET mood = \(Mood.good) WHERE id = \(id)")
/// let mood: Mood = try row["mood"]
/// ```
public protocol SQLValueConvertible: Sendable {
    /// The value as SQLite stores it.
    var sqlValue: SQLValue { get }

    /// The Swift value of a stored value, or `nil` when it is of another type (a `NULL` in a
    /// column read as a non-optional value included).
    init?(sqlValue: SQLValue)
}

extension Int64: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(self) }

    /// The integer stored, or `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Int: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Int32: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value or one out of range.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue, let exact = Int32(exactly: value) else { return nil }
        self = exact
    }
}

extension Int16: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value or one out of range.
    public init?(sqlValue: SQLValue) {
        guard let exact = exactInteger(sqlValue, Self.self) else { return nil }
        self = exact
    }
}

extension Int8: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value or one out of range.
    public init?(sqlValue: SQLValue) {
        guard let exact = exactInteger(sqlValue, Self.self) else { return nil }
        self = exact
    }
}

extension UInt32: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value or one out of range.
    public init?(sqlValue: SQLValue) {
        guard let exact = exactInteger(sqlValue, Self.self) else { return nil }
        self = exact
    }
}

extension UInt16: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value or one out of range.
    public init?(sqlValue: SQLValue) {
        guard let exact = exactInteger(sqlValue, Self.self) else { return nil }
        self = exact
    }
}

extension UInt8: SQLValueConvertible {
    /// `.integer(self)`.
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    /// The integer stored, or `nil` for any other value or one out of range.
    public init?(sqlValue: SQLValue) {
        guard let exact = exactInteger(sqlValue, Self.self) else { return nil }
        self = exact
    }
}

/// The integer in `sqlValue` as a `T`, or `nil` when it is not an integer or does not fit.
private func exactInteger<T: FixedWidthInteger>(_ sqlValue: SQLValue, _ type: T.Type) -> T? {
    guard case .integer(let value) = sqlValue else { return nil }
    return T(exactly: value)
}

extension Bool: SQLValueConvertible {
    /// `.integer(1)` or `.integer(0)`.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }

    /// Whether the integer stored is not zero; `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let value) = sqlValue else { return nil }
        self = value != 0
    }
}

extension Double: SQLValueConvertible {
    /// `.real(self)`.
    public var sqlValue: SQLValue { .real(self) }

    /// The number stored (an integer is widened), or `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: SQLValueConvertible {
    /// `.real(self)`, widened to a double.
    public var sqlValue: SQLValue { .real(Double(self)) }

    /// The number stored (an integer is widened), narrowed to a float; `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard let value = Double(sqlValue: sqlValue) else { return nil }
        self = Float(value)
    }
}

extension String: SQLValueConvertible {
    /// `.text(self)`.
    public var sqlValue: SQLValue { .text(self) }

    /// The text stored, or `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .text(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    /// `.blob(self)`.
    public var sqlValue: SQLValue { .blob(self) }

    /// The bytes stored, or `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .blob(let value) = sqlValue else { return nil }
        self = value
    }
}

extension SQLValue: SQLValueConvertible {
    /// `self`.
    public var sqlValue: SQLValue { self }

    /// `sqlValue` itself.
    public init?(sqlValue: SQLValue) { self = sqlValue }
}

/// A type with a raw value that SQLite stores (an enum of `String` or `Int` cases, an
/// identifier wrapper) is stored as its raw value: declaring the conformance is enough.
extension SQLValueConvertible where Self: RawRepresentable, RawValue: SQLValueConvertible {
    /// The raw value as SQLite stores it.
    public var sqlValue: SQLValue { rawValue.sqlValue }

    /// The value whose raw value is stored, or `nil` when the stored value is of another type or
    /// is no raw value of this type (a case that a later version removed, say).
    public init?(sqlValue: SQLValue) {
        guard let rawValue = RawValue(sqlValue: sqlValue) else { return nil }
        self.init(rawValue: rawValue)
    }
}

/// A type made from a row of a query's result.
///
/// ```swift
/// struct Habit: FetchableRecord {
///     var id: Int64
///     var name: String
///     init(row: Row) throws(DatabaseError) {
///         id = try row["id"]
///         name = try row["name"]
///     }
/// }
/// let habits = try db.fetchAll(Habit.self, "SELECT id, name FROM habit ORDER BY name")
/// ```
public protocol FetchableRecord {
    /// Reads the record from the current row; a missing column or a value of the wrong type
    /// throws a ``DatabaseError`` (``DatabaseError/Kind/typeMismatch``).
    init(row: Row) throws(DatabaseError)
}
