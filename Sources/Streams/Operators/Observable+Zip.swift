extension Observable {
    /// Pairs the n-th values of two sources and combines each pair with `resultSelector`.
    ///
    /// Values wait in a queue until their partner arrives. As in RxSwift, the result completes
    /// when both sources have completed, even if one of them completed earlier with an empty
    /// queue, so that no pair is possible any more. It fails at the first error, or at an error
    /// thrown by `resultSelector`, disposing the other source.
    ///
    /// ```swift
    /// Observable.zip(requests, responses) { ($0.id, $1.status) }
    /// ```
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType>(
        _ a: A, _ b: B, resultSelector: @escaping @Sendable (A.Element, B.Element) throws -> Element
    ) -> Observable<Element> {
        let a = a.asObservable()
        let b = b.asObservable()
        return Observable(unchecked: { observer in
            let cancel = SingleAssignmentDisposable()
            let sink = _Zip2Sink<A.Element, B.Element>(
                deliver: _selecting(observer, cancel: cancel) { try resultSelector($0.0, $0.1) })
            cancel.set(sink)
            sink.run(a, b)
            return sink
        })
    }

    /// Pairs the n-th values of two sources into tuples.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType>(_ a: A, _ b: B) -> Observable<Element>
    where Element == (A.Element, B.Element) {
        let a = a.asObservable()
        let b = b.asObservable()
        return Observable(unchecked: { observer in
            let sink = _Zip2Sink<A.Element, B.Element>(deliver: observer.handler)
            sink.run(a, b)
            return sink
        })
    }

    /// Groups the n-th values of 3 sources and combines them with `resultSelector`; completes once every source completed.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element) throws -> Element
    ) -> Observable<Element> {
        _zip([_erased(a), _erased(b), _erased(c)], completesWhenUnpairable: false) { values in
            try resultSelector(_unerased(values[0]), _unerased(values[1]), _unerased(values[2]))
        }
    }

    /// Groups the n-th values of 3 sources into tuples.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element) {
        zip(a, b, c) { ($0, $1, $2) }
    }

    /// Groups the n-th values of 4 sources and combines them with `resultSelector`; completes once every source completed.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType>(
        _ a: A, _ b: B, _ c: C, _ d: D,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) throws -> Element
    ) -> Observable<Element> {
        _zip([_erased(a), _erased(b), _erased(c), _erased(d)], completesWhenUnpairable: false) { values in
            try resultSelector(_unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]))
        }
    }

    /// Groups the n-th values of 4 sources into tuples.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType>(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element) {
        zip(a, b, c, d) { ($0, $1, $2, $3) }
    }

    /// Groups the n-th values of 5 sources and combines them with `resultSelector`; completes once every source completed.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element) throws -> Element
    ) -> Observable<Element> {
        _zip([_erased(a), _erased(b), _erased(c), _erased(d), _erased(e)], completesWhenUnpairable: false) { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]))
        }
    }

    /// Groups the n-th values of 5 sources into tuples.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element) {
        zip(a, b, c, d, e) { ($0, $1, $2, $3, $4) }
    }

    /// Groups the n-th values of 6 sources and combines them with `resultSelector`; completes once every source completed.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType, F: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
        resultSelector:
            @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) throws -> Element
    ) -> Observable<Element> {
        _zip([_erased(a), _erased(b), _erased(c), _erased(d), _erased(e), _erased(f)], completesWhenUnpairable: false) {
            values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]), _unerased(values[5]))
        }
    }

    /// Groups the n-th values of 6 sources into tuples.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType, F: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) {
        zip(a, b, c, d, e, f) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Groups the n-th values of 7 sources and combines them with `resultSelector`; completes once every source completed.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G,
        resultSelector:
            @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) throws ->
            Element
    ) -> Observable<Element> {
        _zip(
            [_erased(a), _erased(b), _erased(c), _erased(d), _erased(e), _erased(f), _erased(g)],
            completesWhenUnpairable: false
        ) { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]), _unerased(values[5]), _unerased(values[6]))
        }
    }

    /// Groups the n-th values of 7 sources into tuples.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) {
        zip(a, b, c, d, e, f, g) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Groups the n-th values of 8 sources and combines them with `resultSelector`; completes once every source completed.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType, H: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H,
        resultSelector:
            @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element)
            throws -> Element
    ) -> Observable<Element> {
        _zip(
            [_erased(a), _erased(b), _erased(c), _erased(d), _erased(e), _erased(f), _erased(g), _erased(h)],
            completesWhenUnpairable: false
        ) { values in
            try resultSelector(
                _unerased(values[0]), _unerased(values[1]), _unerased(values[2]), _unerased(values[3]),
                _unerased(values[4]), _unerased(values[5]), _unerased(values[6]), _unerased(values[7]))
        }
    }

    /// Groups the n-th values of 8 sources into tuples.
    @inlinable
    public static func zip<
        A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType, E: ObservableType,
        F: ObservableType, G: ObservableType, H: ObservableType
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element) {
        zip(a, b, c, d, e, f, g, h) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }

    /// Groups the n-th values of any number of sources of one type and combines each group
    /// with `resultSelector`.
    ///
    /// As in RxSwift's collection form, the result completes when every source has completed,
    /// or when a value arrives that can never be grouped because every other source has
    /// completed. With no sources, it completes at once.
    @inlinable
    public static func zip<Sources: Collection>(
        _ sources: Sources, resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        _zip(sources.map { $0.asObservable() }, completesWhenUnpairable: true, selector: resultSelector)
    }

    /// Groups the n-th values of any number of sources of one type into arrays.
    ///
    /// With no sources, the result completes at once.
    @inlinable
    public static func zip<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Element == [Sources.Element.Element] {
        _zip(sources.map { $0.asObservable() }, completesWhenUnpairable: true) { $0 }
    }

    /// The engine of every `zip` over more than two sources.
    @inlinable
    static func _zip<Value: Sendable>(
        _ sources: [Observable<Value>], completesWhenUnpairable: Bool,
        selector: @escaping @Sendable ([Value]) throws -> Element
    ) -> Observable<Element> {
        if sources.isEmpty { return .empty() }
        return Observable(unchecked: { observer in
            let cancel = SingleAssignmentDisposable()
            let sink = _ZipArraySink<Value>(
                count: sources.count, completesWhenUnpairable: completesWhenUnpairable,
                deliver: _selecting(observer, cancel: cancel, selector))
            cancel.set(sink)
            sink.run(sources)
            return sink
        })
    }
}

