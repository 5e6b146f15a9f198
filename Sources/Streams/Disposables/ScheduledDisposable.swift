/// Disposes its inner disposable on a scheduler, as RxSwift's: `dispose()` schedules the
/// disposal, labelled `ScheduledDisposable`, and returns.
///
/// For a resource that must be released on a particular queue, as RxSwift's `subscribe(on:)`
/// releases its upstream.
///
/// `@unchecked Sendable`: `disposable` is only touched under `lock`; the rest is immutable.
public final class ScheduledDisposable: Disposable, @unchecked Sendable {
    /// The scheduler on which the inner disposable is disposed.
    public let scheduler: any Scheduler
    private let lock = _Lock()
    @exclusivity(unchecked) private var disposable: (any Disposable)?

    /// Creates a disposable that disposes `disposable` on `scheduler`.
    public init(scheduler: any Scheduler, disposable: any Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether the inner disposable was disposed (on the scheduler).
    public var isDisposed: Bool { lock.withLock { disposable == nil } }

    /// Schedules the disposal of the inner disposable; it happens once, however often this is
    /// called.
    public func dispose() {
        scheduler.schedule(label: "ScheduledDisposable") { [self] in
            let inner = lock.withLock { () -> (any Disposable)? in
                defer { disposable = nil }
                return disposable
            }
            inner?.dispose()
        }
    }
}
