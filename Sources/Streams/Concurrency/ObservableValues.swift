extension ObservableType {
    /// The sequence's values as an `AsyncSequence`: `for try await value in observable.values`.
    ///
    /// Each iterator subscribes as soon as it is made, so a hot source's values sent before the
    /// first `next()` are kept, and buffers what arrives (without bound) until the consuming task
    /// takes it. The loop ends when the observable
    /// completes, throws its error, and ends early (returning `nil`) when the consuming task is
    /// cancelled; cancelling or dropping the iterator disposes the subscription.
    ///
    /// ```swift
    /// for try await count in inbox.observeUnreadCount().values {
    ///     print(count)
    /// }
    /// ```
    @inlinable
    public var values: ObservableValues<Element> { ObservableValues(asObservable()) }
}

/// An observable's values as an `AsyncSequence`; see ``ObservableType/values``.
///
/// Built for throughput: the producer appends to a buffer under a lock and resumes the
/// consumer only when it is waiting; the consumer takes the whole buffer at once and then reads
/// values without locking until the batch is used up.
public struct ObservableValues<Element: Sendable>: AsyncSequence, Sendable {
    /// Failures are the observable's errors.
    public typealias Failure = any Error

    @usableFromInline
    let source: Observable<Element>

    @inlinable
    init(_ source: Observable<Element>) { self.source = source }

    /// Creates an iterator, which subscribes at once.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(source)
    }

    /// Iterates over the values of one subscription.
    public struct Iterator: AsyncIteratorProtocol {
        /// Failures are the observable's errors.
        public typealias Failure = any Error

        @usableFromInline
        let handle: _ValuesHandle<Element>
        @usableFromInline
        var batch: [Element] = []
        @usableFromInline
        var index = 0

        @inlinable
        init(_ source: Observable<Element>) {
            let buffer = _ValuesBuffer(source)
            handle = _ValuesHandle(buffer)
            buffer.subscribe()
        }

        /// The next value, `nil` at the end or after cancellation; throws the observable's error.
        @inlinable
        public mutating func next() async throws -> Element? {
            if index < batch.count { return take() }
            return try await refill()
        }

        /// The next value, `nil` at the end or after cancellation; throws the observable's error.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            if index < batch.count { return take() }
            return try await refill(isolation: actor)
        }

        @inlinable
        mutating func take() -> Element {
            let value = batch[index]
            index += 1
            return value
        }

        @inlinable
        mutating func refill(isolation actor: isolated (any Actor)? = #isolation) async throws -> Element? {
            batch.removeAll(keepingCapacity: true)
            index = 0
            let buffer = handle.buffer
            if Task.isCancelled {
                buffer.cancel()
                return nil
            }
            switch buffer.poll(swappingWith: &batch) {
            case .values:
                return take()
            case .finished(let error):
                if let error { throw error }
                return nil
            case .empty:
                break
            }
            let batch = try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { continuation in
                    buffer.wait(continuation)
                }
            } onCancel: {
                buffer.cancel()
            }
            guard let batch, !batch.isEmpty else { return nil }
            self.batch = batch
            return take()
        }
    }
}

/// Disposes the subscription when the iterator that owns it goes away.
///
/// The subscription's observer holds the buffer, not the handle, so dropping the iterator
/// releases the last reference to the handle even while the subscription is live.
@usableFromInline
final class _ValuesHandle<Element: Sendable>: Sendable {
    @usableFromInline let buffer: _ValuesBuffer<Element>

    @inlinable
    init(_ buffer: _ValuesBuffer<Element>) { self.buffer = buffer }

    deinit { buffer.cancel() }
}

