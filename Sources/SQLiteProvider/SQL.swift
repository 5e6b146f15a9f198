/// SQL text with its values kept apart: every value interpolated into it becomes a `?`
/// parameter and is bound, never written into the text.
///
/// ```swift
/// let name = "Robert'); DROP TABLE habit;--"
/// try db.execute("INSERT INTO habit (name, streak) VALUES (\(name), \(0))")
/// let rows = try db.fetchAll(Habit.self, "SELECT * FROM habit WHERE streak >= \(minimum) ORDER BY name")
/// ```
///
/// Fragments compose: interpolating an `SQL` value splices its text and carries its values
/// along, and `+` joins two. A table or column name that must vary is interpolated with
/// `\(identifier: name)`, which quotes it.
public struct SQL: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The SQL text, with a `?` for each value.
    public private(set) var text: String
    /// The values bound to the `?` parameters, in order.
    public private(set) var arguments: [SQLValue]

    /// SQL made of `text` as is and the values its `?` parameters take. Nothing in `text` is
    /// escaped: build it from constants, never from input.
    public init(verbatim text: String, arguments: [SQLValue] = []) {
        self.text = text
        self.arguments = arguments
    }

    /// SQL from a literal without interpolations.
    public init(stringLiteral value: String) {
        self.init(verbatim: value)
    }

    /// SQL from a literal whose interpolations were bound as values.
    public init(stringInterpolation: StringInterpolation) {
        self.init(verbatim: stringInterpolation.text, arguments: stringInterpolation.arguments)
    }

    /// The text followed by the values, for messages and debugging.
    public var description: String {
        arguments.isEmpty ? text : "\(text) \(arguments)"
    }

    /// `lhs` followed by `rhs`, with both sets of values.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        SQL(verbatim: lhs.text + rhs.text, arguments: lhs.arguments + rhs.arguments)
    }

    /// Appends `other`, with its values.
    public static func += (lhs: inout SQL, rhs: SQL) {
        lhs = lhs + rhs
    }

    /// Builds an ``SQL`` value from a literal: literal text is kept, interpolated values are bound.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""
        fileprivate var arguments: [SQLValue] = []

        /// Space for a literal of about `literalCapacity` characters.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        /// Keeps literal SQL text.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Binds `value` as a parameter.
        public mutating func appendInterpolation<Value: SQLValueConvertible>(_ value: Value) {
            text += "?"
            arguments.append(value.sqlValue)
        }

        /// Binds `value` as a parameter, or `NULL`.
        public mutating func appendInterpolation<Value: SQLValueConvertible>(_ value: Value?) {
            text += "?"
            arguments.append(value?.sqlValue ?? .null)
        }

        /// Binds a raw ``SQLValue``.
        public mutating func appendInterpolation(_ value: SQLValue) {
            text += "?"
            arguments.append(value)
        }

        /// Splices an SQL fragment, with its values.
        public mutating func appendInterpolation(_ fragment: SQL) {
            text += fragment.text
            arguments += fragment.arguments
        }

        /// Splices a table or column name, double-quoted so any characters are safe.
        public mutating func appendInterpolation(identifier: String) {
            text += quotedIdentifier(identifier)
        }
    }
}

/// `identifier` double-quoted, its own double quotes doubled: a table or column name that
/// SQLite reads as a name whatever characters it holds.
func quotedIdentifier(_ identifier: String) -> String {
    var result = "\""
    result.reserveCapacity(identifier.utf8.count + 2)
    for character in identifier {
        if character == "\"" { result += "\"\"" } else { result.append(character) }
    }
    return result + "\""
}
