public import Synchronization

extension ObservableType {
    /// On failure, continues with the observable that `handler` returns for the error.
    ///
    /// The failed upstream is already finished; the fallback is subscribed in its place and
    /// its events are sent on. An error thrown by `handler` fails the sequence.
    ///
    /// The handler returns an ``Observable``, so a fallback made in it needs no type name:
    ///
    /// ```swift
    /// service.load().catch { _ in .just([]) }
    /// ```
    @inlinable
    public func `catch`(
        _ handler: @escaping @Sendable (any Error) throws -> Observable<Element>
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            _subscribe(source, observer) { event in
                guard case .error(let error) = event else { return nil }
                do {
                    return try handler(error)
                } catch {
                    return .error(error)
                }
            }
        })
    }

    /// On failure, continues with the sequence of any kind (a subject, a relay, a test
    /// observable…) that `handler` returns for the error, as the form whose handler returns an
    /// ``Observable`` does.
    @inlinable
    public func `catch`<Fallback: ObservableType>(
        _ handler: @escaping @Sendable (any Error) throws -> Fallback
    ) -> Observable<Element> where Fallback.Element == Element {
        self.catch { error -> Observable<Element> in try handler(error).asObservable() }
    }

    /// On failure, sends `element` and completes.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
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

extension Observable {
    /// Subscribes to each of `sources` in turn until one completes; each error moves on to
    /// the next source, and the last source's error is sent on.
    ///
    /// With no sources, the result completes at once.
    @inlinable
    public static func `catch`<Sources: Sequence>(sequence sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        `catch`(sources)
    }

    /// Subscribes to each of `sources` in turn until one completes; see
    /// ``catch(sequence:)``.
    @inlinable
    public static func `catch`<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        let sources = sources.map { $0.asObservable() }
        guard let last = sources.last else { return .empty() }
        return sources.dropLast().reversed().reduce(last) { rest, source in source.catch { _ in rest } }
    }
}

extension ObservableType {
    /// On failure, lets `notificationHandler` decide whether to subscribe again.
    ///
    /// The handler receives the errors as an observable and returns a trigger, which is
    /// subscribed before this sequence. As in RxSwift, the trigger is heard only while a
    /// failure is pending, from an error of this sequence until the trigger's answer: a value
    /// then resubscribes to this sequence, a completion completes the result, and an error
    /// fails it. What the trigger sends while no failure is pending does not act at once: a
    /// value is dropped, and a completion or an error is held until this sequence fails next,
    /// and then ends the result in place of that failure. An error that is not a `Failure`
    /// fails the result at once.
    ///
    /// ```swift
    /// request.retry { errors in errors.enumerated().flatMap { attempt, error in
    ///     attempt < 3 ? Observable.timer(.seconds(1), scheduler: scheduler) : .error(error)
    /// } }
    /// ```
    @inlinable
    public func retry<Trigger: ObservableType, Failure: Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _RetryWhenSink<Element, Failure>(source: source, observer: observer)
            sink.run(trigger: notificationHandler(sink.errors.asObservable()).asObservable())
            return sink
        })
    }
}

extension ObservableType {
    /// ``retry(when:)`` with the errors as they are, any `Error`: RxSwift's form, so that
    /// `retry(when: { errors in … })` needs no annotation of the errors' type.
    @inlinable
    public func retry<Trigger: ObservableType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _RetryWhenSink<Element, any Error>(source: source, observer: observer)
            sink.run(trigger: notificationHandler(sink.errors.asObservable()).asObservable())
            return sink
        })
    }
}

/// What `retry(when:)` knows between events: whether a failure waits for the trigger's
/// answer, and the trigger's end if it came while none did.
@usableFromInline
struct _RetryWhenState<Element: Sendable>: Sendable {
    @usableFromInline var isFailurePending = false
    @usableFromInline var heldEnd: Event<Element>?

    @inlinable
    init() {}
}

