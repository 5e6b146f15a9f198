import Streams

/// A thread-safe list that observers append to, so tests can check what arrived.
final class Log<Value: Sendable>: Sendable {
    private let values = SanitizerVisibleMutex<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] { values.withLock { $0 } }

    var count: Int { values.withLock { $0.count } }
}
