public import Streams

/// An observer that records every event it receives, stamped with its scheduler's clock.
///
/// ```swift
/// let observer = scheduler.createObserver(Int.self)
/// let subscription = source.subscribe(observer)
/// scheduler.advance(to: 300)
/// #expect(observer.events == [.next(210, 2), .completed(300)])
/// ```
public final class TestableObserver<Element: Sendable>: ObserverType, Sendable {
    private let scheduler: TestScheduler
    private let recorded = SanitizerVisibleMutex<[Recorded<Event<Element>>]>([])
    private let subscription = SanitizerVisibleMutex<(any Disposable)?>(nil)
    /// The tick at which the observer was made: frame 0 of the marble diagrams it is compared with.
    public let origin: Int

    /// Creates an observer stamping events with `scheduler`'s clock; see
    /// ``TestScheduler/createObserver(_:)``.
    public init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        self.origin = scheduler.clock
    }

    /// The events received so far, in order, with the tick of each.
    public var events: [Recorded<Event<Element>>] { recorded.withLock { $0 } }

    /// The values of the `.next` events received so far, without their ticks.
    public var elements: [Element] { events.compactMap { $0.value.element } }

    /// Records `event` at the current tick.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }

    /// An observer that records into this one.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver { self.on($0) }
    }

    /// Ends the subscription started by ``TestScheduler/record(_:disposed:)`` or
    /// ``TestScheduler/start(created:subscribed:disposed:fileID:filePath:line:column:_:)``, if
    /// it is still live: for a test whose run stopped before the planned disposal.
    public func dispose() {
        subscription.withLock { current in
            defer { current = nil }
            return current
        }?.dispose()
    }

    /// Keeps the subscription that feeds this observer, for ``dispose()``.
    func hold(_ disposable: any Disposable) {
        subscription.withLock { $0 = disposable }
    }
}
