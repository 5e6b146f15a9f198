/// Why a download failed, as one sentence for people. What was received stays on disk in the
/// `.part` file, so the next try resumes from it.
public struct DownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}
