import Streams

/// A thread-safe list that scheduled actions append to, so tests can check what ran and when.
final class Log<Value: Sendable>: Sendable {
    private let values = SanitizerVisibleMutex<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] { values.withLock { $0 } }
}
