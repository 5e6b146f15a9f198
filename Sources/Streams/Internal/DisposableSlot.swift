public import Synchronization

/// Holds the upstream disposable of a sink, which may arrive after the sink was stopped.
///
/// A non-copyable value stored inline in the sink that owns it, so a sink costs one allocation,
/// not two. All state is inside `state`, a `Mutex`.
@usableFromInline
struct _DisposableSlot: ~Copyable, Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var disposable: (any Disposable)?
        @usableFromInline var isDisposed = false

        @inlinable
        init() {}
    }

    @usableFromInline
    let state = Mutex(State())

    @inlinable
    init() {}

    /// Stores `disposable`, or disposes it at once if the slot was already disposed (or, by
    /// mistake, already filled).
    @inlinable
    func set(_ disposable: any Disposable) {
        let refused = state.withLock { state -> Bool in
            if state.isDisposed || state.disposable != nil { return true }
            state.disposable = disposable
            return false
        }
        if refused { disposable.dispose() }
    }

    /// Disposes the stored disposable, now or when it is set.
    @inlinable
    func dispose() {
        let inner = state.withLock { state -> (any Disposable)? in
            state.isDisposed = true
            let inner = state.disposable
            state.disposable = nil
            return inner
        }
        inner?.dispose()
    }
}
