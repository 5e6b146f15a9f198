extension Observable where Element == Int {
    /// Sends 0, 1, 2, … every `period`, forever, starting one period after the subscription.
    ///
    /// The n-th value is due at `start + (n + 1) * period`, computed from the scheduler's `now`
    /// at subscription, so lateness of one tick never shifts the following ones: there is no
    /// drift. Ticks missed entirely (a scheduler blocked for longer than a period) are sent as
    /// soon as possible, in order. A period that is not positive, or an ``ImmediateScheduler``
    /// (which cannot wait), fails the sequence with ``StreamsError/invalidArgument(_:)``. Work is scheduled with the label
    /// `interval(<period>)`.
    ///
    /// ```swift
    /// Observable.interval(.seconds(1), scheduler: scheduler)
    ///     .subscribe(onNext: { print("tick \($0)") })
    /// ```
    public static func interval(_ period: SchedulerDuration, scheduler: any Scheduler) -> Observable<Int> {
        guard period.ticks > 0 else {
            return .error(StreamsError.invalidArgument("interval period must be positive, got \(period)"))
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
