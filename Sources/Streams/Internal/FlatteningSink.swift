/// What the state of every flattening sink knows: whether the upstream has ended, and
/// whether no inner observable is live or waiting any more.
@usableFromInline
protocol _FlatteningState: Sendable {
    /// Whether the upstream (the sequence of inner observables) has completed.
    var isOuterDone: Bool { get set }
    /// Whether no inner observable is live, being subscribed, or waiting.
    var isIdle: Bool { get }
}

/// The base of the subscriptions that flatten a sequence of observables (`flatMap`,
/// `flatMapLatest`, `flatMapFirst`, `concatMap`, `merge(maxConcurrent:)`): one upstream whose
/// values `selector` turns into inner observables, the inners held in `inners`, and the
/// events of all of them sent one at a time through `serializer`.
///
/// A subclass says what an upstream value starts (``onOuterValue(_:)``) and what an inner's
/// events do; the upstream's end, failing, completing once everything is done, and disposing
/// are the same for all of them.
///
/// `@unchecked Sendable`: the state lives in the serializer's lock; `outer` and `inners` have
/// their own locks; `selector` is immutable.
@usableFromInline
class _FlatteningSink<Source: Sendable, Element: Sendable, State: _FlatteningState, Inners: Disposable>:
    Disposable, @unchecked Sendable
{
    @usableFromInline final let serializer: _Serializer<State, Element>
    @usableFromInline final let selector: @Sendable (Source) throws -> Observable<Element>
    @usableFromInline final let outer = _DisposableSlot()
    @usableFromInline final let inners: Inners

    @inlinable
    init(
        _ observer: AnyObserver<Element>, state: State, inners: Inners,
        selector: @escaping @Sendable (Source) throws -> Observable<Element>
    ) {
        serializer = _Serializer(state, observer: observer)
        self.inners = inners
        self.selector = selector
    }

    /// Subscribes to the upstream.
    @inlinable
    final func run(_ source: Observable<Source>) {
        outer.set(source.subscribe(AnyObserver { [self] event in onOuter(event) }))
    }

    @inlinable
    final func onOuter(_ event: Event<Source>) {
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

    /// What an upstream value starts; every subclass overrides it.
    @inlinable
    func onOuterValue(_ value: Source) {}

    /// The inner observable for `value`, or `nil` when the sink ended or `selector` threw (the
    /// sequence then fails with that error).
    @inlinable
    final func select(_ value: Source) -> Observable<Element>? {
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
    final func onInner(_ event: Event<Element>, onCompleted: () -> Void) {
        switch event {
        case .next: serializer.send(event)
        case .error(let error): fail(error)
        case .completed: onCompleted()
        }
    }

    /// Applies `change`, then completes and disposes everything if the upstream has ended and
    /// no inner is left.
    @inlinable
    final func completeIfDone(_ change: (inout State) -> Void) {
        let isDone = serializer.update { state, outbox -> Bool in
            change(&state)
            guard state.isOuterDone, state.isIdle, !outbox.isStopped else { return false }
            outbox.send(.completed)
            return true
        }
        if isDone { disposeSources() }
    }

    @inlinable
    final func fail(_ error: any Error) {
        serializer.send(.error(error))
        disposeSources()
    }

    @inlinable
    final func disposeSources() {
        outer.dispose()
        inners.dispose()
    }

    @inlinable
    final func dispose() {
        serializer.close()
        disposeSources()
    }
}

extension ObservableType {
    /// A flattening operator: each subscription makes its sink with `makeSink` and runs it on
    /// this sequence.
    @inlinable
    func _flattening<Output: Sendable, State: _FlatteningState, Inners: Disposable>(
        _ makeSink: @escaping @Sendable (AnyObserver<Output>) -> _FlatteningSink<Element, Output, State, Inners>
    ) -> Observable<Output> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = makeSink(observer)
            sink.run(source)
            return sink
        })
    }
}
