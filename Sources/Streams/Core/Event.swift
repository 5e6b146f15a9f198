/// One notification in an observable sequence: a value, a failure or the end.
///
/// Every sequence follows the grammar `next* (error | completed)?`: any number of
/// values, then at most one terminal event, after which nothing more is delivered.
@frozen
public enum Event<Element: Sendable>: Sendable {
    /// A value.
    case next(Element)
    /// The sequence failed; no more events follow.
    case error(any Error)
    /// The sequence finished; no more events follow.
    case completed

    /// The value carried by a `.next` event, or `nil`.
    @inlinable
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The failure carried by an `.error` event, or `nil`.
    @inlinable
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this event ends the sequence (`.error` or `.completed`).
    @inlinable
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    /// The same event with its value transformed; terminal events pass through.
    @inlinable
    public func map<Result: Sendable>(_ transform: (Element) throws -> Result) rethrows -> Event<Result> {
        switch self {
        case .next(let value): return .next(try transform(value))
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: CustomStringConvertible {
    /// A short text such as `next(1)`, `error(Failure)` or `completed`.
    public var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Events are equal when their kinds and values match; errors match by their text and type.
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let a), .next(let b)): return a == b
        case (.completed, .completed): return true
        case (.error(let a), .error(let b)): return _errorsMatch(a, b)
        default: return false
        }
    }
}

/// Compares two errors: equal when they have the same dynamic type and description. The rule
/// of every event equality, `StreamsTesting`'s comparisons of single outcomes too.
@usableFromInline
package func _errorsMatch(_ a: any Error, _ b: any Error) -> Bool {
    type(of: a) == type(of: b) && String(describing: a) == String(describing: b)
}
