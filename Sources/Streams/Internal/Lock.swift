public import Synchronization

/// A mutual-exclusion lock whose hand-overs the thread sanitizer can see.
///
/// When a `Mutex` is contended, the thread that waits acquires it inside the standard library's
/// slow path, which is not instrumented, so the sanitizer misses the ordering and reports every
/// access the lock guards as a race. This lock pairs each hand-over with an atomic
/// release/acquire on `handoff`, which the sanitizer does see; on x86-64 and ARM64 those are
/// plain loads and stores, so the cost outside the sanitizer is nil.
@usableFromInline
final class _Lock: Sendable {
    @usableFromInline let mutex = Mutex<Void>(())
    @usableFromInline let handoff = Atomic<Int>(0)

    @inlinable
    init() {}

    @inlinable
    func lock() {
        mutex._unsafeLock()
        _ = handoff.load(ordering: .acquiring)
    }

    @inlinable
    func unlock() {
        handoff.store(0, ordering: .releasing)
        mutex._unsafeUnlock()
    }

    /// Runs `body` while holding the lock.
    @inlinable
    func withLock<R>(_ body: () -> R) -> R {
        lock()
        defer { unlock() }
        return body()
    }
}
