/// The subscription of an operator that can end its sequence early (`take`, `tryMap`, `catch`…).
///
/// It forwards to the downstream observer until a terminal event or `dispose()`; ending it
/// disposes the upstream subscription held in `upstream`, which may be set after it ended.
///
/// `@unchecked Sendable`: its life is one atomic (see ``_UpstreamSink``), `observer` is
/// immutable.
@usableFromInline
class _OperatorSink<Output: Sendable>: _UpstreamSink, Disposable, @unchecked Sendable {
    @usableFromInline final let observer: AnyObserver<Output>

    @inlinable
    init(_ observer: AnyObserver<Output>) {
        self.observer = observer
    }

    /// Sends a value unless the sink ended.
    @inlinable
    final func forwardNext(_ value: Output) {
        if isStopped { return }
        observer.on(.next(value))
    }

    /// Sends `event`; a terminal event ends the sink and disposes the upstream.
    @inlinable
    final func forward(_ event: Event<Output>) {
        switch event {
        case .next(let value): forwardNext(value)
        case .error, .completed: finish(event)
        }
    }

    /// Sends the terminal `event` once, then disposes the upstream.
    @inlinable
    final func finish(_ event: Event<Output>) {
        _endOnce { observer.on(event) }
    }

    /// Ends the sink without an event and disposes the upstream.
    @inlinable
    final func dispose() {
        if _isEndedForGood { return }
        _endOnce()
    }
}

/// The subscription of an operator that is one closure over the upstream's values (`filter`
/// with a throwing predicate, `take(while:)`, `single`, `element(at:)`…): the closure sees each
/// value while the sink runs, with the subscription's own `state`; an error it throws ends the
/// sequence with that error. An upstream error is sent on; completion is sent on too, unless
/// the operator gives its own `onCompleted` (which may throw as well).
///
/// The upstream's observer is a closure whose one capture is the sink, and Swift uses such a
/// capture as the closure's context, so the operator's subscription allocates the sink alone
/// (heaptrack: one allocation per subscription of a throwing `map`).
///
/// `@unchecked Sendable`: `state` is touched only by the closures, which the event grammar
/// calls one at a time; the rest is immutable or the base's atomic.
@usableFromInline
final class _ValueSink<Input: Sendable, Output: Sendable, State: Sendable>: _OperatorSink<Output>,
    @unchecked Sendable
{
    @usableFromInline @exclusivity(unchecked) var state: State
    @usableFromInline let onValue: @Sendable (_ValueSink, Input) throws -> Void
    @usableFromInline let onCompleted: (@Sendable (_ValueSink) throws -> Void)?

    @inlinable
    init(
        _ observer: AnyObserver<Output>, state: State,
        onValue: @escaping @Sendable (_ValueSink, Input) throws -> Void,
        onCompleted: (@Sendable (_ValueSink) throws -> Void)?
    ) {
        self.state = state
        self.onValue = onValue
        self.onCompleted = onCompleted
        super.init(observer)
    }

    @inlinable
    func on(_ event: Event<Input>) {
        switch event {
        case .next(let value):
            if isStopped { return }
            do {
                try onValue(self, value)
            } catch {
                finish(.error(error))
            }
        case .error(let error):
            finish(.error(error))
        case .completed:
            guard let onCompleted else { return finish(.completed) }
            if isStopped { return }
            do {
                try onCompleted(self)
            } catch {
                finish(.error(error))
            }
        }
    }
}

extension ObservableType {
    /// An operator made of one closure over the values (see ``_ValueSink``): `onValue` runs for
    /// each value with the subscription's sink, whose `state` starts as `state` for every
    /// subscription; `onCompleted`, when given, replaces sending the completion on.
    @inlinable
    func _valueOperator<Output: Sendable, State: Sendable>(
        state: State,
        onValue: @escaping @Sendable (_ValueSink<Element, Output, State>, Element) throws -> Void,
        onCompleted: (@Sendable (_ValueSink<Element, Output, State>) throws -> Void)? = nil
    ) -> Observable<Output> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _ValueSink(observer, state: state, onValue: onValue, onCompleted: onCompleted)
            sink.setUpstream(source.subscribe(AnyObserver { sink.on($0) }))
            return sink
        })
    }

    /// ``_valueOperator(state:onValue:onCompleted:)`` for an operator with no state of its own.
    @inlinable
    func _valueOperator<Output: Sendable>(
        onValue: @escaping @Sendable (_ValueSink<Element, Output, Void>, Element) throws -> Void,
        onCompleted: (@Sendable (_ValueSink<Element, Output, Void>) throws -> Void)? = nil
    ) -> Observable<Output> {
        _valueOperator(state: (), onValue: onValue, onCompleted: onCompleted)
    }
}
