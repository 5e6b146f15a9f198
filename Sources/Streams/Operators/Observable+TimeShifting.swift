extension ObservableType {
    /// Sends every value and the completion `dueTime` later than they arrived.
    ///
    /// Errors are **not** delayed: an error is forwarded at once and the values still waiting
    /// are dropped, so a failure is reported as soon as it is known (RxSwift makes the same
    /// choice). To delay an error too, materialise it as a value before `delay`. One timer is
    /// pending at a time, for the earliest waiting event, scheduled on `scheduler` with the
    /// label `delay(<dueTime>)`; each action sends one event, as RxSwift's, so a completion
    /// that follows a value closely comes in the next action (on a `TestScheduler` that
    /// simulates RxTest's processing delay, one tick later, as in RxTest).
    public func delay(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        let label = "delay(\(dueTime))"
        return Observable(unchecked: { observer in
            let sink = _TimedSink<_DelayState<Element>, Element>(
                observer, scheduler: scheduler, label: label, state: _DelayState(),
                onEvent: { state, event, outbox in
                    if case .error = event {
                        state.waiting.removeAll()
                        state.head = 0
                        outbox.send(event)
                        return
                    }
                    state.waiting.append((scheduler.now + dueTime.ticks, event))
                    if !state.isTimerArmed {
                        state.isTimerArmed = true
                        outbox.armTimer(after: dueTime.ticks)
                    }
                },
                onTimer: { state, outbox in
                    let now = scheduler.now
                    // The timer was armed for the oldest waiting event, so it is due now (on a
                    // scheduler that runs delayed work at once, too, whose clock does not move).
                    // One event per action, as RxSwift's: the next one, even if due too, waits
                    // for an action of its own.
                    if state.head < state.waiting.count {
                        outbox.send(state.waiting[state.head].event)
                        state.head += 1
                    }
                    if state.head == state.waiting.count {
                        state.waiting.removeAll(keepingCapacity: true)
                        state.head = 0
                        state.isTimerArmed = false
                        return
                    }
                    if state.head >= 1024 && state.head * 2 >= state.waiting.count {
                        // A steady stream never empties the queue: drop the sent prefix now and then.
                        state.waiting.removeFirst(state.head)
                        state.head = 0
                    }
                    outbox.armTimer(after: max(0, state.waiting[state.head].due - now))
                })
            sink.start(source)
            return sink
        })
    }

    /// Fails with ``StreamsError/timeout`` if no event arrives within `dueTime` of the
    /// subscription or of the previous value.
    ///
    /// Every value re-arms the timer. The timer is scheduled on `scheduler` with the label
    /// `timeout(<dueTime>)`; when it fires, the upstream subscription is disposed.
    public func timeout(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        _timeout(dueTime, other: nil, scheduler: scheduler)
    }

    /// Switches to `other` if no event arrives within `dueTime` of the subscription or of the
    /// previous value.
    ///
    /// Every value re-arms the timer. When it fires, the upstream subscription is disposed and
    /// the sequence continues with `other`'s events, with no further timeout. The timer is
    /// scheduled on `scheduler` with the label `timeout(<dueTime>)`.
    public func timeout(
        _ dueTime: SchedulerDuration, other: some ObservableType<Element>, scheduler: any Scheduler
    )
        -> Observable<Element>
    {
        _timeout(dueTime, other: other.asObservable(), scheduler: scheduler)
    }

    private func _timeout(
        _ dueTime: SchedulerDuration, other: Observable<Element>?, scheduler: any Scheduler
    )
        -> Observable<Element>
    {
        let source = asObservable()
        let label = "timeout(\(dueTime))"
        return Observable(unchecked: { observer in
            // The state says whether the sequence has switched to `other`.
            let sink = _TimedSink<Bool, Element>(
                observer, scheduler: scheduler, label: label, state: false,
                onEvent: { hasSwitched, event, outbox in
                    outbox.send(event)
                    if case .next = event, !hasSwitched { outbox.armTimer(after: dueTime.ticks) }
                },
                onTimer: { hasSwitched, outbox in
                    if let other {
                        hasSwitched = true
                        outbox.subscribe(to: other)
                    } else {
                        outbox.send(.error(StreamsError.timeout))
                    }
                })
            sink.update { _, outbox in
                outbox.armTimer(after: dueTime.ticks)
                outbox.subscribe(to: source)
            }
            return sink
        })
    }
}

struct _DelayState<Element: Sendable> {
    var waiting: [(due: Int, event: Event<Element>)] = []
    var head = 0
    var isTimerArmed = false
}

extension ObservableType {
    /// Subscribes to the upstream only once `dueTime` has passed; its events are then sent
    /// unchanged.
    ///
    /// The timer is scheduled on `scheduler` with the label `delaySubscription(<dueTime>)`;
    /// disposing before it fires means the upstream is never subscribed.
    public func delaySubscription(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _TimedSink<Void, Element>(
                observer, scheduler: scheduler, label: "delaySubscription(\(dueTime))", state: (),
                onEvent: { _, event, outbox in outbox.send(event) },
                onTimer: { _, outbox in outbox.subscribe(to: source) })
            sink.update { _, outbox in outbox.armTimer(after: dueTime.ticks) }
            return sink
        })
    }
}
