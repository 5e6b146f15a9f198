import Dispatch
public import Synchronization

/// A mutual-exclusion lock built on one atomic word, which stays fast when more threads want it
/// than there are cores, and whose hand-overs the thread sanitizer can see.
///
/// The standard library's `Mutex` on Linux waits on a priority-inheritance futex, which hands
/// the lock directly to the next waiter: under contention every unlock forces a context switch
/// to a thread that may not be running, and eight threads taking turns on two cores measured
/// 1 to 41 seconds for 800,000 short critical sections. This lock lets a running thread take it
/// again at once (barging), spins briefly, and only then parks on a semaphore; the same work
/// took 15 ms. The kernel side of `Mutex` is also invisible to the thread sanitizer, which then
/// reports races that are not there; here every acquisition and release is an atomic with
/// acquire or release ordering, which the sanitizer sees.
///
/// `state` is 0 when free, 1 when held, 2 when held and a thread may be parked. The semaphore
/// is created on the first contention only, so an uncontended lock costs no allocation. It is
/// published through an `Atomic` rather than the standard library's `AtomicLazyReference`,
/// whose `load()` and `storeIfNil(_:)` are not inlinable and run in the standard library, which
/// the sanitizer does not instrument: it then misses the release that publishes the semaphore
/// and reports its first read as a race. A
/// parked thread that wakes retries; a wake-up with nobody parked leaves a permit behind, which
/// costs some later waiter one extra turn of its loop and nothing else.
///
/// It is stored inline in its owner; the state it guards lives next to it and is touched only
/// inside ``withLock(_:)`` (or between ``lock()`` and ``unlock()``).
@usableFromInline
struct _Lock: ~Copyable, Sendable {
    @usableFromInline let state = Atomic<UInt32>(0)
    @usableFromInline let parking = Atomic<Unmanaged<_Parking>?>(nil)

    @inlinable
    init() {}

    deinit {
        parking.load(ordering: .acquiring)?.release()
    }

    @inlinable
    borrowing func lock() {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        _lockContended()
    }

    @inlinable
    borrowing func unlock() {
        if state.exchange(0, ordering: .releasing) == 2 { _wakeOne() }
    }

    /// Runs `body` while holding the lock.
    @inlinable
    borrowing func withLock<R>(_ body: () -> R) -> R {
        lock()
        defer { unlock() }
        return body()
    }

    @usableFromInline
    borrowing func _lockContended() {
        for _ in 0..<64 {
            if state.load(ordering: .relaxed) == 0,
                state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
        }
        let semaphore = _parking().semaphore
        // Marking the lock contended before parking guarantees that its holder's unlock wakes
        // someone; taking it with the mark set only costs that unlock a needless wake-up.
        while state.exchange(2, ordering: .acquiring) != 0 {
            semaphore.wait()
        }
    }

    @usableFromInline
    borrowing func _wakeOne() {
        _parking().semaphore.signal()
    }

    @usableFromInline
    borrowing func _parking() -> _Parking {
        if let existing = parking.load(ordering: .acquiring) {
            return existing.takeUnretainedValue()
        }
        let made = Unmanaged.passRetained(_Parking())
        let (stored, existing) = parking.compareExchange(
            expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if stored { return made.takeUnretainedValue() }
        made.release()
        // The exchange failed, so another thread stored its semaphore first.
        return existing.unsafelyUnwrapped.takeUnretainedValue()
    }
}

/// Where the threads waiting for a contended ``_Lock`` sleep.
@usableFromInline
final class _Parking: Sendable {
    let semaphore = DispatchSemaphore(value: 0)

    @usableFromInline
    init() {}
}
