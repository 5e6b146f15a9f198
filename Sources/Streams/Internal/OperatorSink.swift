/// The subscription of an operator that can end its sequence early (`take`, `tryMap`, `catch`…).
///
/// It forwards to the downstream observer until a terminal event or `dispose()`; ending it
/// disposes the upstream subscription held in `upstream`, which may be set after it ended.
///
/// `@unchecked Sendable`: its life is one atomic (see ``_UpstreamSink``), `observer` is
/// immutable.
@usableFromInline
final class _OperatorSink<Output: Sendable>: _UpstreamSink, Disposable, @unchecked Sendable {
    @usableFromInline let observer: AnyObserver<Output>

    @inlinable
    init(_ observer: AnyObserver<Output>) {
        self.observer = observer
    }

    /// Sends a value unless the sink ended.
    @inlinable
    func forwardNext(_ value: Output) {
        if isStopped { return }
        observer.on(.next(value))
    }

    /// Sends `event`; a terminal event ends the sink and disposes the upstream.
    @inlinable
    func forward(_ event: Event<Output>) {
        switch event {
        case .next(let value): forwardNext(value)
        case .error, .completed: finish(event)
        }
    }

    /// Sends the terminal `event` once, then disposes the upstream.
    @inlinable
    func finish(_ event: Event<Output>) {
        let previous = _stop()
        guard previous != 2 else { return }
        observer.on(event)
        _endUpstream(after: previous)
    }

    /// Ends the sink without an event and disposes the upstream.
    @inlinable
    func dispose() {
        if isStopped { return }
        let previous = _stop()
        guard previous != 2 else { return }
        _endUpstream(after: previous)
    }
}
