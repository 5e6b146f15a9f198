public import Synchronization

/// A `Mutex` that stays fast under contention and whose hand-overs ThreadSanitizer can see: the
/// value-holding counterpart of `_Lock`, for state that is only ever touched inside its critical
/// sections. It has `Mutex`'s shape (`withLock` with `inout sending` access and typed throws).
///
/// `package`: Rivulet's own modules guard their shared state with it for the same reasons; it is
/// not part of Streams' public interface.
///
/// On Linux, `Synchronization.Mutex` waits on a priority-inheritance futex, which is slow when
/// threads outnumber cores and which the thread sanitizer does not understand (it sees no
/// ordering between critical sections that met in the kernel, and reports races that are not
/// there). Here a `_Lock` is taken first, so the `Mutex`, which only holds the value, is never
/// contended and never reaches the kernel; the `_Lock`'s atomics give the sanitizer the order.
@usableFromInline
package struct SanitizerVisibleMutex<Value>: ~Copyable {
    @usableFromInline let lock = _Lock()
    @usableFromInline let mutex: Mutex<Value>

    /// A mutex holding `value`.
    @inlinable
    package init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package borrowing func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try mutex.withLock { (value) throws(Failure) -> sending Result in try body(&value) }
    }
}

/// `@unchecked Sendable`: the value is reached only inside `withLock`, one thread at a time, and
/// goes in and out as `sending`, as with `Mutex`.
extension SanitizerVisibleMutex: @unchecked Sendable {}
