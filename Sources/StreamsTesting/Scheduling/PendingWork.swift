/// A scheduled action that has not run yet: what a ``TestScheduler`` lists when it stops with
/// work left, and what ``TestScheduler/pendingWork`` returns.
public struct PendingWork: Sendable, Hashable, CustomStringConvertible {
    /// The label the work was scheduled with, such as `"debounce(300ms)"`; may be empty.
    public let label: String
    /// The virtual tick at which the work is due.
    public let dueTime: Int

    /// Describes pending work.
    public init(label: String, dueTime: Int) {
        self.label = label
        self.dueTime = dueTime
    }

    /// `debounce(300ms) due at t=1300`, or `unlabelled work due at t=1300`.
    public var description: String {
        "\(label.isEmpty ? "unlabelled work" : label) due at t=\(dueTime)"
    }
}

/// Why a ``TestScheduler`` stopped before its work ran out, with the work it left pending.
public struct TestSchedulerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence saying what stopped the scheduler, followed by the pending work.
    public let message: String
    /// The virtual tick at which the scheduler stopped.
    public let now: Int
    /// The work still scheduled, in the order it would run.
    public let pendingWork: [PendingWork]

    /// Describes a stop of the scheduler.
    public init(message: String, now: Int, pendingWork: [PendingWork]) {
        self.message = message
        self.now = now
        self.pendingWork = pendingWork
    }

    /// The same as ``message``.
    public var description: String { message }
}

extension [PendingWork] {
    /// The first few items, comma-separated, for failure messages.
    var summary: String {
        if isEmpty { return "none" }
        let limit = 10
        let shown = prefix(limit).map(\.description).joined(separator: ", ")
        return count > limit ? "\(shown), … and \(count - limit) more" : shown
    }
}
