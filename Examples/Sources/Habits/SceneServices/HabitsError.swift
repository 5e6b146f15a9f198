public import Requests
public import SQLiteProvider

/// A failure as the person reads it. Scene services turn the providers' errors into this, so
/// view models never see a `DatabaseError` or a `RequestError`, and the wording lives here.
public struct HabitsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line for the status bar.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The database's failure, in a line.
    public init(_ error: DatabaseError) {
        message = error.message
    }

    /// The quotes server's failure, in a line.
    public init(_ error: RequestError) {
        switch error.reason {
        case .invalidURL: message = "no quotes server is set"
        case .timeout: message = "the quotes server did not answer"
        case .status(let code, _): message = "the quotes server answered \(code)"
        case .undecodable: message = "the quotes server sent something that is not a quote"
        default: message = "the quotes server cannot be reached"
        }
    }

    /// The message.
    public var description: String { message }
}
