public import Streams

/// A parsed marble diagram: what happens at which frame, one frame being one tick (1 ms).
///
/// ```swift
/// let diagram = try MarbleDiagram("-a-(bc)-|")
/// // a at frame 1, b and c at frame 3, completed at frame 5
/// let events: [Recorded<Event<Int>>] = try diagram.events(values: ["a": 1, "b": 2, "c": 3])
/// ```
///
/// The symbols:
/// - ` ` (space) is free: it takes no time, so diagrams can be aligned.
/// - `-` is one frame passing.
/// - `a` (any other single character) is a value, looked up in `values`; it occupies its frame.
/// - `{name}` is a value whose key has several characters.
/// - `|` completes, `#` fails with the default error, `#{name}` with `errors[name]`.
/// - `(ab|)` puts everything inside at one frame, and the whole group costs one frame.
/// - `^` (hot sources and subscription diagrams) is frame 0 of a hot source, whose earlier
///   frames are negative, or the subscription point in a subscription diagram.
/// - `!` (subscription diagrams) is the unsubscription point.
/// - `+10ms`, `+2s`, `+1m`, `+5` (ticks) put the next frame that many ticks after the
///   previous event (or `@` anchor): in `a +5 b`, `b` is at frame 5.
/// - `@210` jumps to frame 210; in a hot source with a `^`, counted from the `^`.
///
/// Every mistake is a ``MarbleSyntaxError`` naming the column: an unknown unit, a nested or
/// unbalanced group, a second `^` or `!`, a symbol that has no meaning in this kind of diagram.
public struct MarbleDiagram: Sendable, Hashable {
    /// What a diagram describes, which decides the symbols it may use.
    public enum Kind: Sendable, Hashable {
        /// The events of a cold source or of an expected output: no `^`, no `!`.
        case events
        /// The events of a hot source: `^` may mark frame 0, at most once.
        case hot
        /// One subscription's lifetime: only `-`, `^`, `!`, groups, spaces, `+N` and `@N`.
        case subscription
    }

    /// Something that happens at a frame.
    public enum Marble: Sendable, Hashable {
        /// A value, by its key in the `values` dictionary.
        case value(String)
        /// The end of the sequence.
        case completed
        /// A failure: the default error when the name is `nil`, else `errors[name]`.
        case error(String?)
        /// The subscription point of a subscription diagram (`^`).
        case subscribe
        /// The unsubscription point of a subscription diagram (`!`).
        case unsubscribe
    }

    /// One symbol of the diagram with its frame and the column where it was written.
    public struct Token: Sendable, Hashable {
        /// The frame, relative to frame 0 (`^` in a hot source, else the diagram's start).
        public let frame: Int
        /// The 1-based column of the symbol in the text.
        public let column: Int
        /// What happens.
        public let marble: Marble

        /// Describes one symbol.
        public init(frame: Int, column: Int, marble: Marble) {
            self.frame = frame
            self.column = column
            self.marble = marble
        }
    }

    /// The text that was parsed.
    public let text: String
    /// What the diagram describes.
    public let kind: Kind
    /// The symbols that are events (or subscription points), in the order written.
    public let tokens: [Token]

    /// Parses `text` as a diagram of `kind`.
    ///
    /// - Throws: ``MarbleSyntaxError`` naming the column of the first mistake.
    public init(_ text: String, kind: Kind = .events) throws(MarbleSyntaxError) {
        self.text = text
        self.kind = kind
        var parser = _MarbleParser(text: text, kind: kind)
        self.tokens = try parser.parse()
    }

    /// The error `#` stands for when no `errors` entry is given: `TestError("error")`.
    public static let defaultError = TestError("error")

    /// The diagram's events at ticks `origin + frame`, values and errors looked up by key.
    ///
    /// A `#` without a name is `errors["#"]` if given, else ``defaultError``.
    ///
    /// - Throws: ``MarbleSyntaxError`` at the column of a key missing from `values` or
    ///   `errors`, or of a `^` or `!` (which are not events).
    public func events<Element: Sendable>(
        values: [String: Element], errors: [String: any Error] = [:], origin: Int = 0
    ) throws(MarbleSyntaxError) -> [Recorded<Event<Element>>] {
        var result: [Recorded<Event<Element>>] = []
        result.reserveCapacity(tokens.count)
        for token in tokens {
            let time = origin + token.frame
            switch token.marble {
            case .value(let key):
                guard let value = values[key] else {
                    throw syntaxError(
                        column: token.column, "no value for key \(_describeKey(key)) in values\(listing(values.keys))")
                }
                result.append(Recorded(time: time, value: .next(value)))
            case .completed:
                result.append(Recorded(time: time, value: .completed))
            case .error(nil):
                result.append(Recorded(time: time, value: .error(errors["#"] ?? Self.defaultError)))
            case .error(let name?):
                guard let error = errors[name] else {
                    throw syntaxError(
                        column: token.column, "no error for key \(_describeKey(name)) in errors\(listing(errors.keys))")
                }
                result.append(Recorded(time: time, value: .error(error)))
            case .subscribe, .unsubscribe:
                throw syntaxError(column: token.column, "^ and ! mark subscriptions; they are not events")
            }
        }
        return result
    }

    /// The subscription a ``Kind/subscription`` diagram describes, at ticks `origin + frame`.
    ///
    /// - Throws: ``MarbleSyntaxError`` when the diagram has no `^`.
    public func subscription(origin: Int = 0) throws(MarbleSyntaxError) -> Subscription {
        var subscribe: Int?
        var unsubscribe: Int?
        for token in tokens {
            switch token.marble {
            case .subscribe: subscribe = token.frame
            case .unsubscribe: unsubscribe = token.frame
            default: break
            }
        }
        guard let subscribe else {
            throw syntaxError(column: text.unicodeScalars.count + 1, "a subscription diagram needs a ^")
        }
        return Subscription(origin + subscribe, unsubscribe.map { origin + $0 } ?? .max)
    }

    private func syntaxError(column: Int, _ message: String) -> MarbleSyntaxError {
        MarbleSyntaxError(message: message, column: column, text: text)
    }

    private func listing(_ keys: some Sequence<String>) -> String {
        let sorted = keys.sorted()
        return sorted.isEmpty ? " (none given)" : " (has \(sorted.map(_describeKey).joined(separator: ", ")))"
    }
}

/// A mistake in a marble diagram, with the 1-based column where it is.
public struct MarbleSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The 1-based column (counted in Unicode scalars) of the mistake.
    public let column: Int
    /// The diagram.
    public let text: String

    /// Describes a mistake.
    public init(message: String, column: Int, text: String) {
        self.message = message
        self.column = column
        self.text = text
    }

    /// `column 4: unknown unit "h" in +10h (units: ms, s, m, or none for ticks)`, then the
    /// diagram with a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(text)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
    }
}

/// `a` for a single-character key, `{name}` otherwise: how a key is written in a diagram.
func _describeKey(_ key: String) -> String {
    var scalars = key.unicodeScalars.makeIterator()
    if let first = scalars.next(), scalars.next() == nil, !_MarbleParser.isReserved(first) {
        return key
    }
    return "{\(key)}"
}
