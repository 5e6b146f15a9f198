/// How long ``ObservableType/retry(maxAttempts:delay:scheduler:while:)`` waits before each
/// new attempt.
public enum RetryDelay: Sendable, Hashable {
    /// The same wait before every retry.
    case constant(SchedulerDuration)
    /// `initial` before the first retry, multiplied by `multiplier` before each next one, and
    /// never more than `maxDelay`.
    case exponential(initial: SchedulerDuration, multiplier: Int = 2, maxDelay: SchedulerDuration)

    /// The wait before retry number `retry` (1 for the first retry).
    public func delay(beforeRetry retry: Int) -> SchedulerDuration {
        switch self {
        case .constant(let delay):
            return delay
        case .exponential(let initial, let multiplier, let maxDelay):
            var ticks = min(initial.ticks, maxDelay.ticks)
            var step = 1
            while step < retry && ticks < maxDelay.ticks {
                let (product, overflow) = ticks.multipliedReportingOverflow(by: max(multiplier, 1))
                ticks = overflow ? maxDelay.ticks : min(product, maxDelay.ticks)
                step += 1
            }
            return .ticks(ticks)
        }
    }
}

extension ObservableType {
    /// Resubscribes after an error, waiting before each new attempt, up to `maxAttempts`
    /// subscriptions in all.
    ///
    /// The first subscription is attempt 1; when an attempt fails and `shouldRetry` accepts the
    /// error, the upstream is subscribed again after `delay.delay(beforeRetry:)`; after the last
    /// attempt, or for an error `shouldRetry` rejects, the error is forwarded. Values of every
    /// attempt are forwarded. Each wait is scheduled on `scheduler` with a label such as
    /// `retry backoff(200ms)`. Like `retry(_:)`, a `maxAttempts` below 1 counts as 1 (no
    /// retry).
    ///
    /// ```swift
    /// fetch.retry(
    ///     maxAttempts: 4,
    ///     delay: .exponential(initial: .milliseconds(200), maxDelay: .seconds(5)),
    ///     scheduler: scheduler)
    /// ```
    public func retry(
        maxAttempts: Int,
        delay: RetryDelay,
        scheduler: any Scheduler,
        while shouldRetry: @escaping @Sendable (any Error) -> Bool = { _ in true }
    ) -> Observable<Element> {
        let maxAttempts = max(1, maxAttempts)
        return retry(scheduler: scheduler) { error, failures in
            guard failures < maxAttempts, shouldRetry(error) else { return nil }
            return delay.delay(beforeRetry: failures)
        }
    }

    /// Resubscribes after an error when `decide` says so, after the wait it returns.
    ///
    /// `decide` receives the error and the number of attempts that have failed so far (1 after
    /// the first failure), and returns how long to wait before subscribing again, or `nil` to
    /// forward the error. Each wait is scheduled on `scheduler` with a label such as
    /// `retry backoff(200ms)`.
    ///
    /// ```swift
    /// fetch.retry(scheduler: scheduler) { error, failures in
    ///     error is RequestError && failures < 3 ? .seconds(failures) : nil
    /// }
    /// ```
    public func retry(
        scheduler: any Scheduler,
        when decide: @escaping @Sendable (_ error: any Error, _ failures: Int) -> SchedulerDuration?
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            // The state is the number of attempts that have failed so far.
            let sink = _TimedSink<Int, Element>(
                observer, scheduler: scheduler, label: "retry backoff", state: 0,
                onEvent: { failures, event, outbox in
                    guard case .error(let error) = event else {
                        outbox.send(event)
                        return
                    }
                    failures += 1
                    guard let wait = decide(error, failures) else {
                        outbox.send(event)
                        return
                    }
                    outbox.armTimer(after: wait.ticks, label: "retry backoff(\(wait))")
                },
                onTimer: { _, outbox in outbox.subscribe(to: source) })
            sink.start(source)
            return sink
        })
    }
}
