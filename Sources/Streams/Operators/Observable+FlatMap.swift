extension ObservableType {
    /// Maps each value to an observable and merges the values of all of them.
    ///
    /// Every inner observable is subscribed when its value arrives and runs until it ends.
    /// The result completes when the upstream and every inner observable have completed, and
    /// fails at the first error from any of them (disposing all the others). An error thrown
    /// by `selector` fails the sequence too.
    @inlinable
    public func flatMap<Inner: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        _flattening { _FlatMapSink($0) { try selector($0).asObservable() } }
    }

    /// Maps each value to an observable and sends the values of the latest one only.
    ///
    /// A new upstream value disposes the previous inner subscription before subscribing the
    /// new one, so stale work is cancelled. The result completes when the upstream and the
    /// current inner observable have completed, and fails at the first error of either.
    ///
    /// ```swift
    /// query.flatMapLatest { text in service.search(text) }
    /// ```
    @inlinable
    public func flatMapLatest<Inner: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        _flattening { _FlatMapLatestSink($0) { try selector($0).asObservable() } }
    }

    /// Maps each value to an observable and sends their values one observable after another.
    ///
    /// Only one inner observable is subscribed at a time; the others wait, in order, until the
    /// one before them completes. `selector` runs when the value arrives. The result completes
    /// when the upstream has completed and every inner observable has run to completion.
    @inlinable
    public func concatMap<Inner: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        _flattening { _ConcatMapSink($0) { try selector($0).asObservable() } }
    }
}

extension ObservableType {
    /// Maps each value to an observable and sends its values, ignoring upstream values that
    /// arrive while the current inner observable is still running.
    ///
    /// Useful for taps that start work which must not be restarted until it finishes. The
    /// result completes when the upstream and the current inner observable have completed,
    /// and fails at the first error of either, or at an error thrown by `selector`.
    @inlinable
    public func flatMapFirst<Inner: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        _flattening { _FlatMapFirstSink($0) { try selector($0).asObservable() } }
    }
}

extension ObservableType where Element: ObservableType {
    /// Sends the values of the most recent inner observable only: each new inner observable
    /// disposes the previous one before it is subscribed.
    ///
    /// The result completes when this sequence and the current inner observable have
    /// completed, and fails at the first error of either.
    @inlinable
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}

/// The state of `flatMap`'s subscription.
@usableFromInline
struct _FlatMapState: _CountedInnersState {
    @usableFromInline var isOuterDone = false
    @usableFromInline var activeInners = 0
    @usableFromInline var isIdle: Bool { activeInners == 0 }

    @inlinable
    init() {}
}

/// The subscription of `flatMap` (and `merge`): one upstream, any number of live inners.
@usableFromInline
final class _FlatMapSink<Source: Sendable, Element: Sendable>: _CountedInnersSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<_FlatMapState, Element>
    @usableFromInline let selector: @Sendable (Source) throws -> Observable<Element>
    @usableFromInline let outer = _DisposableSlot()
    @usableFromInline let inners = CompositeDisposable()

    @inlinable
    init(
        _ observer: AnyObserver<Element>,
        selector: @escaping @Sendable (Source) throws -> Observable<Element>
    ) {
        serializer = _Serializer(_FlatMapState(), observer: observer)
        self.selector = selector
    }

    @inlinable
    func onOuterValue(_ value: Source) {
        guard let inner = select(value) else { return }
        serializer.update { state, _ in state.activeInners += 1 }
        subscribeCounted(inner)
    }
}

/// The state of `flatMapLatest`'s subscription: the generation of the live inner, so that a
/// replaced inner can no longer send anything.
@usableFromInline
struct _FlatMapLatestState: _FlatteningState {
    @usableFromInline var isOuterDone = false
    @usableFromInline var generation = 0
    @usableFromInline var hasActiveInner = false
    @usableFromInline var isIdle: Bool { !hasActiveInner }

    @inlinable
    init() {}
}

/// The subscription of `flatMapLatest`: one upstream and at most one live inner.
@usableFromInline
final class _FlatMapLatestSink<Source: Sendable, Element: Sendable>: _FlatteningSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<_FlatMapLatestState, Element>
    @usableFromInline let selector: @Sendable (Source) throws -> Observable<Element>
    @usableFromInline let outer = _DisposableSlot()
    @usableFromInline let inners = SerialDisposable()

    @inlinable
    init(
        _ observer: AnyObserver<Element>,
        selector: @escaping @Sendable (Source) throws -> Observable<Element>
    ) {
        serializer = _Serializer(_FlatMapLatestState(), observer: observer)
        self.selector = selector
    }

    @inlinable
    func onOuterValue(_ value: Source) {
        guard let next = select(value) else { return }
        let generation = serializer.update { state, _ in
            state.generation += 1
            state.hasActiveInner = true
            return state.generation
        }
        let slot = SingleAssignmentDisposable()
        inners.set(slot)
        slot.set(
            next.subscribe(
                AnyObserver { [self] event in
                    onInner(event, generation: generation)
                    if case .completed = event { slot.dispose() }
                }))
    }

    @inlinable
    func onInner(_ event: Event<Element>, generation: Int) {
        let isDone = serializer.update { state, outbox -> Bool in
            guard state.generation == generation else { return false }
            switch event {
            case .next:
                outbox.send(event)
                return false
            case .error:
                outbox.send(event)
                return true
            case .completed:
                state.hasActiveInner = false
                guard state.isOuterDone else { return false }
                outbox.send(.completed)
                return true
            }
        }
        if isDone { disposeSources() }
    }
}

