public import Synchronization

/// Counts live subscriptions, so tests can prove that nothing leaks.
///
/// Always compiled in and cheap: one atomic add when a subscription starts and one when it
/// ends. Counted are subscriptions to subjects and relays, to ``Observable/create(_:)``
/// producers, and the terminal subscriptions made with `subscribe(onNext:…)`.
///
/// ``count`` is process-wide. Tests that run in parallel measure their own work with a
/// ``SubscriptionTracker`` bound for the duration of the test: every subscription started
/// while it is bound is counted by it too, and uncounted when it ends, on whatever thread.
///
/// ```swift
/// let tracker = SubscriptionTracker()
/// LiveSubscriptions.$tracker.withValue(tracker) {
///     let subscription = subject.subscribe(onNext: { _ in })
///     subscription.dispose()
/// }
/// #expect(tracker.live == 0)
/// ```
public enum LiveSubscriptions {
    @usableFromInline
    static let _count = Atomic<Int>(0)

    /// The tracker that subscriptions started in the current task also report to.
    @TaskLocal public static var tracker: SubscriptionTracker?

    /// The number of live subscriptions in the whole process.
    public static var count: Int { _count.load(ordering: .relaxed) }

    /// Records that a subscription started; returns the tracker to pass to ``decrement(_:)``.
    @inlinable
    public static func increment() -> SubscriptionTracker? {
        _count.wrappingAdd(1, ordering: .relaxed)
        let tracker = Self.tracker
        tracker?._count.wrappingAdd(1, ordering: .relaxed)
        return tracker
    }

    /// Records that a subscription ended. Call exactly once per ``increment()``, with its result.
    @inlinable
    public static func decrement(_ tracker: SubscriptionTracker?) {
        _count.wrappingSubtract(1, ordering: .relaxed)
        tracker?._count.wrappingSubtract(1, ordering: .relaxed)
    }
}

/// Counts the live subscriptions started while it was bound as ``LiveSubscriptions/tracker``.
public final class SubscriptionTracker: Sendable {
    @usableFromInline
    let _count = Atomic<Int>(0)

    /// Creates a tracker with no subscriptions.
    public init() {}

    /// The subscriptions started under this tracker that have not ended yet.
    public var live: Int { _count.load(ordering: .relaxed) }
}
