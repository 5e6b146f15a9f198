/// A span of scheduler time, in whole ticks. Real-time schedulers count one tick per
/// millisecond; the virtual `TestScheduler` uses the same unit, so `.milliseconds(300)` means
/// 300 ticks everywhere.
@frozen
public struct SchedulerDuration: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The length in ticks (milliseconds).
    public let ticks: Int

    /// A duration of `ticks` ticks.
    @inlinable
    public init(ticks: Int) { self.ticks = ticks }

    /// A duration of `value` ticks.
    @inlinable
    public init(integerLiteral value: Int) { self.ticks = value }

    /// A duration of `value` ticks.
    @inlinable
    public static func ticks(_ value: Int) -> SchedulerDuration { SchedulerDuration(ticks: value) }

    /// A duration of `value` milliseconds (one tick each).
    @inlinable
    public static func milliseconds(_ value: Int) -> SchedulerDuration { SchedulerDuration(ticks: value) }

    /// A duration of `value` seconds.
    @inlinable
    public static func seconds(_ value: Int) -> SchedulerDuration { SchedulerDuration(ticks: value * 1000) }

    /// No time at all.
    public static let zero = SchedulerDuration(ticks: 0)

    /// Orders durations by length.
    @inlinable
    public static func < (lhs: SchedulerDuration, rhs: SchedulerDuration) -> Bool { lhs.ticks < rhs.ticks }

    /// The sum of two durations.
    @inlinable
    public static func + (lhs: SchedulerDuration, rhs: SchedulerDuration) -> SchedulerDuration {
        SchedulerDuration(ticks: lhs.ticks + rhs.ticks)
    }

    /// The duration multiplied by a whole factor.
    @inlinable
    public static func * (lhs: SchedulerDuration, rhs: Int) -> SchedulerDuration {
        SchedulerDuration(ticks: lhs.ticks * rhs)
    }

    /// `300ms`, `2s` or `1500ms`.
    public var description: String {
        ticks != 0 && ticks % 1000 == 0 ? "\(ticks / 1000)s" : "\(ticks)ms"
    }
}

/// Decides when and where work runs. Time is an integer count of ticks (milliseconds for
/// real schedulers), never `Date` or floating point.
///
/// Every time-based operator takes its scheduler explicitly, so tests can pass a virtual one
/// and control time exactly. A `label` names the work for diagnostics, for example
/// `"debounce(300ms)"`, which the virtual scheduler shows when work is left pending.
public protocol Scheduler: Sendable {
    /// The current time, in ticks.
    var now: Int { get }

    /// Runs `action` as soon as possible. Actions scheduled from one thread run in order.
    @discardableResult
    func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable

    /// Runs `action` once `delay` has passed; a zero or negative delay means as soon as possible.
    @discardableResult
    func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
}

extension Scheduler {
    /// Runs `action` as soon as possible.
    @inlinable
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(label: "", action)
    }

    /// Runs `action` once `delay` has passed.
    @inlinable
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        schedule(after: delay, label: "", action)
    }
}
