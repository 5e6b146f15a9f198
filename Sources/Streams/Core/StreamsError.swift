/// Errors raised by the Streams library itself.
public enum StreamsError: Error, Equatable, CustomStringConvertible {
    /// A value was asked of a sequence that has none.
    case noElements
    /// `timeout` fired: no event arrived within the allowed time.
    case timeout
    /// An argument was outside its valid range; the text says which.
    case invalidArgument(String)
    /// A sequence that may hold one value sent a second one (`single()`).
    case moreThanOneElement
    /// An index was beyond the values the sequence sent (`element(at:)`).
    case argumentOutOfRange

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .noElements: return "The sequence has no elements."
        case .timeout: return "The sequence timed out."
        case .invalidArgument(let message): return "Invalid argument: \(message)"
        case .moreThanOneElement: return "The sequence has more than one element."
        case .argumentOutOfRange: return "The index is beyond the elements of the sequence."
        }
    }
}
