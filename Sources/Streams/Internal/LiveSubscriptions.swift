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
/// LiveSubscriptions.withTracker(tracker) {
///     let subscription = subject.subscribe(onNext: { _ in })
///     subscription.dispose()
/// }
/// #expect(tracker.live == 0)
/// ```
public enum LiveSubscriptions {
    @usableFromInline
    static let _count = Atomic<Int>(0)

    /// Whether a tracker was ever bound in this process. Until one is, no task can have one, so
    /// ``increment()`` skips the task-local lookup: programs that never track pay one load.
    @usableFromInline
    static let _trackingUsed = Atomic<Bool>(false)

    @TaskLocal
    static var _tracker: SubscriptionTracker?

    /// The tracker that subscriptions started in the current task also report to.
    public static var tracker: SubscriptionTracker? { _tracker }

    /// The number of live subscriptions in the whole process.
    public static var count: Int { _count.load(ordering: .relaxed) }

    /// Runs `operation` with `tracker` bound: every subscription started in it (and in the tasks
    /// it creates) is also counted by `tracker`.
    public static func withTracker<R>(_ tracker: SubscriptionTracker, operation: () throws -> R) rethrows -> R {
        _trackingUsed.store(true, ordering: .relaxed)
        return try $_tracker.withValue(tracker, operation: operation)
    }

    /// Runs the asynchronous `operation` with `tracker` bound, like the synchronous
    /// `withTracker(_:operation:)`.
    public static func withTracker<R>(
        _ tracker: SubscriptionTracker, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        _trackingUsed.store(true, ordering: .relaxed)
        return try await $_tracker.withValue(tracker, operation: operation)
    }

    /// Records that a subscription started; returns the tracker to pass to ``decrement(_:)``.
    @inlinable
    public static func increment() -> SubscriptionTracker? {
        _count.wrappingAdd(1, ordering: .relaxed)
        guard _trackingUsed.load(ordering: .relaxed) else { return nil }
        return _incrementTracker()
    }

    @usableFromInline
    static func _incrementTracker() -> SubscriptionTracker? {
        let tracker = _tracker
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
