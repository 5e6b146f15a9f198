public import Dispatch

/// Runs work on a serial `DispatchQueue`, with real time.
///
/// `now` is the monotonic uptime clock (`DispatchTime`) in milliseconds, never the wall-clock
/// date, so it does not jump when the system time is changed. Delayed work is submitted with
/// `asyncAfter` as a `DispatchWorkItem`; disposing the returned disposable cancels the item
/// if it has not started yet. Labels are kept only for diagnostics.
///
/// ```swift
/// let background = DispatchQueueScheduler(label: "com.example.refresh")
/// Observable.interval(.seconds(30), scheduler: background)
///     .subscribe(onNext: { _ in refresh() })
/// ```
public final class DispatchQueueScheduler: Scheduler {
    /// The serial queue that runs the work.
    public let queue: DispatchQueue

    /// Creates a scheduler over a new serial queue named `label`.
    public init(label: String, qos: DispatchQoS = .default) {
        queue = DispatchQueue(label: label, qos: qos)
    }

    /// Creates a scheduler over `queue`, which must be serial for work to run in order.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Milliseconds of the monotonic uptime clock.
    public var now: Int { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }

    /// Submits `action` to the queue; disposing before it starts skips it.
    @discardableResult
    public func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let cancel = BooleanDisposable()
        queue.async {
            if !cancel.isDisposed { action() }
        }
        return cancel
    }

    /// Submits `action` to run on the queue once `delay` has passed; disposing before it
    /// starts cancels it.
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        if delay.ticks <= 0 { return schedule(label: label, action) }
        let item = DispatchWorkItem(block: action)
        queue.asyncAfter(deadline: .now() + .milliseconds(delay.ticks), execute: item)
        return _WorkItemDisposable(item)
    }
}

/// Cancels a dispatch work item when disposed.
///
/// `@unchecked Sendable`: `DispatchWorkItem.cancel()` is thread-safe and the reference is
/// immutable.
private final class _WorkItemDisposable: Disposable, @unchecked Sendable {
    private let item: DispatchWorkItem

    init(_ item: DispatchWorkItem) { self.item = item }

    func dispose() { item.cancel() }
}
