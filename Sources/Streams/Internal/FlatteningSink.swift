/// What the state of every flattening sink knows: whether the upstream has ended, and
/// whether no inner observable is live or waiting any more.
@usableFromInline
protocol _FlatteningState: Sendable {
    /// Whether the upstream (the sequence of inner observables) has completed.
    var isOuterDone: Bool { get set }
    /// Whether no inner observable is live, being subscribed, or waiting.
    var isIdle: Bool { get }
}

/// The subscriptions that flatten a sequence of observables (`flatMap`, `flatMapLatest`,
/// `flatMapFirst`, `concatMap`, `merge(maxConcurrent:)`): one upstream whose values `selector`
/// turns into inner observables, the inners held in `inners`, and the events of all of them
/// sent one at a time through `serializer`.
///
/// A conforming sink says what an upstream value starts (``onOuterValue(_:)``) and what an
/// inner's events do; the upstream's end, failing and completing once everything is done are
/// the same for all of them, here, and ending and disposing come from ``_SerializedSink``. It
/// is a protocol, not a base class, so that every sink's calls into it are specialized for its
/// types: a method reached through a generic class's table runs unspecialized, and looks up
/// type metadata on every call.
@usableFromInline
protocol _FlatteningSink: _SerializedSink, Sendable where SerializedState == State, Output == Element {
    associatedtype Source: Sendable
    associatedtype Element: Sendable
    associatedtype State: _FlatteningState
    associatedtype Inners: Disposable

    var selector: @Sendable (Source) throws -> Observable<Element> { get }
    var outer: _DisposableSlot { get }
    var inners: Inners { get }

    /// What an upstream value starts.
    func onOuterValue(_ value: Source)
}

extension _FlatteningSink {
    /// Subscribes to the upstream.
    @inlinable
    func run(_ source: Observable<Source>) {
        outer.set(source.subscribe(AnyObserver { [self] event in onOuter(event) }))
    }

    @inlinable
    func onOuter(_ event: Event<Source>) {
        switch event {
        case .next(let value):
            onOuterValue(value)
        case .error(let error):
            fail(error)
        case .completed:
            outer.dispose()
            completeIfDone { $0.isOuterDone = true }
        }
    }

    /// The inner observable for `value`, or `nil` when the sink ended or `selector` threw (the
    /// sequence then fails with that error).
    @inlinable
    func select(_ value: Source) -> Observable<Element>? {
        if serializer.isStopped { return nil }
        do {
            return try selector(value)
        } catch {
            fail(error)
            return nil
        }
    }

    /// Sends an inner's value on, fails at its error, and runs `onCompleted` at its completion.
    @inlinable
    func onInner(_ event: Event<Element>, onCompleted: () -> Void) {
        switch event {
        case .next: serializer.send(event)
        case .error(let error): fail(error)
        case .completed: onCompleted()
        }
    }

    /// Applies `change`, then completes and disposes everything if the upstream has ended and
    /// no inner is left.
    @inlinable
    func completeIfDone(_ change: (inout State) -> Void) {
        let isDone = serializer.update { state, outbox -> Bool in
            change(&state)
            guard state.isOuterDone, state.isIdle, !outbox.isStopped else { return false }
            outbox.send(.completed)
            return true
        }
        if isDone { disposeSources() }
    }

    @inlinable
    func fail(_ error: any Error) { end(.error(error)) }

    @inlinable
    func disposeSources() {
        outer.dispose()
        inners.dispose()
    }
}

/// The state of a flattening sink that lets any number of inners run at once and counts them.
@usableFromInline
protocol _CountedInnersState: _FlatteningState {
    /// How many inners are subscribed and not yet done.
    var activeInners: Int { get set }
}

/// A flattening sink whose live inners are counted in its state and held in one composite
/// (`flatMap`, `merge(maxConcurrent:)`).
@usableFromInline
protocol _CountedInnersSink: _FlatteningSink where Inners == CompositeDisposable, State: _CountedInnersState {
    /// Runs after an inner completed and was counted out.
    func afterInnerCompleted()
}

extension _CountedInnersSink {
    @inlinable
    func afterInnerCompleted() {}

    /// Subscribes `inner`, already counted in ``_CountedInnersState/activeInners``, as one of the
    /// live inners: its values go out, its error fails the sequence, and its completion removes
    /// it, counts it out and completes the sequence if nothing is left.
    @inlinable
    func subscribeCounted(_ inner: Observable<Element>) {
        let slot = SingleAssignmentDisposable()
        guard let key = inners.insert(slot) else { return }
        slot.set(
            inner.subscribe(
                AnyObserver { [self] event in
                    onInner(event) {
                        inners.remove(for: key)
                        completeIfDone { $0.activeInners -= 1 }
                        afterInnerCompleted()
                    }
                }))
    }
}

extension ObservableType {
    /// A flattening operator: each subscription makes its sink with `makeSink` and runs it on
    /// this sequence.
    @inlinable
    func _flattening<Sink: _FlatteningSink>(
        _ makeSink: @escaping @Sendable (AnyObserver<Sink.Element>) -> Sink
    ) -> Observable<Sink.Element> where Sink.Source == Element {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = makeSink(observer)
            sink.run(source)
            return sink
        })
    }
}
