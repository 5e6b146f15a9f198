public import Streams

/// A scheduler that fails the test whenever it is used: pass it where a test expects no
/// timing at all, so any scheduling shows up as a failure instead of passing unnoticed.
///
/// Failures point at the line that created the scheduler and name what was attempted.
/// Scheduled actions never run; `now` reads 0.
///
/// ```swift
/// let viewModel = NoteListViewModel(service: fake, scheduler: UnimplementedScheduler())
/// ```
public struct UnimplementedScheduler: Scheduler {
    /// A name for the scheduler, shown in failures.
    public let name: String
    private let position: _SourcePosition

    /// Creates a scheduler that records a failure, at this call site, whenever it is used.
    public init(
        _ name: String = "UnimplementedScheduler",
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.name = name
        self.position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records a failure and returns 0.
    public var now: Int {
        _IssueReporter.recordFailure("\(name).now was read", at: position)
        return 0
    }

    /// Records a failure; `action` never runs.
    @discardableResult
    public func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        _IssueReporter.recordFailure("\(name) was asked to schedule \(describe(label))", at: position)
        return Disposables.empty
    }

    /// Records a failure; `action` never runs.
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        _IssueReporter.recordFailure(
            "\(name) was asked to schedule \(describe(label)) after \(delay)", at: position)
        return Disposables.empty
    }

    private func describe(_ label: String) -> String {
        label.isEmpty ? "unlabelled work" : "\"\(label)\""
    }
}
