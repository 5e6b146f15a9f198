#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks on the process's standard streams.
public enum TTY {
    /// Whether both standard input and standard output are terminals, as the full-screen UI
    /// needs; when not, the app should refuse with a message.
    public static var isInteractive: Bool {
        isTerminal(STDIN_FILENO) && isTerminal(STDOUT_FILENO)
    }

    /// Whether `descriptor` refers to a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }
}
