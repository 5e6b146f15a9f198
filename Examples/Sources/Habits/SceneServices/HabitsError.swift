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

    /// The habits server's failure, in a line that says what to do where something can be done.
    public init(_ error: RequestError) {
        switch error.reason {
        case .invalidURL: message = "no habits server is set (start with --server URL)"
        case .timeout: message = "the habits server did not answer in time; try again later"
        case .status(let code, _): message = "the habits server answered \(code) (\(Self.statusWord(code)))"
        case .undecodable: message = "the habits server sent something this app cannot read"
        case .cancelled: message = "the request was cancelled"
        default: message = "the habits server cannot be reached; check the address and your connection"
        }
    }

    /// The message.
    public var description: String { message }

    private static func statusWord(_ code: Int) -> String {
        HTTPStatus.reasonPhrase(code)?.lowercased() ?? (code >= 500 ? "a failure of the server" : "refused")
    }
}
