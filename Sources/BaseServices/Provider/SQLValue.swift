/// A value bound to a statement parameter. Values are always bound, never written into SQL.
enum SQLValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

extension SQLValue {
    /// `.text(value)`, or `.null` when `value` is `nil`.
    static func text(_ value: String?) -> SQLValue {
        value.map { .text($0) } ?? .null
    }

    /// `.integer(value)`, or `.null` when `value` is `nil`.
    static func integer(_ value: Int64?) -> SQLValue {
        value.map { .integer($0) } ?? .null
    }
}
