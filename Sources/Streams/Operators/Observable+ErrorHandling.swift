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
    /// subscribed before this sequence: each value of the trigger resubscribes to this
    /// sequence, its completion completes the result, and its error fails it. An error that is
    /// not a `Failure` fails the result at once.
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

/// The subscription of `retry(when:)`: errors go into a subject that the trigger watches.
///
/// `@unchecked Sendable`: the serializer, the subject and the disposables have their own
/// locks; the rest is immutable.
@usableFromInline
final class _RetryWhenSink<Element: Sendable, Failure: Error>: _SerializedSink, @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let serializer: _Serializer<Void, Element>
    @usableFromInline let errors = PublishSubject<Failure>()
    @usableFromInline let current = SerialDisposable()
    @usableFromInline let triggerSubscription = _DisposableSlot()

    @inlinable
    init(source: Observable<Element>, observer: AnyObserver<Element>) {
        self.source = source
        serializer = _Serializer((), observer: observer)
    }

    @inlinable
    func run<Signal: Sendable>(trigger: Observable<Signal>) {
        triggerSubscription.set(
            trigger.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next: subscribeSource()
                    case .error(let error): end(.error(error))
                    case .completed: end(.completed)
                    }
                }))
        subscribeSource()
    }

    @inlinable
    func subscribeSource() {
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
                        errors.onNext(failure)
                    }
                }))
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
