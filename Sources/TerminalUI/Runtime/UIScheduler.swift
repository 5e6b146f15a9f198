public import Dispatch
public import Streams

/// The UI's scheduler: runs actions in order on one serial dispatch queue, with `now` in
/// milliseconds from a monotonic clock.
///
/// View-model outputs are delivered on it, and ``TerminalRunLoop`` handles input, signals and
/// frames on the same queue, so UI state needs no locks.
///
/// ```swift
/// let ui = UIScheduler()
/// viewModel.transform(input: input).rows
///     .observe(on: ui)
///     .subscribe(onNext: { rows = $0; runLoop.requestRedraw() })
/// ```
public struct UIScheduler: Scheduler {
    /// The serial queue actions run on.
    public let queue: DispatchQueue
    private let origin: UInt64

    /// A scheduler on a new serial queue labelled `label`.
    public init(label: String = "TerminalUI.ui") {
        self.init(queue: DispatchQueue(label: label))
    }

    /// A scheduler on `queue`, which must be serial.
    public init(queue: DispatchQueue) {
        self.queue = queue
        origin = DispatchTime.now().uptimeNanoseconds
    }

    /// Milliseconds since the scheduler was created, from a monotonic clock.
    public var now: Int {
        Int((DispatchTime.now().uptimeNanoseconds - origin) / 1_000_000)
    }

    /// Runs `action` on the queue after the actions already scheduled.
    @discardableResult
    public func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let cancelled = BooleanDisposable()
        queue.async {
            if !cancelled.isDisposed { action() }
        }
        return cancelled
    }

    /// Runs `action` on the queue once `delay` has passed.
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        guard delay.ticks > 0 else { return schedule(label: label, action) }
        let cancelled = BooleanDisposable()
        queue.asyncAfter(deadline: .now() + .milliseconds(delay.ticks)) {
            if !cancelled.isDisposed { action() }
        }
        return cancelled
    }
}
