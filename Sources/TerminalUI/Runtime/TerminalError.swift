#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the terminal could not be set up.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file descriptor is not a terminal (input or output is redirected).
    case notATerminal(descriptor: Int32)
    /// A system call failed with `errno`.
    case systemCall(String, errno: Int32)

    /// A message for the user: what failed, why in words, and what to do.
    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            "\(Self.name(of: descriptor)) is not a terminal; run the program in a terminal, not through a pipe"
        case .systemCall(let name, let code):
            "the terminal's settings could not be \(name == "tcgetattr" ? "read" : "changed") "
                + "(\(name): \(Self.reason(code))); run the program in a working terminal"
        }
    }

    private static func name(of descriptor: Int32) -> String {
        switch descriptor {
        case 0: "standard input"
        case 1: "standard output"
        case 2: "standard error"
        default: "file descriptor \(descriptor)"
        }
    }

    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
