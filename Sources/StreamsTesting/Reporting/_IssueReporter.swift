import Testing

/// Where a failure is reported: the caller's position, captured by `#fileID`, `#filePath`,
/// `#line` and `#column` defaults on the public API.
struct _SourcePosition: Sendable, Hashable {
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int
}

/// Records test failures. The only place in the module that talks to a test framework, so the
/// rest of the module (and `Streams` itself) stays framework-free.
enum _IssueReporter {
    /// Records `message` as a failure of the running test, at `position`.
    static func recordFailure(_ message: String, at position: _SourcePosition) {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: position.fileID,
                filePath: position.filePath,
                line: position.line,
                column: position.column
            )
        )
    }
}
