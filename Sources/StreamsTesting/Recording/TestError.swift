/// An error to feed into streams under test, equatable so expectations can compare it.
///
/// `TestError(1)` and `TestError("boom")` differ from each other and from every other value.
public struct TestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number the error was made with, if any.
    public let code: Int?
    /// The text the error was made with, if any.
    public let message: String?

    /// An error identified by a number.
    public init(_ code: Int) {
        self.code = code
        self.message = nil
    }

    /// An error identified by a text.
    public init(_ message: String) {
        self.code = nil
        self.message = message
    }

    /// `TestError(1)` or `TestError("boom")`.
    public var description: String {
        if let code { return "TestError(\(code))" }
        return "TestError(\"\(message ?? "")\")"
    }
}
