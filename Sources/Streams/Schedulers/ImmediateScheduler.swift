/// Runs scheduled work at once, on the calling thread.
///
/// Delayed work is not waited for: it runs immediately too, so this scheduler suits
/// operators used without timing (`observe(on:)` in a synchronous pipeline, tests of pure
/// logic). Its clock is a counter that never moves.
public struct ImmediateScheduler: Scheduler {
    /// Creates an immediate scheduler.
    public init() {}

    /// Always 0.
    public var now: Int { 0 }

    /// Runs `action` now.
    @discardableResult
    public func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        action()
        return Disposables.empty
    }

    /// Runs `action` now, ignoring `delay`.
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        action()
        return Disposables.empty
    }
}
