public import Synchronization

extension Observable {
    /// Creates an observable from a producer function, enforcing the event grammar.
    ///
    /// The producer receives an observer and returns a disposable that stops it. Whatever the
    /// producer sends after a terminal event, or after the subscription was disposed, is
    /// dropped; the producer's disposable runs once, when the subscription ends. Events must
    /// not be sent concurrently from several threads.
    ///
    /// ```swift
    /// let ticks = Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onCompleted()
    ///     return Disposables.empty
    /// }
    /// ```
    @inlinable
    public static func create(
        _ produce: @escaping @Sendable (AnyObserver<Element>) -> any Disposable
    ) -> Observable<Element> {
        Observable(unchecked: { observer in
            let sink = _CreateSink(observer)
            sink.slot.set(produce(AnyObserver { sink.on($0) }))
            return sink
        })
    }

    /// An observable that sends `element` and completes.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Observable(unchecked: { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return _NopDisposable()
        })
    }

    /// An observable that sends each element of `sequence` in order and completes.
    ///
    /// Disposing the subscription while it is sending stops it before the next element.
    @inlinable
    public static func from<S: Sequence & Sendable>(_ sequence: S) -> Observable<Element>
    where S.Element == Element {
        Observable(unchecked: { observer in
            let cancel = BooleanDisposable()
            for element in sequence {
                if cancel.isDisposed { return cancel }
                observer.on(.next(element))
            }
            if !cancel.isDisposed { observer.on(.completed) }
            return cancel
        })
    }

    /// An observable that sends the given elements in order and completes.
    @inlinable
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// An observable that completes at once.
    @inlinable
    public static func empty() -> Observable<Element> {
        Observable(unchecked: { observer in
            observer.on(.completed)
            return Disposables.empty
        })
    }

    /// An observable that never sends anything.
    @inlinable
    public static func never() -> Observable<Element> {
        Observable(unchecked: { _ in Disposables.empty })
    }

    /// An observable that fails at once with `error`.
    @inlinable
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable(unchecked: { observer in
            observer.on(.error(error))
            return Disposables.empty
        })
    }

    /// An observable built anew for every subscription by `factory`; a thrown error is sent
    /// as the sequence's error.
    @inlinable
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable(unchecked: { observer in
            let source: Observable<Element>
            do {
                source = try factory()
            } catch {
                observer.on(.error(error))
                return Disposables.empty
            }
            return source.subscribe(observer)
        })
    }
}

/// The sink behind ``Observable/create(_:)``: drops events after a terminal one or after
/// dispose, and disposes the producer once.
///
/// `@unchecked Sendable`: `stopped` is atomic, `slot` has its own `Mutex`, `observer` is
/// immutable.
@usableFromInline
final class _CreateSink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let tracker: SubscriptionTracker?
    @usableFromInline let slot = _DisposableSlot()
    @usableFromInline let observer: AnyObserver<Element>

    @inlinable
    init(_ observer: AnyObserver<Element>) {
        self.observer = observer
        tracker = LiveSubscriptions.increment()
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if stopped.load(ordering: .acquiring) { return }
        if case .next = event {
            observer.on(event)
            return
        }
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        observer.on(event)
        slot.dispose()
        LiveSubscriptions.decrement(tracker)
    }

    @inlinable
    func dispose() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        slot.dispose()
        LiveSubscriptions.decrement(tracker)
    }
}
