extension Observable {
    /// Combines the latest values of two sources with `resultSelector`, each time either sends.
    ///
    /// Nothing is sent until every source has sent a value. The result completes when every
    /// source has completed (or when a source sends while it alone lacks a partner that can
    /// still come), and fails at the first error, or at an error thrown by `resultSelector`,
    /// disposing the other sources. The selector runs outside any lock, one call at a time.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age) { "\($0) (\($1))" }
    /// ```
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType>(
        _ a: A, _ b: B, resultSelector: @escaping @Sendable (A.Element, B.Element) throws -> Element
    ) -> Observable<Element> {
        let a = a.asObservable()
        let b = b.asObservable()
        return Observable(unchecked: { observer in
            let cancel = SingleAssignmentDisposable()
            let sink = _CombineLatest2Sink<A.Element, B.Element>(
                deliver: _selecting(observer, cancel: cancel) { try resultSelector($0.0, $0.1) })
            cancel.set(sink)
            sink.run(a, b)
            return sink
        })
    }

    /// Combines the latest values of two sources into tuples.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType>(_ a: A, _ b: B) -> Observable<Element>
    where Element == (A.Element, B.Element) {
        let a = a.asObservable()
        let b = b.asObservable()
        return Observable(unchecked: { observer in
            let sink = _CombineLatest2Sink<A.Element, B.Element>(deliver: observer.handler)
            sink.run(a, b)
            return sink
        })
    }

    /// Combines the latest values of 3 sources with `resultSelector`, each time one of them sends.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element) throws -> Element
    ) -> Observable<Element> {
        _combineLatest([_erased(a), _erased(b), _erased(c)]) { values in
            try resultSelector(_unerased(values[0]), _unerased(values[1]), _unerased(values[2]))
        }
    }

    /// Combines the latest values of 3 sources into tuples.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element) {
        combineLatest(a, b, c) { ($0, $1, $2) }
    }

    /// Combines the latest values of 4 sources with `resultSelector`, each time one of them sends.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType>(
        _ a: A, _ b: B, _ c: C, _ d: D,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) throws -> Element
    ) -> Observable<Element> {
        _combineLatest([_erased(a), _erased(b), _erased(c), _erased(d)]) { values in
            try resultSelector(_unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]))
        }
    }

    /// Combines the latest values of 4 sources into tuples.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType>(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element) {
        combineLatest(a, b, c, d) { ($0, $1, $2, $3) }
    }

    /// Combines the latest values of 5 sources with `resultSelector`, each time one of them sends.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element) throws -> Element
    ) -> Observable<Element> {
        _combineLatest([_erased(a), _erased(b), _erased(c), _erased(d), _erased(e)]) { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]))
        }
    }

    /// Combines the latest values of 5 sources into tuples.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element) {
        combineLatest(a, b, c, d, e) { ($0, $1, $2, $3, $4) }
    }

    /// Combines the latest values of 6 sources with `resultSelector`, each time one of them sends.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType, F: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
        resultSelector:
            @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) throws -> Element
    ) -> Observable<Element> {
        _combineLatest([_erased(a), _erased(b), _erased(c), _erased(d), _erased(e), _erased(f)]) { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]), _unerased(values[5]))
        }
    }

    /// Combines the latest values of 6 sources into tuples.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType, F: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) {
        combineLatest(a, b, c, d, e, f) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Combines the latest values of 7 sources with `resultSelector`, each time one of them sends.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G,
        resultSelector:
            @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) throws ->
            Element
    ) -> Observable<Element> {
        _combineLatest([_erased(a), _erased(b), _erased(c), _erased(d), _erased(e), _erased(f), _erased(g)]) { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]), _unerased(values[5]), _unerased(values[6]))
        }
    }

    /// Combines the latest values of 7 sources into tuples.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) {
        combineLatest(a, b, c, d, e, f, g) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Combines the latest values of 8 sources with `resultSelector`, each time one of them sends.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType, H: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H,
        resultSelector:
            @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element)
            throws -> Element
    ) -> Observable<Element> {
        _combineLatest([_erased(a), _erased(b), _erased(c), _erased(d), _erased(e), _erased(f), _erased(g), _erased(h)])
        { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]), _unerased(values[5]), _unerased(values[6]), _unerased(values[7]))
        }
    }

    /// Combines the latest values of 8 sources into tuples.
    @inlinable
    public static func combineLatest<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType, H: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element) {
        combineLatest(a, b, c, d, e, f, g, h) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }

    /// Combines the latest values of any number of sources of one type with `resultSelector`,
    /// in the order of `sources`.
    ///
    /// With no sources, as in RxSwift, the result sends `resultSelector([])` and completes.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ sources: Sources, resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = sources.map { $0.asObservable() }
        if sources.isEmpty {
            return Observable.deferred { .just(try resultSelector([])) }
        }
        return _combineLatest(sources, selector: resultSelector)
    }

    /// Combines the latest values of any number of sources of one type into arrays, in the
    /// order of `sources`.
    ///
    /// With no sources, as in RxSwift, the result sends an empty array and completes.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Element == [Sources.Element.Element] {
        combineLatest(sources) { $0 }
    }

    /// The engine of every `combineLatest` over more than two sources.
    @inlinable
    static func _combineLatest<Value: Sendable>(
        _ sources: [Observable<Value>], selector: @escaping @Sendable ([Value]) throws -> Element
    ) -> Observable<Element> {
        Observable(unchecked: { observer in
            let cancel = SingleAssignmentDisposable()
            let sink = _CombineLatestArraySink<Value>(
                count: sources.count, deliver: _selecting(observer, cancel: cancel, selector))
            cancel.set(sink)
            sink.run(sources)
            return sink
        })
    }
}

