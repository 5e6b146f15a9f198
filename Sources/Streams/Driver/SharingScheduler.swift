/// The scheduler that ``Driver`` and ``Signal`` makers use when they are not given one:
/// ``MainScheduler/instance``, as in RxCocoa, unless a test swaps it with
/// ``mock(scheduler:action:)``.
///
/// The swap is a task-local value: it holds for the code `mock` runs (and the tasks that code
/// starts), not for other tests running at the same time. A view model still takes its
/// scheduler in its initializer and passes it on; the default serves code that has no
/// scheduler to choose.
///
/// ```swift
/// let scheduler = TestScheduler()
/// SharingScheduler.mock(scheduler: scheduler) {
///     let driver = Driver.just(1)  // delivers on `scheduler`
///     // …
/// }
/// ```
public enum SharingScheduler {
    @TaskLocal static var override: (any Scheduler)?

    /// The scheduler a driver or signal made now, without one given, delivers on.
    public static var current: any Scheduler { override ?? MainScheduler.instance }

    /// The scheduler a driver or signal made now, without one given, delivers on (RxCocoa's
    /// spelling of ``current``).
    public static func make() -> any Scheduler { current }

    /// Runs `action` with `scheduler` as the default of drivers and signals made in it.
    public static func mock<Result>(scheduler: any Scheduler, action: () throws -> Result) rethrows -> Result {
        try $override.withValue(scheduler, operation: action)
    }

    /// Runs the asynchronous `action` with `scheduler` as the default of drivers and signals
    /// made in it.
    public static func mock<Result>(
        scheduler: any Scheduler, isolation: isolated (any Actor)? = #isolation,
        action: () async throws -> Result
    ) async rethrows -> Result {
        try await $override.withValue(scheduler, operation: action, isolation: isolation)
    }
}
