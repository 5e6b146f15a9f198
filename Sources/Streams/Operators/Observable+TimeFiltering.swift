extension ObservableType {
    /// Sends a value only once `dueTime` has passed without another value arriving.
    ///
    /// Each value restarts the quiet period; the value still pending when it ends is sent.
    /// Completion flushes the pending value at once and then completes, so the last value is
    /// never lost. An error is forwarded at once and the pending value is dropped, as it is when
    /// the subscription is disposed. The timer is scheduled on `scheduler` with the label
    /// `debounce(<dueTime>)`.
    ///
    /// ```swift
    /// query.debounce(.milliseconds(300), scheduler: scheduler)
    ///     .flatMapLatest { search($0) }
    /// ```
    public func debounce(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        let label = "debounce(\(dueTime))"
        return Observable(unchecked: { observer in
            let sink = _TimedSink<Element?, Element>(
                observer, scheduler: scheduler, label: label, state: nil,
                onEvent: { pending, event, outbox in
                    switch event {
                    case .next(let value):
                        pending = value
                        outbox.armTimer(after: dueTime.ticks)
                    case .error:
                        pending = nil
                        outbox.send(event)
                    case .completed:
                        if let value = pending { outbox.send(.next(value)) }
                        pending = nil
                        outbox.send(.completed)
                    }
                },
                onTimer: { pending, outbox in
                    if let value = pending { outbox.send(.next(value)) }
                    pending = nil
                })
            sink.start(source)
            return sink
        })
    }

    /// Sends at most one value per `period`: the first value at once, then, if `latest` is
    /// true, the latest value received during the window when the window ends.
    ///
    /// This follows RxSwift's `throttle(_:latest:scheduler:)`. A value arriving once `period`
    /// has passed since the last one sent goes out at once and opens a new window. With
    /// `latest: false`, values inside a window are dropped. With `latest: true`, completion
    /// while a value waits for the end of its window is delayed until that value is sent; an
    /// error is forwarded at once and drops it. The timer is scheduled on `scheduler` with the
    /// label `throttle(<period>)`.
    public func throttle(
        _ period: SchedulerDuration, latest: Bool = true, scheduler: any Scheduler
    )
        -> Observable<Element>
    {
        let source = asObservable()
        let label = "throttle(\(period))"
        return Observable(unchecked: { observer in
            let sink = _TimedSink<_ThrottleState<Element>, Element>(
                observer, scheduler: scheduler, label: label, state: _ThrottleState(),
                onEvent: { state, event, outbox in
                    switch event {
                    case .next(let value):
                        let now = scheduler.now
                        guard let lastSent = state.lastSent, now - lastSent < period.ticks else {
                            state.latest = nil
                            state.lastSent = now
                            if state.isTimerArmed {
                                state.isTimerArmed = false
                                outbox.cancelTimer()
                            }
                            outbox.send(event)
                            return
                        }
                        guard latest else { return }
                        state.latest = value
                        if !state.isTimerArmed {
                            state.isTimerArmed = true
                            outbox.armTimer(after: period.ticks - (now - lastSent))
                        }
                    case .error:
                        state.latest = nil
                        outbox.send(event)
                    case .completed:
                        if state.latest == nil {
                            outbox.send(event)
                        } else {
                            state.completesAfterWindow = true
                        }
                    }
                },
                onTimer: { state, outbox in
                    state.isTimerArmed = false
                    if let value = state.latest {
                        state.latest = nil
                        state.lastSent = scheduler.now
                        outbox.send(.next(value))
                    }
                    if state.completesAfterWindow { outbox.send(.completed) }
                })
            sink.start(source)
            return sink
        })
    }
}

struct _ThrottleState<Element> {
    var lastSent: Int?
    var latest: Element?
    var isTimerArmed = false
    var completesAfterWindow = false
}

extension ObservableType {
    /// Sends values for `duration` after the subscription, then completes and disposes the
    /// upstream.
    ///
    /// The timer is scheduled on `scheduler` with the label `take(for: <duration>)`; an
    /// upstream terminal event before it fires is sent on at once.
    public func take(for duration: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _TimedSink<Void, Element>(
                observer, scheduler: scheduler, label: "take(for: \(duration))", state: (),
                onEvent: { _, event, outbox in outbox.send(event) },
                onTimer: { _, outbox in outbox.send(.completed) })
            sink.update { _, outbox in outbox.armTimer(after: duration.ticks) }
            sink.start(source)
            return sink
        })
    }

    /// Drops the values that arrive within `duration` of the subscription; sends the rest.
    ///
    /// Terminal events always pass. The timer is scheduled on `scheduler` with the label
    /// `skip(for: <duration>)`.
    public func skip(for duration: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            // The state is whether the skipping period is over.
            let sink = _TimedSink<Bool, Element>(
                observer, scheduler: scheduler, label: "skip(for: \(duration))", state: false,
                onEvent: { isOpen, event, outbox in
                    if case .next = event, !isOpen { return }
                    outbox.send(event)
                },
                onTimer: { isOpen, _ in isOpen = true })
            sink.update { _, outbox in outbox.armTimer(after: duration.ticks) }
            sink.start(source)
            return sink
        })
    }

    /// Drops the values that arrive within `duration` of the subscription: RxSwift's spelling
    /// of ``skip(for:scheduler:)``.
    public func skip(_ duration: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }

    /// Sends values for `duration` after the subscription, then completes: RxSwift's spelling
    /// of ``take(for:scheduler:)``.
    public func take(_ duration: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}