/// The subscription of `combineLatest` over two sources.
///
/// `@unchecked Sendable`: the latest values live in the serializer's lock; the slots have
/// their own locks.
@usableFromInline
final class _CombineLatest2Sink<A: Sendable, B: Sendable>: _SerializedSink, @unchecked Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var a: A?
        @usableFromInline var b: B?
        @usableFromInline var isADone = false
        @usableFromInline var isBDone = false

        @inlinable
        init() {}
    }

    @usableFromInline let serializer: _Serializer<State, (A, B)>
    @usableFromInline let subscriptionA = _DisposableSlot()
    @usableFromInline let subscriptionB = _DisposableSlot()

    @inlinable
    init(deliver: @escaping @Sendable (Event<(A, B)>) -> Void) {
        serializer = _Serializer(State(), deliver: deliver)
    }

    @inlinable
    func run(_ a: Observable<A>, _ b: Observable<B>) {
        subscriptionA.set(
            a.subscribe(
                AnyObserver { [self] event in
                    on(event) { state in
                        if case .next(let value) = event { state.a = value } else { state.isADone = true }
                    }
                    if case .completed = event { subscriptionA.dispose() }
                }))
        if serializer.isStopped { return }
        subscriptionB.set(
            b.subscribe(
                AnyObserver { [self] event in
                    on(event) { state in
                        if case .next(let value) = event { state.b = value } else { state.isBDone = true }
                    }
                    if case .completed = event { subscriptionB.dispose() }
                }))
    }

    /// Applies one source's event with `apply`, then decides what to send.
    @inlinable
    func on<Value>(_ event: Event<Value>, apply: (inout State) -> Void) {
        if case .error(let error) = event {
            serializer.send(.error(error))
            return disposeSources()
        }
        let isDone = serializer.update { state, outbox -> Bool in
            if outbox.isStopped { return false }
            apply(&state)
            let allDone = state.isADone && state.isBDone
            if case .next = event {
                if let a = state.a, let b = state.b {
                    outbox.next((a, b))
                    return false
                }
                // A value arrived but its partner can never come: nothing can be combined.
                if state.isADone || state.isBDone {
                    outbox.send(.completed)
                    return true
                }
                return false
            }
            if allDone { outbox.send(.completed) }
            return allDone
        }
        if isDone { disposeSources() }
    }

    @inlinable
    func disposeSources() {
        subscriptionA.dispose()
        subscriptionB.dispose()
    }
}

/// The subscription of `combineLatest` over an array of sources.
///
/// `@unchecked Sendable`: the latest values live in the serializer's lock; the composite has
/// its own lock.
@usableFromInline
final class _CombineLatestArraySink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var values: [Element?]
        @usableFromInline var isDone: [Bool]
        @usableFromInline var valueCount = 0
        @usableFromInline var doneCount = 0

        @inlinable
        init(count: Int) {
            values = Array(repeating: nil, count: count)
            isDone = Array(repeating: false, count: count)
        }
    }

    @usableFromInline let serializer: _Serializer<State, [Element]>
    @usableFromInline let subscriptions = CompositeDisposable()

    @inlinable
    init(count: Int, deliver: @escaping @Sendable (Event<[Element]>) -> Void) {
        serializer = _Serializer(State(count: count), deliver: deliver)
    }

    @inlinable
    func run(_ sources: [Observable<Element>]) {
        _subscribeIndexed(sources, into: subscriptions, isStopped: { serializer.isStopped }) { [self] event, index in
            on(event, index: index)
        }
    }

    @inlinable
    func on(_ event: Event<Element>, index: Int) {
        if case .error = event {
            serializer.send(event.map { [$0] })
            return subscriptions.dispose()
        }
        let isDone = serializer.update { state, outbox -> Bool in
            if outbox.isStopped { return false }
            let count = state.values.count
            switch event {
            case .next(let value):
                if state.values[index] == nil { state.valueCount += 1 }
                state.values[index] = value
                if state.valueCount == count {
                    outbox.next(state.values.compactMap { $0 })
                    return false
                }
                let othersDone = state.doneCount - (state.isDone[index] ? 1 : 0) == count - 1
                if othersDone {
                    outbox.send(.completed)
                    return true
                }
                return false
            case .completed, .error:
                if !state.isDone[index] {
                    state.isDone[index] = true
                    state.doneCount += 1
                }
                if state.doneCount == count {
                    outbox.send(.completed)
                    return true
                }
                return false
            }
        }
        if isDone { subscriptions.dispose() }
    }

    @inlinable
    func dispose() {
        serializer.close()
        subscriptions.dispose()
    }
}

extension ObservableType {
    /// Combines the latest values of the sources in `collection` into arrays, in the order of
    /// `collection`: RxSwift's form, where `Observable.combineLatest([a, b])` of two
    /// `Observable<Int>` is an `Observable<[Int]>`.
    ///
    /// With no sources, as in RxSwift, the result sends an empty array and completes.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}
