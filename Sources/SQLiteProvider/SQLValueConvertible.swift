/// A Swift type that is stored in one SQLite column: it becomes an ``SQLValue`` when bound
/// and is read back from a column.
///
/// `Int`, `Int64`, `Int32`, `Double`, `Bool`, `String` and `[UInt8]` conform; conform your own
/// types (an identifier wrapper, an enum with a raw value) to store them the same way.
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
