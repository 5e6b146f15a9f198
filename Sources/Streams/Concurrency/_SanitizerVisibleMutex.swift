public import Synchronization

/// A `Mutex` that stays fast under contention and whose hand-overs ThreadSanitizer can see: the
/// value-holding counterpart of `_Lock`, for state that is only ever touched inside its critical
/// sections.
///
/// On Linux, `Synchronization.Mutex` waits on a priority-inheritance futex, which is slow when
/// threads outnumber cores and which the thread sanitizer does not understand (it sees no
/// ordering between critical sections that met in the kernel, and reports races that are not
/// there). Here a `_Lock` is taken first, so the `Mutex`, which only holds the value, is never
/// contended and never reaches the kernel; the `_Lock`'s atomics give the sanitizer the order.
@usableFromInline
struct _SanitizerVisibleMutex<Value>: ~Copyable {
    @usableFromInline let lock = _Lock()
    @usableFromInline let mutex: Mutex<Value>

    @inlinable
    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    borrowing func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return mutex.withLock { value in body(&value) }
    }
}
