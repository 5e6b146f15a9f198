/// A value bound to a statement parameter. Values are always bound, never written into SQL.
public enum SQLValue: Sendable, Hashable {
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])
    /// `NULL`.
    case null
}

extension SQLValue {
    /// `.text(value)`, or `.null` when `value` is `nil`.
    public static func text(_ value: String?) -> SQLValue {
        value.map { .text($0) } ?? .null
    }

    /// `.integer(value)`, or `.null` when `value` is `nil`.
    public static func integer(_ value: Int64?) -> SQLValue {
        value.map { .integer($0) } ?? .null
    }
}
