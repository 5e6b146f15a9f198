public import Synchronization

/// Holds the upstream disposable of a sink, which may arrive after the sink was stopped.
///
/// A non-copyable value stored inline in the sink that owns it, so a sink costs one allocation,
/// not two. All state is inside `state`, a `Mutex`; it is rarely contended (only when a dispose
/// races the subscription that fills it), so it is not a `_Lock`. Each critical section also
/// loads `handOver` with acquire ordering and stores it with release ordering, so the thread
/// sanitizer sees the order of sections that met in the kernel's futex, which it cannot see
/// itself; on x86-64 and arm64 both are plain memory accesses.
@usableFromInline
struct _DisposableSlot: ~Copyable, Sendable {
    @usableFromInline
    struct State: Sendable {
        /// The stored disposable; a no-op one while empty. Not optional, so storing, moving
        /// and destroying it skip the runtime's generic enum-tag lookups.
        @usableFromInline var disposable: any Disposable = _NopDisposable()
        @usableFromInline var isFilled = false
        @usableFromInline var isDisposed = false

        @inlinable
        init() {}
    }

    @usableFromInline
    let state = Mutex(State())
    @usableFromInline
    let handOver = Atomic<Int>(0)

    @inlinable
    init() {}

    /// Stores `disposable`, or disposes it at once if the slot was already disposed (or, by
    /// mistake, already filled).
    @inlinable
    func set(_ disposable: any Disposable) {
        let refused = state.withLock { state -> Bool in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.store(0, ordering: .releasing) }
            if state.isDisposed || state.isFilled { return true }
            state.disposable = disposable
            state.isFilled = true
            return false
        }
        if refused { disposable.dispose() }
    }

    /// Disposes the stored disposable, now or when it is set.
    @inlinable
    func dispose() {
        let inner = state.withLock { state -> any Disposable in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.store(0, ordering: .releasing) }
            state.isDisposed = true
            guard state.isFilled else { return _NopDisposable() }
            state.isFilled = false
            var inner: any Disposable = _NopDisposable()
            swap(&inner, &state.disposable)
            return inner
        }
        inner.dispose()
    }
}
