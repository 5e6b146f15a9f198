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
    /// `retry backoff(200ms)`. A `maxAttempts` below 1 fails the sequence with
    /// ``StreamsError/invalidArgument(_:)``.
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
        guard maxAttempts >= 1 else {
            return .error(StreamsError.invalidArgument("retry needs at least 1 attempt, got \(maxAttempts)"))
        }
        let source = asObservable()
        return Observable(unchecked: { observer in
            // The state is the number of attempts made so far.
            let sink = _TimedSink<Int, Element>(
                observer, scheduler: scheduler, label: "retry backoff", state: 1,
                onEvent: { attempts, event, outbox in
                    guard case .error(let error) = event, attempts < maxAttempts, shouldRetry(error) else {
                        outbox.send(event)
                        return
                    }
                    let wait = delay.delay(beforeRetry: attempts)
                    attempts += 1
                    outbox.armTimer(after: wait.ticks, label: "retry backoff(\(wait))")
                },
                onTimer: { _, outbox in outbox.subscribe(to: source) })
            sink.start(source)
            return sink
        })
    }
}
