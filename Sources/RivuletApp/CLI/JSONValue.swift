import TerminalUI

/// A JSON value written with its keys in the order given, so scripts and tests see a stable shape.
enum JSONValue {
    case null
    case bool(Bool)
    case int(Int64)
    /// A number with a fraction, written in the fewest digits that read back as it (`16.2`);
    /// `null` when it is not finite.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as compact JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .number(let value):
            output += value.isFinite ? "\(value)" : "null"
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Controls, and the characters that reorder or break lines on screen (bidi overrides and
    /// isolates, U+2028, U+2029): written as `\uXXXX`, so the text reads back exactly while
    /// JSON printed to a terminal cannot act on it or disguise itself.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue {
    /// A string, or `null` for `nil`.
    static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }
}

/// The JSON object a `--json` command prints for each row: its fields in order, each with how
/// it is read from the row. The command table shows the same field names in the help.
struct JSONShape<Row>: Sendable {
    let fields: [(name: String, value: @Sendable (Row) -> JSONValue)]

    init(_ fields: [(name: String, value: @Sendable (Row) -> JSONValue)]) {
        self.fields = fields
    }

    /// The field names, in order.
    var names: [String] { fields.map(\.name) }

    /// The object for one row.
    func value(of row: Row) -> JSONValue {
        .object(fields.map { ($0.name, $0.value(row)) })
    }
}
