extension Observable where Element == Int {
    /// Sends 0, 1, 2, … every `period`, forever, starting one period after the subscription.
    ///
    /// The n-th value is due at `start + (n + 1) * period`, computed from the scheduler's `now`
    /// at subscription, so lateness of one tick never shifts the following ones: there is no
    /// drift. Ticks missed entirely (a scheduler blocked for longer than a period) are sent as
    /// soon as possible, in order. A zero period, as in RxSwift, sends each value as soon as
    /// possible after the one before: with a ``TestScheduler`` that simulates RxTest's processing
    /// delay that is one value per tick, without it the scheduler's livelock guard stops the run.
    /// A negative period, or an ``ImmediateScheduler`` (which cannot wait), fails the sequence
    /// with ``StreamsError/invalidArgument(_:)``. Work is scheduled with the label
    /// `interval(<period>)`.
    ///
    /// ```swift
    /// Observable.interval(.seconds(1), scheduler: scheduler)
    ///     .subscribe(onNext: { print("tick \($0)") })
    /// ```
    public static func interval(_ period: SchedulerDuration, scheduler: any Scheduler) -> Observable<Int> {
        guard period.ticks >= 0 else {
            return .error(StreamsError.invalidArgument("interval period must not be negative, got \(period)"))
        }
        return _periodic(first: period, period: period, scheduler: scheduler, label: "interval(\(period))")
    }

    /// Sends 0 once `dueTime` has passed, then completes; or, given a `period`, keeps sending
    /// 1, 2, … every `period` after that, forever.
    ///
    /// Periodic values are due at `start + dueTime + n * period`, without drift (see
    /// ``interval(_:scheduler:)``). A `period` that is not positive, or a periodic timer on an
    /// ``ImmediateScheduler``, fails the sequence with ``StreamsError/invalidArgument(_:)``.
    /// Work is scheduled with the label `timer(<dueTime>)`.
    public static func timer(
        _ dueTime: SchedulerDuration, period: SchedulerDuration? = nil, scheduler: any Scheduler
    ) -> Observable<Int> {
        let label = "timer(\(dueTime))"
        guard let period else {
            return Observable(unchecked: { observer in
                let sink = _TimedSink<Void, Int>(
                    observer, scheduler: scheduler, label: label, state: (),
                    onEvent: { _, _, _ in },
                    onTimer: { _, outbox in
                        outbox.send(.next(0))
                        outbox.send(.completed)
                    })
                sink.update { _, outbox in outbox.armTimer(after: dueTime.ticks) }
                return sink
            })
        }
        guard period.ticks > 0 else {
            return .error(StreamsError.invalidArgument("timer period must be positive, got \(period)"))
        }
        return _periodic(first: dueTime, period: period, scheduler: scheduler, label: label)
    }

    private static func _periodic(
        first: SchedulerDuration, period: SchedulerDuration, scheduler: any Scheduler, label: String
    ) -> Observable<Int> {
        if scheduler is ImmediateScheduler {
            // It runs delayed work at once, so a periodic timer would recurse forever.
            return .error(
                StreamsError.invalidArgument("\(label) needs a scheduler that keeps time, not ImmediateScheduler"))
        }
        return Observable(unchecked: { observer in
            let start = scheduler.now
            // The state is the number of values sent so far.
            let sink = _TimedSink<Int, Int>(
                observer, scheduler: scheduler, label: label, state: 0,
                onEvent: { _, _, _ in },
                onTimer: { sent, outbox in
                    outbox.send(.next(sent))
                    sent += 1
                    let due = start + first.ticks + sent * period.ticks
                    outbox.armTimer(after: max(0, due - scheduler.now))
                })
            sink.update { _, outbox in outbox.armTimer(after: first.ticks) }
            return sink
        })
    }
}

extension Observable where Element: FixedWidthInteger {
    /// ``Observable/interval(_:scheduler:)`` counting in any integer type, as RxSwift's
    /// `Observable<Int64>.interval(…)`; a count beyond `Element.max` wraps around.
    public static func interval(_ period: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        Observable<Int>.interval(period, scheduler: scheduler).map { Element(truncatingIfNeeded: $0) }
    }

    /// ``Observable/timer(_:period:scheduler:)`` counting in any integer type, as RxSwift's
    /// `Observable<Int64>.timer(…)`; a count beyond `Element.max` wraps around.
    public static func timer(
        _ dueTime: SchedulerDuration, period: SchedulerDuration? = nil, scheduler: any Scheduler
    ) -> Observable<Element> {
        Observable<Int>.timer(dueTime, period: period, scheduler: scheduler).map { Element(truncatingIfNeeded: $0) }
    }
}

extension Observable {
    /// An observable that sends each element of `sequence` in its own action on `scheduler`,
    /// then completes in one more action, the one that finds the end (as RxSwift's).
    ///
    /// With a ``TestScheduler``, the actions run in order at the subscription's tick. Disposing
    /// the subscription stops it before the next element. Work is scheduled with the label
    /// `from(scheduler:)`.
    public static func from<S: Sequence & Sendable>(_ sequence: S, scheduler: any Scheduler) -> Observable<Element>
    where S.Element == Element {
        Observable(unchecked: { observer in
            var iterator = sequence.makeIterator()
            return _ScheduledProducer.start(observer, scheduler: scheduler, label: "from(scheduler:)") {
                .success(iterator.next())
            }
        })
    }

