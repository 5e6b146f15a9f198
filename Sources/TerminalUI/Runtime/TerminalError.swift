/// Why the terminal could not be set up.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file descriptor is not a terminal (input or output is redirected).
    case notATerminal(descriptor: Int32)
    /// A system call failed with `errno`.
    case systemCall(String, errno: Int32)

    /// A message for the user.
    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            "file descriptor \(descriptor) is not a terminal"
        case .systemCall(let name, let errno):
            "\(name) failed (errno \(errno))"
        }
    }
}
