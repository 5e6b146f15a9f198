import Streams

/// Keeps the first value it is given; used to read a synchronous answer out of an observable.
final class _FirstValue<Value: Sendable>: Sendable {
    private let storage = SanitizerVisibleMutex<Value?>(nil)

    var value: Value? { storage.withLock { $0 } }

    func keep(_ value: Value) {
        storage.withLock { if $0 == nil { $0 = value } }
    }
}
