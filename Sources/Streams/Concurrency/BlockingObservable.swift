import Dispatch

extension ObservableType {
    /// The sequence as one whose results are waited for on the calling thread: for command-line
    /// tools, start-up code and tests, where there is nothing else for the thread to do.
    ///
    /// Each method of the result subscribes anew, blocks until it has its answer, and disposes
    /// the subscription. With a `timeout` (in seconds) a method that has no answer by then
    /// throws ``StreamsError/timeout`` (``BlockingObservable/materialize()`` returns it).
    ///
    /// ```swift
    /// let count = try store.observeCount().toBlocking(timeout: 5).first()
    /// let all = try Observable.of(1, 2, 3).map { $0 * 10 }.toBlocking().toArray()  // [10, 20, 30]
    /// ```
    ///
    /// Never block a thread that the sequence needs to make progress: waiting on the main queue
    /// for a sequence that delivers on the main queue never ends (or ends at the timeout). A
    /// source that sends synchronously while it is subscribed (`from`, `range`) runs to its end
    /// even for ``BlockingObservable/first()``, as such a source does for `take(1)`.
    public func toBlocking(timeout: Double? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }
}

/// How a sequence waited for by ``BlockingObservable/materialize()`` ended, with the values it
/// sent before.
public enum MaterializedSequenceResult<Element: Sendable>: Sendable {
    /// The sequence completed after sending `elements`.
    case completed(elements: [Element])
    /// The sequence failed with `error` after sending `elements`.
    case failed(elements: [Element], error: any Error)
}

/// A sequence whose results are waited for on the calling thread; made by
/// ``ObservableType/toBlocking(timeout:)``.
public struct BlockingObservable<Element: Sendable>: Sendable {
    let source: Observable<Element>
    let timeout: Double?

    /// Every value, once the sequence completes; its error if it fails.
    public func toArray() throws -> [Element] {
        try values()
    }

    /// The first value; `nil` if the sequence completes without one; its error if it fails
    /// first. The subscription ends at the first value.
    public func first() throws -> Element? {
        try source.take(1).toBlocking(timeout: timeout).values().first
    }

    /// The last value, once the sequence completes; `nil` if it sent none; its error if it fails.
    public func last() throws -> Element? {
        try values().last
    }

    /// The one value of a sequence that sends exactly one: ``StreamsError/noElements`` if it
    /// completes without a value, ``StreamsError/moreThanOneElement`` as soon as it sends a second.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The one value that `predicate` accepts, once the sequence completes:
    /// ``StreamsError/noElements`` if it accepts none, ``StreamsError/moreThanOneElement`` as soon
    /// as it accepts a second. An error `predicate` throws ends the wait with that error.
    public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) throws -> Element {
        let matches = try source.filter(predicate).take(2).toBlocking(timeout: timeout).values()
        guard let match = matches.first else { throw StreamsError.noElements }
        guard matches.count == 1 else { throw StreamsError.moreThanOneElement }
        return match
    }

    /// How the sequence ended and every value it sent before, without throwing: a timeout is
    /// `.failed` with ``StreamsError/timeout`` and the values sent until then.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let outcome = collect()
        if let error = outcome.error { return .failed(elements: outcome.values, error: error) }
        return .completed(elements: outcome.values)
    }

    /// The values sent until the sequence completes; its error (or the timeout) if it fails.
    private func values() throws -> [Element] {
        let outcome = collect()
        if let error = outcome.error { throw error }
        return outcome.values
    }

    /// Subscribes, collects values until the sequence ends or the timeout passes (the error is
    /// then ``StreamsError/timeout``), and disposes the subscription.
    private func collect() -> (values: [Element], error: (any Error)?) {
        let wait = _BlockingWait<Element>()
        let subscription = source.subscribe { wait.on($0) }
        defer { subscription.dispose() }
        return wait.outcome(within: timeout)
    }
}

/// The values a blocking call has collected and whether the sequence ended; the subscription's
/// thread fills it, the blocked thread waits on `done`.
final class _BlockingWait<Element: Sendable>: Sendable {
    private struct Collected {
        var values: [Element] = []
        var error: (any Error)?
        var isDone = false
    }

    private let collected = SanitizerVisibleMutex(Collected())
    private let done = DispatchSemaphore(value: 0)

    func on(_ event: Event<Element>) {
        let finished = collected.withLock { state -> Bool in
            guard !state.isDone else { return false }
            switch event {
            case .next(let value):
                state.values.append(value)
            case .error(let error):
                state.error = error
                state.isDone = true
            case .completed:
                state.isDone = true
            }
            return state.isDone
        }
        if finished { done.signal() }
    }

    /// The values and the error, once the sequence ended; when `seconds` pass first, the values
    /// so far and ``StreamsError/timeout`` (later events are ignored).
    func outcome(within seconds: Double?) -> (values: [Element], error: (any Error)?) {
        if let seconds {
            let nanoseconds = seconds > 0 ? min(seconds * 1e9, Double(Int64.max / 2)) : 0
            if done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) != .success {
                return collected.withLock { state in
                    if !state.isDone {
                        state.isDone = true
                        state.error = StreamsError.timeout
                    }
                    return (state.values, state.error)
                }
            }
        } else {
            done.wait()
        }
        return collected.withLock { ($0.values, $0.error) }
    }
}

extension Single {
    /// The single as a blocking sequence (see ``ObservableType/toBlocking(timeout:)``).
    public func toBlocking(timeout: Double? = nil) -> BlockingObservable<Element> {
        asObservable().toBlocking(timeout: timeout)
    }
}

extension Maybe {
    /// The maybe as a blocking sequence (see ``ObservableType/toBlocking(timeout:)``).
    public func toBlocking(timeout: Double? = nil) -> BlockingObservable<Element> {
        asObservable().toBlocking(timeout: timeout)
    }
}

extension Completable {
    /// The completable as a blocking sequence of no values (see
    /// ``ObservableType/toBlocking(timeout:)``): `toArray()` returns once it completes.
    public func toBlocking(timeout: Double? = nil) -> BlockingObservable<Never> {
        asObservable().toBlocking(timeout: timeout)
    }
}
