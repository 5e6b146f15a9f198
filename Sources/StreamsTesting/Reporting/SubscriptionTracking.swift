import Streams

/// Runs `body` with a fresh `SubscriptionTracker` bound, then records a failure at the caller
/// if any subscription started inside `body` is still live.
///
/// Use it around the part of a test that subscribes, so the test proves it leaks nothing.
/// It counts only subscriptions started in this task (the tracker is a task-local value), so
/// it is exact even while Swift Testing runs other tests in parallel; the process-wide
/// `LiveSubscriptions.count` is not.
///
/// ```swift
/// @Test func takeDisposesUpstream() {
///     withSubscriptionTracking {
///         let scheduler = TestScheduler()
///         let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
///         let res = scheduler.start { xs.take(1) }
///         #expect(res.events == [.next(210, 1), .completed(210)])
///     }
/// }
/// ```
///
/// If `body` throws, the error is rethrown and no leak is checked.
public func withSubscriptionTracking<R>(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    _ body: () throws -> R
) rethrows -> R {
    let tracker = SubscriptionTracker()
    let result = try LiveSubscriptions.withTracker(tracker) { try body() }
    _checkNoLeaks(tracker, at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    return result
}

/// Runs the asynchronous `body` with a fresh `SubscriptionTracker` bound, then records a
/// failure at the caller if any subscription started inside `body` is still live.
///
/// See the synchronous ``withSubscriptionTracking(fileID:filePath:line:column:_:)``.
public func withSubscriptionTracking<R>(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
) async rethrows -> R {
    let tracker = SubscriptionTracker()
    let result = try await LiveSubscriptions.withTracker(tracker) { try await body() }
    _checkNoLeaks(tracker, at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    return result
}

func _checkNoLeaks(_ tracker: SubscriptionTracker, at position: _SourcePosition) {
    let live = tracker.live
    guard live != 0 else { return }
    _IssueReporter.recordFailure(
        "\(live) subscription\(live == 1 ? " is" : "s are") still live at the end of withSubscriptionTracking "
            + "(a leak: something was never disposed)",
        at: position)
}
