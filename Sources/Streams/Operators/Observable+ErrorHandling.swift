public import Synchronization

extension ObservableType {
    /// On failure, continues with the observable that `handler` returns for the error.
    ///
    /// The failed upstream is already finished; the fallback is subscribed in its place and
    /// its events are sent on. An error thrown by `handler` fails the sequence.
    ///
    /// ```swift
    /// service.load().catch { _ in .just([]) }
    /// ```
    @inlinable
    public func `catch`<Fallback: ObservableType>(
        _ handler: @escaping @Sendable (any Error) throws -> Fallback
    ) -> Observable<Element> where Fallback.Element == Element {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let current = SerialDisposable()
            let first = SingleAssignmentDisposable()
            current.set(first)
            first.set(
                source.subscribe(
                    AnyObserver { event in
                        guard case .error(let error) = event else { return observer.on(event) }
                        let fallback: Observable<Element>
                        do {
                            fallback = try handler(error).asObservable()
                        } catch {
                            return observer.on(.error(error))
                        }
                        let next = SingleAssignmentDisposable()
                        current.set(next)
                        if current.isDisposed { return }
                        next.set(fallback.subscribe(observer))
                    }))
            return current
        })
    }

    /// On failure, sends `element` and completes.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in Observable.just(element) }
    }

    /// On failure, subscribes to this sequence again, for as long as it takes.
    ///
    /// Values from every attempt are sent on; only the errors are swallowed. Pair it with a
    /// source that can eventually succeed, or use ``retry(_:)`` to bound the attempts.
    @inlinable
    public func retry() -> Observable<Element> {
        _retry(maxAttempts: nil)
    }

    /// On failure, subscribes to this sequence again, for at most `maxAttempts` subscriptions
    /// in all; the error of the last one is sent on.
    ///
    /// `retry(3)` subscribes up to three times. Values below 1 count as 1 (no retry).
    @inlinable
    public func retry(_ maxAttempts: Int) -> Observable<Element> {
        _retry(maxAttempts: max(1, maxAttempts))
    }

    @inlinable
    func _retry(maxAttempts: Int?) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _RetrySink(source: source, observer: observer, maxAttempts: maxAttempts)
            sink.subscribeAgain()
            return sink
        })
    }
}

/// The subscription of `retry`: resubscribes after each error, without recursion.
///
/// A source that fails synchronously while it is being subscribed would otherwise nest one
/// stack frame per attempt; instead, the thread already subscribing loops (the `pending`
/// counter says how many subscriptions are still owed).
///
/// `@unchecked Sendable`: `pending` and `failures` are atomic; `current` has its own lock;
/// the rest is immutable.
@usableFromInline
final class _RetrySink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let observer: AnyObserver<Element>
    @usableFromInline let maxAttempts: Int?
    @usableFromInline let current = SerialDisposable()
    @usableFromInline let pending = Atomic<Int>(0)
    @usableFromInline let failures = Atomic<Int>(0)

    @inlinable
    init(source: Observable<Element>, observer: AnyObserver<Element>, maxAttempts: Int?) {
        self.source = source
        self.observer = observer
        self.maxAttempts = maxAttempts
    }

    @inlinable
    func subscribeAgain() {
        if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            if current.isDisposed { return }
            let slot = SingleAssignmentDisposable()
            current.set(slot)
            slot.set(source.subscribe(AnyObserver { [self] event in on(event) }))
        } while pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    @inlinable
    func on(_ event: Event<Element>) {
        guard case .error = event else { return observer.on(event) }
        let failed = failures.wrappingAdd(1, ordering: .relaxed).newValue
        if let maxAttempts, failed >= maxAttempts {
            observer.on(event)
            current.dispose()
            return
        }
        subscribeAgain()
    }

    @inlinable
    func dispose() {
        current.dispose()
    }
}
