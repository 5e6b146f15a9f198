/// Errors raised by the Streams library itself.
public enum StreamsError: Error, Equatable, CustomStringConvertible {
    /// A value was asked of a sequence that has none.
    case noElements
    /// `timeout` fired: no event arrived within the allowed time.
    case timeout
    /// An argument was outside its valid range; the text says which.
    case invalidArgument(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .noElements: return "The sequence has no elements."
        case .timeout: return "The sequence timed out."
        case .invalidArgument(let message): return "Invalid argument: \(message)"
        }
    }
}
