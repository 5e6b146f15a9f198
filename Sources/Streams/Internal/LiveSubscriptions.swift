public import Synchronization

/// The number of subscriptions alive right now, across the process.
///
/// Always compiled in and cheap (one atomic add per subscription start and end). Tests read
/// it before and after their work to prove that every subscription they made was released:
///
/// ```swift
/// let before = LiveSubscriptions.count
/// // ... subscribe, run, dispose ...
/// #expect(LiveSubscriptions.count == before)
/// ```
///
/// Counted are subscriptions to subjects and relays, to ``Observable/create(_:)`` producers,
/// and the terminal subscriptions made with `subscribe(onNext:onError:onCompleted:onDisposed:)`.
public enum LiveSubscriptions {
    @usableFromInline
    static let _count = Atomic<Int>(0)

    /// The current number of live subscriptions.
    public static var count: Int { _count.load(ordering: .relaxed) }

    /// Records that a subscription started. For custom sources that want to be counted.
    @inlinable
    public static func increment() {
        _count.wrappingAdd(1, ordering: .relaxed)
    }

    /// Records that a subscription ended. Call exactly once per ``increment()``.
    @inlinable
    public static func decrement() {
        _count.wrappingSubtract(1, ordering: .relaxed)
    }
}
