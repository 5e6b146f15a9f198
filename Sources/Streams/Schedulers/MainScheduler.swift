import Dispatch
import Synchronization

/// Runs work on the main thread: at once when called on the main thread with nothing of its
/// own still queued, otherwise asynchronously on the main dispatch queue (RxSwift's
/// `MainScheduler`).
///
/// Running inline saves a hop when the UI already is where the work belongs; the count of
/// queued work keeps order: while an earlier action waits on the queue, a later one queues
/// behind it instead of overtaking it. ``asyncInstance`` always queues. On Linux, the main
/// queue runs only while the main thread calls `dispatchMain()` (or runs a loop that drains
/// it). Time is the monotonic uptime clock in milliseconds, as ``DispatchQueueScheduler``'s.
///
/// ```swift
/// Observable.just(title).observe(on: MainScheduler.instance)
///     .subscribe(onNext: { label.text = $0 })
/// ```
public final class MainScheduler: Scheduler {
    /// The shared main scheduler, inline on the main thread.
    public static let instance = MainScheduler()

    /// A scheduler that always queues its work on the main dispatch queue, even when called
    /// on the main thread.
    public static let asyncInstance = DispatchQueueScheduler(queue: .main)

    /// Marks the main queue, so that code can ask whether it runs there.
    private static let mainQueueKey: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    private let queue = DispatchQueueScheduler(queue: .main)
    private let queued = Atomic<Int>(0)

    private init() {}

    /// Whether the caller runs on the main thread (the main queue's thread).
    public static var isMainThread: Bool { DispatchQueue.getSpecific(key: mainQueueKey) != nil }

    /// Milliseconds of the monotonic uptime clock.
    public var now: Int { queue.now }

    /// Runs `action` at once on the main thread when nothing scheduled here is waiting, else
    /// queues it on the main dispatch queue; disposing before a queued action starts skips it.
    @discardableResult
    public func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let earlier = queued.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        if earlier == 0, Self.isMainThread {
            action()
            queued.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            return Disposables.empty
        }
        let cancel = BooleanDisposable()
        DispatchQueue.main.async { [self] in
            if !cancel.isDisposed { action() }
            // Counted down even when skipped, so later work may run inline again.
            queued.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }
        return cancel
    }

    /// Runs `action` on the main dispatch queue once `delay` has passed (as soon as possible,
    /// following ``schedule(label:_:)``, when it is not positive).
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        if delay.ticks <= 0 { return schedule(label: label, action) }
        return queue.schedule(after: delay, label: label, action)
    }
}
