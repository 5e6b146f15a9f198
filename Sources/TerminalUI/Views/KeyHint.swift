/// A key and what it does, as the status line and the help overlay show it.
public struct KeyHint: Hashable, Sendable {
    /// The key as written for people: `a`, `Space`, `Ctrl-C`.
    public var key: String
    /// What it does, in a few words.
    public var action: String

    /// Creates a hint.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}
