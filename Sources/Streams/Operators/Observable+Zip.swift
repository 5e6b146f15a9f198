extension Observable {
    /// Pairs the n-th values of two sources and combines each pair with `resultSelector`.
    ///
    /// Values wait in a queue until their partner arrives. The result completes as soon as no
    /// further pair is possible: when a source has completed and its queue is empty. (RxSwift
    /// waits longer in some cases, such as a completed empty source zipped with a silent one.)
    /// It fails at the first error, disposing the other source.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType>(
        _ a: A, _ b: B, resultSelector: @escaping @Sendable (A.Element, B.Element) -> Element
    ) -> Observable<Element> {
        let a = a.asObservable()
        let b = b.asObservable()
        return Observable(unchecked: { observer in
            let sink = _Zip2Sink<A.Element, B.Element>(deliver: { observer.on($0.map { resultSelector($0.0, $0.1) }) })
            sink.run(a, b)
            return sink
        })
    }

    /// Pairs the n-th values of two sources into tuples.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType>(_ a: A, _ b: B) -> Observable<Element>
    where Element == (A.Element, B.Element) {
        zip(a, b) { ($0, $1) }
    }

    /// Groups the n-th values of three sources and combines them with `resultSelector`.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element) -> Element
    ) -> Observable<Element> {
        zip(Observable<(A.Element, B.Element)>.zip(a, b), c) { ab, c in resultSelector(ab.0, ab.1, c) }
    }

    /// Groups the n-th values of three sources into tuples.
    @inlinable
    public static func zip<A: ObservableType, B: ObservableType, C: ObservableType>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element>
    where Element == (A.Element, B.Element, C.Element) {
        zip(a, b, c) { ($0, $1, $2) }
    }

    /// Groups the n-th values of any number of sources of one type into arrays.
    ///
    /// With no sources, the result completes at once.
    @inlinable
    public static func zip<Source: ObservableType>(_ sources: [Source]) -> Observable<Element>
    where Element == [Source.Element] {
        let sources = sources.map { $0.asObservable() }
        if sources.isEmpty { return .empty() }
        return Observable(unchecked: { observer in
            let sink = _ZipArraySink<Source.Element>(count: sources.count, observer: observer)
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
final class _Zip2Sink<A: Sendable, B: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var a = _Queue<A>()
        @usableFromInline var b = _Queue<B>()
        @usableFromInline var isADone = false
        @usableFromInline var isBDone = false

        @inlinable
        init() {}

        /// Whether no further pair can ever be formed.
        @inlinable
        var isExhausted: Bool { (isADone && a.isEmpty) || (isBDone && b.isEmpty) }
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
                        if case .next(let value) = event { state.a.append(value) } else { state.isADone = true }
                    }
                    if case .completed = event { subscriptionA.dispose() }
                }))
        if serializer.isStopped { return }
        subscriptionB.set(
            b.subscribe(
                AnyObserver { [self] event in
                    on(event) { state in
                        if case .next(let value) = event { state.b.append(value) } else { state.isBDone = true }
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

    @inlinable
    func dispose() {
        serializer.close()
        disposeSources()
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
            if case .next(let value) = event {
                state.queues[index].append(value)
                if state.queues.allSatisfy({ !$0.isEmpty }) {
                    var group: [Element] = []
                    group.reserveCapacity(state.queues.count)
                    for position in state.queues.indices {
                        if let value = state.queues[position].popFirst() { group.append(value) }
                    }
                    outbox.next(group)
                }
            } else {
                state.isDone[index] = true
            }
            let isExhausted = state.queues.indices.contains { state.isDone[$0] && state.queues[$0].isEmpty }
            guard isExhausted else { return false }
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