/// The meeting point of the producing subscription and the consuming task.
///
/// `@unchecked Sendable`: all mutable state is inside `state`, a `SanitizerVisibleMutex`; `source` is
/// immutable.
@usableFromInline
final class _ValuesBuffer<Element: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum Poll {
        case values
        case empty
        case finished((any Error)?)
    }

    @usableFromInline
    struct State {
        @usableFromInline var values: [Element] = []
        @usableFromInline var waiting: UnsafeContinuation<[Element]?, any Error>?
        @usableFromInline var isSubscribed = false
        @usableFromInline var isFinished = false
        @usableFromInline var error: (any Error)?
        @usableFromInline var subscription: (any Disposable)?

        @inlinable init() {}
    }

    @usableFromInline let state = SanitizerVisibleMutex(State())
    @usableFromInline let source: Observable<Element>

    @inlinable
    init(_ source: Observable<Element>) { self.source = source }

    /// Takes every buffered value (handing back `batch`'s storage for reuse), or reports the
    /// end, or that nothing is there yet. Subscribes on first use.
    @inlinable
    func poll(swappingWith batch: inout [Element]) -> Poll {
        let (result, subscribe) = state.withLock { state -> (Poll, Bool) in
            if !state.values.isEmpty {
                swap(&batch, &state.values)
                return (.values, false)
            }
            if state.isFinished {
                let error = state.error
                state.error = nil
                return (.finished(error), false)
            }
            if state.isSubscribed { return (.empty, false) }
            state.isSubscribed = true
            return (.empty, true)
        }
        if subscribe { start() }
        if case .empty = result, subscribe {
            // A synchronous source may have sent everything during the subscription.
            return poll(swappingWith: &batch)
        }
        return result
    }

    /// Subscribes unless already subscribed.
    @inlinable
    func subscribe() {
        let isFirst = state.withLock { state -> Bool in
            if state.isSubscribed { return false }
            state.isSubscribed = true
            return true
        }
        if isFirst { start() }
    }

    @usableFromInline
    func start() {
        let subscription = source.subscribe(AnyObserver { [self] in on($0) })
        let disposeNow = state.withLock { state -> Bool in
            if state.isFinished { return true }
            state.subscription = subscription
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    /// Parks the consumer until values or the end arrive (or resumes it at once if they have).
    @inlinable
    func wait(_ continuation: UnsafeContinuation<[Element]?, any Error>) {
        let ready: Result<[Element]?, any Error>? = state.withLock { state in
            if !state.values.isEmpty {
                let values = state.values
                state.values = []
                return .success(values)
            }
            if state.isFinished {
                if let error = state.error {
                    state.error = nil
                    return .failure(error)
                }
                return .success(nil)
            }
            state.waiting = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            let waiting: UnsafeContinuation<[Element]?, any Error>? = state.withLock { state in
                if state.isFinished { return nil }
                if let waiting = state.waiting {
                    state.waiting = nil
                    return waiting
                }
                state.values.append(value)
                return nil
            }
            waiting?.resume(returning: [value])
        case .error(let error):
            finish(error: error)
        case .completed:
            finish(error: nil)
        }
    }

    /// Ends the sequence: values already buffered are still delivered, then the end.
    @usableFromInline
    func finish(error: (any Error)?) {
        let (waiting, subscription) = state.withLock { state in
            if state.isFinished { return (nil, nil) as (UnsafeContinuation<[Element]?, any Error>?, (any Disposable)?) }
            state.isFinished = true
            state.error = error
            let waiting = state.waiting
            state.waiting = nil
            let subscription = state.subscription
            state.subscription = nil
            if waiting != nil { state.error = nil }
            return (waiting, subscription)
        }
        subscription?.dispose()
        if let waiting {
            if let error {
                waiting.resume(throwing: error)
            } else {
                waiting.resume(returning: nil)
            }
        }
    }

    /// Stops the subscription and ends the sequence at once, dropping buffered values.
    @usableFromInline
    func cancel() {
        let (waiting, subscription) = state.withLock { state in
            let waiting = state.waiting
            state.waiting = nil
            let subscription = state.subscription
            state.subscription = nil
            state.isFinished = true
            state.isSubscribed = true
            state.error = nil
            state.values = []
            return (waiting, subscription)
        }
        subscription?.dispose()
        waiting?.resume(returning: nil)
    }
}