/// The subscription of `retry(when:)`: errors go into a subject that the trigger watches, and
/// the trigger's events act only while a failure is pending (see ``ObservableType/retry(when:)``).
///
/// Resubscribing does not recurse: a source that fails while it is being subscribed, with a
/// trigger that answers at once, is resubscribed by the loop already subscribing (`pending`
/// counts the subscriptions still owed), as ``_RetrySink`` does.
///
/// `@unchecked Sendable`: the state is inside the serializer, under its lock; `pending` is
/// atomic; the subject and the disposables have their own locks; the rest is immutable.
@usableFromInline
final class _RetryWhenSink<Element: Sendable, Failure: Error>: _SerializedSink, @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let serializer: _Serializer<_RetryWhenState<Element>, Element>
    @usableFromInline let errors = PublishSubject<Failure>()
    @usableFromInline let current = SerialDisposable()
    @usableFromInline let triggerSubscription = _DisposableSlot()
    @usableFromInline let pending = Atomic<Int>(0)

    @inlinable
    init(source: Observable<Element>, observer: AnyObserver<Element>) {
        self.source = source
        serializer = _Serializer(_RetryWhenState(), observer: observer)
    }

    @inlinable
    func run<Signal: Sendable>(trigger: Observable<Signal>) {
        triggerSubscription.set(
            trigger.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next: onTriggerValue()
                    case .error(let error): onTriggerEnd(.error(error))
                    case .completed: onTriggerEnd(.completed)
                    }
                }))
        subscribeSource()
    }

    /// Resubscribes if a failure waits for the answer; a value with none pending is dropped.
    @inlinable
    func onTriggerValue() {
        let answers = serializer.update { state, _ -> Bool in
            guard state.isFailurePending else { return false }
            state.isFailurePending = false
            return true
        }
        if answers { subscribeSource() }
    }

    /// Ends the result if a failure waits for the answer; otherwise keeps `end` for the next
    /// failure.
    @inlinable
    func onTriggerEnd(_ end: Event<Element>) {
        let ends = serializer.update { state, outbox -> Bool in
            guard state.isFailurePending else {
                if state.heldEnd == nil { state.heldEnd = end }
                return false
            }
            outbox.send(end)
            return true
        }
        if ends { disposeSources() }
    }

    /// A failure of the source: ends the result with the trigger's held end, or waits for
    /// the trigger's answer to it.
    @inlinable
    func onFailure(_ failure: Failure) {
        let ends = serializer.update { state, outbox -> Bool in
            if let end = state.heldEnd {
                outbox.send(end)
                return true
            }
            state.isFailurePending = true
            return false
        }
        if ends { return disposeSources() }
        errors.onNext(failure)
    }

    @inlinable
    func subscribeSource() {
        if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            if serializer.isStopped { return }
            let slot = SingleAssignmentDisposable()
            current.set(slot)
            slot.set(
                source.subscribe(
                    AnyObserver { [self] event in
                        switch event {
                        case .next:
                            serializer.send(event)
                        case .completed:
                            end(.completed)
                        case .error(let error):
                            guard let failure = error as? Failure else { return end(.error(error)) }
                            slot.dispose()
                            onFailure(failure)
                        }
                    }))
        } while pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    @inlinable
    func disposeSources() {
        triggerSubscription.dispose()
        current.dispose()
    }
}

/// Subscribes `observer` to `source` and passes its events on, until `fallback` names a sequence
/// to continue with for an event: that event is not sent, and the fallback is subscribed in the
/// source's place (unless the subscription was disposed meanwhile). `catch` continues at an
/// error, `ifEmpty(switchTo:)` at an empty completion.
@inlinable
func _subscribe<Element: Sendable>(
    _ source: Observable<Element>, _ observer: AnyObserver<Element>,
    continuingWith fallback: @escaping @Sendable (Event<Element>) -> Observable<Element>?
) -> any Disposable {
    let current = SerialDisposable()
    let first = SingleAssignmentDisposable()
    current.set(first)
    first.set(
        source.subscribe(
            AnyObserver { event in
                guard let next = fallback(event) else { return observer.on(event) }
                let inner = SingleAssignmentDisposable()
                current.set(inner)
                if current.isDisposed { return }
                inner.set(next.subscribe(observer))
            }))
    return current
}
