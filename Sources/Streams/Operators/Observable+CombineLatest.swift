extension Observable {
    /// Combines the latest values of two sources with `resultSelector`, each time either sends.
    ///
    /// Nothing is sent until every source has sent a value. The result completes when every
    /// source has completed (or when a source sends while it alone lacks a partner that can
    /// still come), and fails at the first error, disposing the other sources. The selector
    /// runs outside any lock, one call at a time.
    ///
    /// ```swift
    /// Observable.combineLatest(name, age) { "\($0) (\($1))" }
    /// ```
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType>(
        _ a: A, _ b: B, resultSelector: @escaping @Sendable (A.Element, B.Element) -> Element
    ) -> Observable<Element> {
        let a = a.asObservable()
        let b = b.asObservable()
        return Observable(unchecked: { observer in
            let sink = _CombineLatest2Sink<A.Element, B.Element>(
                deliver: { observer.on($0.map { resultSelector($0.0, $0.1) }) })
            sink.run(a, b)
            return sink
        })
    }

    /// Combines the latest values of three sources with `resultSelector`.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element) -> Element
    ) -> Observable<Element> {
        combineLatest(Observable<(A.Element, B.Element)>.combineLatest(a, b), c) { ab, c in
            resultSelector(ab.0, ab.1, c)
        }
    }

    /// Combines the latest values of four sources with `resultSelector`.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType>(
        _ a: A, _ b: B, _ c: C, _ d: D,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) -> Element
    ) -> Observable<Element> {
        combineLatest(
            Observable<(A.Element, B.Element)>.combineLatest(a, b),
            Observable<(C.Element, D.Element)>.combineLatest(c, d)
        ) { ab, cd in
            resultSelector(ab.0, ab.1, cd.0, cd.1)
        }
    }

    /// Combines the latest values of two sources into tuples.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType>(_ a: A, _ b: B) -> Observable<Element>
    where Element == (A.Element, B.Element) {
        combineLatest(a, b) { ($0, $1) }
    }

    /// Combines the latest values of three sources into tuples.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element) {
        combineLatest(a, b, c) { ($0, $1, $2) }
    }

    /// Combines the latest values of four sources into tuples.
    @inlinable
    public static func combineLatest<A: ObservableType, B: ObservableType, C: ObservableType, D: ObservableType>(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element, D.Element) {
        combineLatest(a, b, c, d) { ($0, $1, $2, $3) }
    }
}

extension Observable {
    /// Combines the latest values of any number of sources of one type into arrays, in the
    /// order of `sources`.
    ///
    /// With no sources, the result completes at once.
    @inlinable
    public static func combineLatest<Source: ObservableType>(_ sources: [Source]) -> Observable<Element>
    where Element == [Source.Element] {
        let sources = sources.map { $0.asObservable() }
        if sources.isEmpty { return .empty() }
        return Observable(unchecked: { observer in
            let sink = _CombineLatestArraySink<Source.Element>(count: sources.count, observer: observer)
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
final class _CombineLatest2Sink<A: Sendable, B: Sendable>: Disposable, @unchecked Sendable {
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

    @inlinable
    func dispose() {
        serializer.close()
        disposeSources()
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
    init(count: Int, observer: AnyObserver<[Element]>) {
        serializer = _Serializer(State(count: count), observer: observer)
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