    /// An observable that sends `element` in one action on `scheduler`, and completes in the
    /// next one (as RxSwift's).
    public static func just(_ element: Element, scheduler: any Scheduler) -> Observable<Element> {
        from(CollectionOfOne(element), scheduler: scheduler)
    }

    /// An observable that sends `optional`'s value in one action on `scheduler` and completes
    /// in the next, or completes in one action if it is `nil` (as RxSwift's).
    public static func from(optional: Element?, scheduler: any Scheduler) -> Observable<Element> {
        from(optional.map { [$0] } ?? [], scheduler: scheduler)
    }

    /// An observable that sends the given elements, each in its own action on `scheduler`,
    /// then completes.
    public static func of(_ elements: Element..., scheduler: any Scheduler) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// An observable that sends `element` again and again, one action on `scheduler` each,
    /// until the subscription is disposed.
    ///
    /// Unlike RxSwift, a scheduler is required: without one, nothing could stop the loop
    /// before the subscription returns its disposable.
    public static func repeatElement(_ element: Element, scheduler: any Scheduler) -> Observable<Element> {
        Observable(unchecked: { observer in
            _ScheduledProducer.start(observer, scheduler: scheduler, label: "repeatElement") { .success(element) }
        })
    }

    /// An observable that sends the states from `initialState`, each made from the one before
    /// by `iterate`, while `condition` holds, one action on `scheduler` each; then completes.
    ///
    /// An error thrown by either closure fails the sequence.
    public static func generate(
        initialState: Element, condition: @escaping @Sendable (Element) throws -> Bool,
        scheduler: any Scheduler, iterate: @escaping @Sendable (Element) throws -> Element
    ) -> Observable<Element> {
        Observable(unchecked: { observer in
            var state = initialState
            var isFirst = true
            return _ScheduledProducer.start(observer, scheduler: scheduler, label: "generate") {
                Result {
                    if !isFirst { state = try iterate(state) }
                    isFirst = false
                    return try condition(state) ? state : nil
                }
            }
        })
    }
}

extension Observable where Element: FixedWidthInteger {
    /// An observable that sends `count` consecutive values from `start`, one action on
    /// `scheduler` each, then completes.
    public static func range(start: Element, count: Element, scheduler: any Scheduler) -> Observable<Element> {
        switch _rangeValues(start: start, count: count) {
        case .invalid:
            return .error(StreamsError.invalidArgument("range(start: \(start), count: \(count)) is not representable"))
        case .empty: return from(EmptyCollection(), scheduler: scheduler)
        case .values(let values): return from(values, scheduler: scheduler)
        }
    }
}

/// Sends what `next` produces, one scheduled action per element, then completes (when `next`
/// returns `nil`) or fails (when it returns a failure).
///
/// Each action schedules the next one, so a virtual scheduler interleaves them fairly with
/// other work, and disposing cancels the pending action. On an ``ImmediateScheduler`` the
/// actions run in a loop instead of recursing.
///
/// `@unchecked Sendable`: `next` and the `pending` disposable are touched only by the action
/// that is running, and actions run one at a time, each scheduled by the one before; `stopped`
/// is atomic.
final class _ScheduledProducer<Element: Sendable>: Disposable, @unchecked Sendable {
    private let observer: AnyObserver<Element>
    private let scheduler: any Scheduler
    private let label: String
    private let next: () -> Result<Element?, any Error>
    private let pending = SerialDisposable()
    private let tracker: SubscriptionTracker?

    private init(
        _ observer: AnyObserver<Element>, scheduler: any Scheduler, label: String,
        next: @escaping () -> Result<Element?, any Error>
    ) {
        self.observer = observer
        self.scheduler = scheduler
        self.label = label
        self.next = next
        tracker = LiveSubscriptions.increment()
    }

    static func start(
        _ observer: AnyObserver<Element>, scheduler: any Scheduler, label: String,
        next: @escaping () -> Result<Element?, any Error>
    ) -> any Disposable {
        let producer = _ScheduledProducer(observer, scheduler: scheduler, label: label, next: next)
        producer.scheduleStep()
        return producer
    }

    private func scheduleStep() {
        if scheduler is ImmediateScheduler {
            while !pending.isDisposed, step() {}
            return
        }
        pending.set(
            scheduler.schedule(label: label) { [self] in
                if !pending.isDisposed, step() { scheduleStep() }
            })
    }

    /// Sends the next event; true if more will follow.
    private func step() -> Bool {
        switch next() {
        case .success(let element?):
            observer.on(.next(element))
            return true
        case .success(nil):
            // As in RxSwift, the action that finds the end sends the completion.
            finish(.completed)
            return false
        case .failure(let error):
            finish(.error(error))
            return false
        }
    }

    private func finish(_ event: Event<Element>) {
        if pending.isDisposed { return }
        observer.on(event)
        dispose()
    }

    func dispose() {
        if pending.isDisposed { return }
        pending.dispose()
        LiveSubscriptions.decrement(tracker)
    }
}
