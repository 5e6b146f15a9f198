public import Synchronization

/// A `Mutex` whose hand-overs ThreadSanitizer can see: the value-holding counterpart of
/// `_Lock`, for state that is only ever touched inside its critical sections.
///
/// On Linux, `Synchronization.Mutex` waits on a priority-inheritance futex, which the thread
/// sanitizer does not understand: when two threads take the lock in turn through the kernel,
/// it sees no ordering between their critical sections and reports a data race that is not
/// there. Every critical section here also loads an atomic with acquire ordering when it
/// starts and stores it with release ordering when it ends; the sanitizer sees those, so the
/// lock's ordering becomes visible to it. On x86-64 and arm64 both are ordinary memory accesses
/// inside the lock, so the cost is nil.
@usableFromInline
struct _SanitizerVisibleMutex<Value>: ~Copyable {
    @usableFromInline let mutex: Mutex<Value>
    @usableFromInline let handOver = Atomic<Int>(0)

    @inlinable
    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    borrowing func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        mutex.withLock { value in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.store(0, ordering: .releasing) }
            return body(&value)
        }
    }
}
