/// A failure a scene can show: a short message for people, never a crash.
public struct SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words a person can act on.
    public let message: String

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
