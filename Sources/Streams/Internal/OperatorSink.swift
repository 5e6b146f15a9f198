public import Synchronization

/// The subscription of an operator that can end its sequence early (`take`, `tryMap`, `catch`…).
///
/// It forwards to the downstream observer until a terminal event or `dispose()`; ending it
/// disposes the upstream subscription held in `upstream`, which may be set after it ended.
///
/// `@unchecked Sendable`: `stopped` is atomic, `upstream` has its own `Mutex`, `observer` is
/// immutable.
@usableFromInline
final class _OperatorSink<Output: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let observer: AnyObserver<Output>
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let upstream = _DisposableSlot()

    @inlinable
    init(_ observer: AnyObserver<Output>) {
        self.observer = observer
    }

    /// Whether the sink ended (terminal event sent or disposed).
    @inlinable
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Sends a value unless the sink ended.
    @inlinable
    func forwardNext(_ value: Output) {
        if stopped.load(ordering: .acquiring) { return }
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
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        observer.on(event)
        upstream.dispose()
    }

    /// Ends the sink without an event and disposes the upstream.
    @inlinable
    func dispose() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        upstream.dispose()
    }
}
