public import Streams

/// A source for tests that emits recorded events at virtual ticks and logs every subscription.
///
/// Made by ``TestScheduler/createHotObservable(_:)`` or ``TestScheduler/createColdObservable(_:)``:
/// - **hot**: each recorded event is emitted once, at its absolute tick, to whoever is
///   subscribed then. Events due before a subscription starts (a `.next(150, 1)` with a
///   subscription at 200) are not seen by it. Made by `createHotObservable`, an event whose
///   tick had passed when the observable was made is emitted at the scheduler's next step, as
///   RxTest's are; made by a marble diagram, the frames before `^` are never emitted.
/// - **cold**: every subscription gets all the recorded events, each at its tick counted from
///   the moment of subscribing (`.next(10, 1)` for a subscription at 200 arrives at 210, and
///   `.next(0, 1)` at 200, with or without the simulated processing delay, as in RxTest).
///
/// Both deliver events raw, as recorded, so a test can also feed a grammar violation to an
/// operator on purpose. Each subscription counts in `LiveSubscriptions` until it is disposed.
///
/// ```swift
/// let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 2 } }
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
public final class TestableObservable<Element: Sendable>: ObservableType, _SubscriptionLogging {
    private struct State {
        var subscriptions: [Subscription] = []
        var observers: [(id: Int, observer: AnyObserver<Element>)] = []
        var nextID = 0
    }

    /// The events this observable was made with (for a cold observable made with several
    /// segments, those of the first).
    public var recordedEvents: [Recorded<Event<Element>>] { segments.first ?? [] }
    /// Whether this observable is hot (absolute ticks, shared) rather than cold (per subscription).
    public let isHot: Bool
    /// The tick at which the observable was made: frame 0 of its marble diagrams.
    public let origin: Int
    /// How failures name this observable, such as `hot("-a-b|")`.
    public let label: String
    /// Cold: the events of the n-th subscription are `segments[n]`, or `segments[0]` for all
    /// when there is one segment. Hot: one segment.
    private let segments: [[Recorded<Event<Element>>]]
    private let scheduler: TestScheduler
    private let position: _SourcePosition?
    private let state = SanitizerVisibleMutex(State())

    /// Makes the observable; a hot one emits the events whose tick has passed at the next step
    /// when `emitsPastEvents` (RxTest's hot observables), and drops them otherwise (the frames
    /// before `^` of a marble diagram).
    init(
        scheduler: TestScheduler, segments: [[Recorded<Event<Element>>]], isHot: Bool, label: String,
        position: _SourcePosition? = nil, emitsPastEvents: Bool = false
    ) {
        self.scheduler = scheduler
        self.segments = segments
        self.isHot = isHot
        self.label = label
        self.position = position
        let start = scheduler.clock
        self.origin = start
        scheduler.register(self)
        guard isHot else { return }
        for recorded in segments.first ?? [] where emitsPastEvents || recorded.time >= start {
            let event = recorded.value
            scheduler.scheduleAt(recorded.time, label: "hot \(event)") { [weak self] in
                self?.emit(event)
            }
        }
    }

    /// The subscriptions made so far, in order, each with its `[subscribe, unsubscribe)` window.
    public var subscriptions: [Subscription] { state.withLock { $0.subscriptions } }

    /// Subscribes `observer`: hot, it receives the events due from now on; cold, all of them,
    /// relative to now.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let tracker = LiveSubscriptions.increment()
        let now = scheduler.clock
        let (id, index) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.subscriptions.append(Subscription(now))
            if isHot { state.observers.append((id, observer)) }
            return (id, state.subscriptions.count - 1)
        }
        var scheduled: [any Disposable] = []
        if !isHot {
            let events = coldSegment(for: index)
            scheduled.reserveCapacity(events.count)
            for recorded in events {
                let event = recorded.value
                scheduled.append(
                    scheduler.enqueue(
                        at: nil, offset: recorded.time, phase: _WorkQueue.workPhase, label: "cold \(event)"
                    ) { observer.on(event) })
            }
        }
        let pending = scheduled
        return Disposables.create { [scheduler] in
            let end = scheduler.clock
            self.state.withLock { state in
                state.subscriptions[index] = Subscription(state.subscriptions[index].subscribe, end)
                state.observers.removeAll { $0.id == id }
            }
            for work in pending { work.dispose() }
            LiveSubscriptions.decrement(tracker)
        }
    }

    /// The events of the subscription numbered `index`; a subscription beyond the segments
    /// given is a test failure and gets no events.
    private func coldSegment(for index: Int) -> [Recorded<Event<Element>>] {
        if segments.count == 1 { return segments[0] }
        if index < segments.count { return segments[index] }
        if let position {
            _IssueReporter.recordFailure(
                "\(label) was subscribed \(index + 1) times but has \(segments.count) segments "
                    + "(one per subscription)", at: position)
        }
        return []
    }

    /// Delivers a hot event to the observers subscribed now, outside the lock; an observer
    /// disposed by an earlier one during this delivery is skipped.
    private func emit(_ event: Event<Element>) {
        let observers = state.withLock { $0.observers }
        for (id, observer) in observers {
            guard state.withLock({ $0.observers.contains { $0.id == id } }) else { continue }
            observer.on(event)
        }
    }
}