/// The subscription of `zip` over two sources.
///
/// `@unchecked Sendable`: the queues live in the serializer's lock; the slots have their own
/// locks.
@usableFromInline
final class _Zip2Sink<A: Sendable, B: Sendable>: _SerializedSink, @unchecked Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var a = _Queue<A>()
        @usableFromInline var b = _Queue<B>()
        @usableFromInline var isADone = false
        @usableFromInline var isBDone = false

        @inlinable
        init() {}

        /// Whether both sources completed: RxSwift's rule for the end of a fixed-arity zip.
        @inlinable
        var isExhausted: Bool { isADone && isBDone }
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
                        if case .next(let value) = event {
                            if !state.isADone { state.a.append(value) }
                        } else {
                            state.isADone = true
                        }
                    }
                    if case .completed = event { subscriptionA.dispose() }
                }))
        if serializer.isStopped { return }
        subscriptionB.set(
            b.subscribe(
                AnyObserver { [self] event in
                    on(event) { state in
                        if case .next(let value) = event {
                            if !state.isBDone { state.b.append(value) }
                        } else {
                            state.isBDone = true
                        }
                    }
                    if case .completed = event { subscriptionB.dispose() }
                }))
    }

    @inlinable
    func on<Value>(_ event: Event<Value>, apply: (inout State) -> Void) {
        if case .error(let error) = event {
            serializer.send(.error(error))
            return disposeSources()
        }
        let isDone = serializer.update { state, outbox -> Bool in
            if outbox.isStopped { return false }
            apply(&state)
            if !state.a.isEmpty && !state.b.isEmpty, let a = state.a.popFirst(), let b = state.b.popFirst() {
                outbox.next((a, b))
            }
            guard state.isExhausted else { return false }
            outbox.send(.completed)
            return true
        }
        if isDone { disposeSources() }
    }

    @inlinable
    func disposeSources() {
        subscriptionA.dispose()
        subscriptionB.dispose()
    }
}

/// The subscription of `zip` over an array of sources.
///
/// `@unchecked Sendable`: the queues live in the serializer's lock; the composite has its own
/// lock.
@usableFromInline
final class _ZipArraySink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var queues: [_Queue<Element>]
        @usableFromInline var isDone: [Bool]

        @inlinable
        init(count: Int) {
            queues = Array(repeating: _Queue(), count: count)
            isDone = Array(repeating: false, count: count)
        }
    }

    @usableFromInline let serializer: _Serializer<State, [Element]>
    @usableFromInline let subscriptions = CompositeDisposable()
    @usableFromInline let completesWhenUnpairable: Bool

    @inlinable
    init(count: Int, completesWhenUnpairable: Bool, deliver: @escaping @Sendable (Event<[Element]>) -> Void) {
        serializer = _Serializer(State(count: count), deliver: deliver)
        self.completesWhenUnpairable = completesWhenUnpairable
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
            if case .next(let value) = event {
                if state.isDone[index] { return false }
                state.queues[index].append(value)
                if state.queues.allSatisfy({ !$0.isEmpty }) {
                    var group: [Element] = []
                    group.reserveCapacity(state.queues.count)
                    for position in state.queues.indices {
                        if let value = state.queues[position].popFirst() { group.append(value) }
                    }
                    outbox.next(group)
                    return false
                }
                // RxSwift's collection rule: a value that no other source can ever match.
                let othersDone = state.isDone.indices.allSatisfy { $0 == index || state.isDone[$0] }
                guard completesWhenUnpairable && othersDone else { return false }
            } else {
                state.isDone[index] = true
                guard !state.isDone.contains(false) else { return false }
            }
            outbox.send(.completed)
            return true
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
    /// Groups the n-th values of the sources in `collection` into arrays: RxSwift's form, where
    /// `Observable.zip([a, b])` of two `Observable<Int>` is an `Observable<[Int]>`.
    ///
    /// With no sources, the result completes at once.
    @inlinable
    public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.zip(collection) { $0 }
    }
}
