import Testing
import XCTest

/// Where a failure is reported: the caller's position, captured by `#fileID`, `#filePath`,
/// `#line` and `#column` defaults on the public API.
struct _SourcePosition: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: Int
    let column: Int
}

/// Records test failures. The only place in the module that talks to a test framework, so the
/// rest of the module (and `Streams` itself) stays framework-free.
///
/// Inside a Swift Testing test the failure is an `Issue` at the caller's position; otherwise it
/// goes to XCTest's `XCTFail` with the caller's file and line (outside any test, XCTest ignores it).
enum _IssueReporter {
    /// Records `message` as a failure of the running test, at `position`.
    static func recordFailure(_ message: String, at position: _SourcePosition) {
        record(message, severity: .error, at: position)
    }

    /// Records `message` as a warning: shown with the test's results, without failing it. XCTest
    /// has no warnings, so there the message is printed.
    static func recordWarning(_ message: String, at position: _SourcePosition) {
        record(message, severity: .warning, at: position)
    }

    private static func record(_ message: String, severity: Issue.Severity, at position: _SourcePosition) {
        guard Test.current != nil else {
            if severity == .error {
                XCTFail(message, file: position.filePath, line: UInt(max(0, position.line)))
            } else {
                print("\(position.fileID):\(position.line): warning: \(message)")
            }
            return
        }
        Issue.record(
            Comment(rawValue: message),
            severity: severity,
            sourceLocation: SourceLocation(
                fileID: position.fileID,
                filePath: String(describing: position.filePath),
                line: position.line,
                column: position.column
            )
        )
    }
}
