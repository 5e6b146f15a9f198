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
            sink.setUpstream(produce(AnyObserver { sink.on($0) }))
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
/// `@unchecked Sendable`: its life is one atomic (see ``_UpstreamSink``), `observer` is
/// immutable.
@usableFromInline
final class _CreateSink<Element: Sendable>: _UpstreamSink, Disposable, @unchecked Sendable {
    @usableFromInline let tracker: SubscriptionTracker?
    @usableFromInline let observer: AnyObserver<Element>

    @inlinable
    init(_ observer: AnyObserver<Element>) {
        self.observer = observer
        tracker = LiveSubscriptions.increment()
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if isStopped { return }
        if case .next = event {
            observer.on(event)
            return
        }
        if _endOnce(sending: { observer.on(event) }) { LiveSubscriptions.decrement(tracker) }
    }

    @inlinable
    func dispose() {
        if _isEndedForGood { return }
        if _endOnce() { LiveSubscriptions.decrement(tracker) }
    }
}

extension Observable {
    /// An observable that sends `optional`'s value and completes, or just completes if it is
    /// `nil`.
    @inlinable
    public static func from(optional: Element?) -> Observable<Element> {
        guard let element = optional else { return .empty() }
        return .just(element)
    }

    /// An observable that sends the states from `initialState`, each made from the one before
    /// by `iterate`, while `condition` holds; then completes.
    ///
    /// Runs synchronously during the subscription. An error thrown by either closure fails
    /// the sequence. For an endless generator, pass a scheduler (see
    /// ``generate(initialState:condition:scheduler:iterate:)``) so that it can be stopped.
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping @Sendable (Element) throws -> Bool,
        iterate: @escaping @Sendable (Element) throws -> Element
    ) -> Observable<Element> {
        Observable(unchecked: { observer in
            var state = initialState
            do {
                while try condition(state) {
                    observer.on(.next(state))
                    state = try iterate(state)
                }
            } catch {
                observer.on(.error(error))
                return Disposables.empty
            }
            observer.on(.completed)
            return Disposables.empty
        })
    }

    /// An observable that creates a resource for each subscription, builds its sequence from
    /// it, and disposes the resource when the subscription ends (terminal event or dispose).
    ///
    /// An error thrown by either factory fails the sequence; a resource already created is
    /// then disposed too.
    ///
    /// ```swift
    /// Observable.using({ Connection.open() }, observableFactory: { $0.messages })
    /// ```
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable(unchecked: { observer in
            let sink = _OperatorSink(observer)
            let resources = CompositeDisposable()
            sink.setUpstream(resources)
            let source: Observable<Element>
            do {
                let resource = try resourceFactory()
                resources.insert(resource)
                source = try observableFactory(resource)
            } catch {
                sink.finish(.error(error))
                return sink
            }
            resources.insert(source.subscribe(AnyObserver { sink.forward($0) }))
            return sink
        })
    }
}

extension Observable where Element: FixedWidthInteger {
    /// An observable that sends `count` consecutive values from `start`, then completes.
    ///
    /// Runs synchronously during the subscription. A negative `count`, or a last value
    /// (`start + count - 1`) beyond `Element.max`, fails with
    /// ``StreamsError/invalidArgument(_:)``; `range(start: .max, count: 1)` sends `.max`.
    @inlinable
    public static func range(start: Element, count: Element) -> Observable<Element> {
        switch _rangeValues(start: start, count: count) {
        case .invalid:
            return .error(StreamsError.invalidArgument("range(start: \(start), count: \(count)) is not representable"))
        case .empty: return .empty()
        case .values(let values): return from(values)
        }
    }

    /// The values `range(start:count:)` sends: none, a closed range, or none representable.
    @inlinable
    static func _rangeValues(start: Element, count: Element) -> _RangeValues<Element> {
        guard count >= 0 else { return .invalid }
        if count == 0 { return .empty }
        // The last value, not the end past it, must fit: `range(start: .max, count: 1)` is valid.
        let (last, overflow) = start.addingReportingOverflow(count - 1)
        return overflow ? .invalid : .values(start...last)
    }
}

/// What `range(start:count:)` sends.
@usableFromInline
enum _RangeValues<Element: FixedWidthInteger & Sendable>: Sendable {
    case invalid
    case empty
    case values(ClosedRange<Element>)
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The sequence as an observable, iterated in a new task for every subscription (see
    /// ``Observable/from(_:)-(S)``).
    public func asObservable() -> Observable<Element> {
        Observable.from(self)
    }
}
