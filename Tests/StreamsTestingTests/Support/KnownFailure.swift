import Testing

/// Runs `body`, which must record exactly one failure whose text is `message`, at `line` of
/// this file when given: the way tests assert the failure output itself.
func expectFailure(
    _ message: String, line: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) {
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        issue.comments.map(\.rawValue) == [message] && (line == nil || issue.sourceLocation?.line == line)
    }
}

/// Runs `body`, which must record a failure whose text contains `fragment`.
func expectFailure(
    containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) {
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains(fragment) }
    }
}