/// The state of `concatMap`'s subscription.
@usableFromInline
struct _ConcatMapState<Element: Sendable>: _FlatteningState {
    @usableFromInline var isOuterDone = false
    @usableFromInline var hasActiveInner = false
    @usableFromInline var isSubscribing = false
    @usableFromInline var waiting: [Observable<Element>] = []
    @usableFromInline var isIdle: Bool { !hasActiveInner && waiting.isEmpty }

    @inlinable
    init() {}
}

/// The subscription of `concatMap`: one upstream, one live inner, and a queue of waiting ones.
///
/// Inners that complete while being subscribed do not start the next one recursively: the
/// thread that is subscribing loops instead, so a long queue of synchronous inners cannot
/// overflow the stack.
@usableFromInline
final class _ConcatMapSink<Source: Sendable, Element: Sendable>: _FlatteningSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<_ConcatMapState<Element>, Element>
    @usableFromInline let selector: @Sendable (Source) throws -> Observable<Element>
    @usableFromInline let outer = _DisposableSlot()
    @usableFromInline let inners = SerialDisposable()

    /// What to do after an inner observable completed.
    @usableFromInline
    enum Step {
        case none, finished
        case start(Observable<Element>)
    }

    @inlinable
    init(
        _ observer: AnyObserver<Element>,
        selector: @escaping @Sendable (Source) throws -> Observable<Element>
    ) {
        serializer = _Serializer(_ConcatMapState<Element>(), observer: observer)
        self.selector = selector
    }

    @inlinable
    func onOuterValue(_ value: Source) {
        guard let next = select(value) else { return }
        let startNow = serializer.update { state, outbox -> Bool in
            if outbox.isStopped { return false }
            if state.hasActiveInner || state.isSubscribing {
                state.waiting.append(next)
                return false
            }
            state.hasActiveInner = true
            state.isSubscribing = true
            return true
        }
        if startNow { subscribeInners(startingWith: next) }
    }

    /// Subscribes `first`, then every waiting inner that is due because the one before it
    /// completed while this loop was subscribing it.
    @inlinable
    func subscribeInners(startingWith first: Observable<Element>) {
        var current = first
        while true {
            let slot = SingleAssignmentDisposable()
            inners.set(slot)
            slot.set(current.subscribe(AnyObserver { [self] event in onInner(event) { innerCompleted() } }))
            let next = serializer.update { state, outbox -> Observable<Element>? in
                if !outbox.isStopped && !state.hasActiveInner && !state.waiting.isEmpty {
                    state.hasActiveInner = true
                    return state.waiting.removeFirst()
                }
                state.isSubscribing = false
                return nil
            }
            guard let next else { return }
            current = next
        }
    }

    @inlinable
    func innerCompleted() {
        inners.set(Disposables.empty)
        let step = serializer.update { state, outbox -> Step in
            state.hasActiveInner = false
            if state.waiting.isEmpty {
                guard state.isOuterDone && !outbox.isStopped else { return .none }
                outbox.send(.completed)
                return .finished
            }
            if state.isSubscribing || outbox.isStopped { return .none }
            state.hasActiveInner = true
            state.isSubscribing = true
            return .start(state.waiting.removeFirst())
        }
        switch step {
        case .none: break
        case .finished: disposeSources()
        case .start(let next): subscribeInners(startingWith: next)
        }
    }
}

/// The state of `flatMapFirst`'s subscription.
@usableFromInline
struct _FlatMapFirstState: _FlatteningState {
    @usableFromInline var isOuterDone = false
    @usableFromInline var hasActiveInner = false
    @usableFromInline var isIdle: Bool { !hasActiveInner }

    @inlinable
    init() {}
}

/// The subscription of `flatMapFirst`: one upstream and at most one live inner; upstream
/// values that arrive while an inner is live are dropped.
@usableFromInline
final class _FlatMapFirstSink<Source: Sendable, Element: Sendable>: _FlatteningSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<_FlatMapFirstState, Element>
    @usableFromInline let selector: @Sendable (Source) throws -> Observable<Element>
    @usableFromInline let outer = _DisposableSlot()
    @usableFromInline let inners = SerialDisposable()

    @inlinable
    init(
        _ observer: AnyObserver<Element>,
        selector: @escaping @Sendable (Source) throws -> Observable<Element>
    ) {
        serializer = _Serializer(_FlatMapFirstState(), observer: observer)
        self.selector = selector
    }

    @inlinable
    func onOuterValue(_ value: Source) {
        let isFree = serializer.update { state, outbox -> Bool in
            if outbox.isStopped || state.hasActiveInner { return false }
            state.hasActiveInner = true
            return true
        }
        guard isFree, let next = select(value) else { return }
        let slot = SingleAssignmentDisposable()
        inners.set(slot)
        slot.set(
            next.subscribe(
                AnyObserver { [self] event in
                    onInner(event) {
                        inners.set(Disposables.empty)
                        completeIfDone { $0.hasActiveInner = false }
                    }
                }))
    }
}
