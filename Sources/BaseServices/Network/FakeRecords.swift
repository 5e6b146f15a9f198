public import Foundation

/// One value of a ``FakeRecord`` field.
public enum FakeValue: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int64)
    /// A number with a fraction.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// No value.
    case null

    /// The value as a query parameter would spell it.
    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// Encodes the value as its JSON counterpart.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// Orders values of the same kind naturally; `null` first, then by kind.
    static func precedes(_ lhs: FakeValue, _ rhs: FakeValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a < b
        case (.int(let a), .int(let b)): a < b
        case (.double(let a), .double(let b)): a < b
        case (.int(let a), .double(let b)): Double(a) < b
        case (.double(let a), .int(let b)): a < Double(b)
        case (.bool(let a), .bool(let b)): !a && b
        default: rank(lhs) < rank(rhs)
        }
    }

    private static func rank(_ value: FakeValue) -> Int {
        switch value {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .string: 3
        }
    }
}

/// A record served by ``FakeNetworkService/Reply/records(_:)``: field name to value.
public typealias FakeRecord = [String: FakeValue]

/// The query conventions the fake server follows when serving records, the way a typical
/// REST server does:
///
/// - `q=text`: keeps records with a string field containing `text`, ignoring case;
/// - `field=value`: keeps records whose `field` spells `value` (repeat for several fields);
/// - `sort=a,-b`: sorts by `a` ascending, then `b` descending; the sort is stable;
/// - `offset=n` and `limit=n`: pages the result.
///
/// The response carries the number of matching records before paging in `X-Total-Count`.
public enum FakeRecords {
    /// Records after filtering, sorting and paging by `query`, and the count before paging.
    public static func page(_ records: [FakeRecord], query: [URLQueryItem]) -> (records: [FakeRecord], total: Int) {
        var result = records
        var sortKeys: [(field: String, descending: Bool)] = []
        var offset = 0
        var limit = Int.max
        for item in query {
            let value = item.value ?? ""
            switch item.name {
            case "q":
                let needle = value.lowercased()
                result = result.filter { record in
                    record.values.contains { field in
                        if case .string(let text) = field { return text.lowercased().contains(needle) }
                        return false
                    }
                }
            case "sort":
                sortKeys = value.split(separator: ",").map { key in
                    key.hasPrefix("-") ? (String(key.dropFirst()), true) : (String(key), false)
                }
            case "offset": offset = max(0, Int(value) ?? 0)
            case "limit": limit = max(0, Int(value) ?? Int.max)
            default:
                result = result.filter { $0[item.name]?.description == value }
            }
        }
        if !sortKeys.isEmpty {
            result = result.enumerated().sorted { lhs, rhs in
                for key in sortKeys {
                    let a = lhs.element[key.field] ?? .null
                    let b = rhs.element[key.field] ?? .null
                    if a == b { continue }
                    return key.descending ? FakeValue.precedes(b, a) : FakeValue.precedes(a, b)
                }
                return lhs.offset < rhs.offset
            }.map(\.element)
        }
        let total = result.count
        let paged = Array(result.dropFirst(offset).prefix(limit))
        return (paged, total)
    }

    /// `records` as a JSON array with sorted keys.
    public static func encode(_ records: [FakeRecord]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(records)) ?? Data("[]".utf8)
    }
}
