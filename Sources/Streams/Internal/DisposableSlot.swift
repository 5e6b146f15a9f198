public import Synchronization

/// Holds the upstream disposable of a sink, which may arrive after the sink was stopped.
///
/// `@unchecked Sendable`: all state is inside `state`, a `Mutex`.
@usableFromInline
final class _DisposableSlot: @unchecked Sendable {
    @usableFromInline
    enum State {
        case empty
        case set(any Disposable)
        case disposed
    }

    @usableFromInline
    let state = Mutex(State.empty)

    @inlinable
    init() {}

    /// Stores `disposable`, or disposes it at once if the slot was already disposed.
    @inlinable
    func set(_ disposable: any Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            if case .empty = state {
                state = .set(disposable)
                return false
            }
            return true
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the stored disposable, now or when it is set.
    @inlinable
    func dispose() {
        let inner: (any Disposable)? = state.withLock { state in
            let inner: (any Disposable)?
            if case .set(let d) = state { inner = d } else { inner = nil }
            state = .disposed
            return inner
        }
        inner?.dispose()
    }
}
