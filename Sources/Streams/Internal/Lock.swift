public import Synchronization

/// A mutual-exclusion lock whose hand-overs the thread sanitizer can see.
///
/// When a `Mutex` is contended, the thread that waits acquires it inside the standard library's
/// slow path, which is not instrumented, so the sanitizer misses the ordering and reports every
/// access the lock guards as a race. This lock pairs each hand-over with an atomic
/// release/acquire on `handoff`, which the sanitizer does see; on x86-64 and ARM64 those are
/// plain loads and stores, so the cost outside the sanitizer is nil.
///
/// It is stored inline in its owner (no allocation); the state it guards lives next to it and
/// is touched only inside ``withLock(_:)``.
@usableFromInline
struct _Lock: ~Copyable, Sendable {
    @usableFromInline let mutex = Mutex<Void>(())
    @usableFromInline let handoff = Atomic<Int>(0)

    @inlinable
    init() {}

    @inlinable
    borrowing func lock() {
        mutex._unsafeLock()
        _ = handoff.load(ordering: .acquiring)
    }

    @inlinable
    borrowing func unlock() {
        handoff.store(0, ordering: .releasing)
        mutex._unsafeUnlock()
    }

    /// Runs `body` while holding the lock.
    @inlinable
    borrowing func withLock<R>(_ body: () -> R) -> R {
        lock()
        defer { unlock() }
        return body()
    }
}
