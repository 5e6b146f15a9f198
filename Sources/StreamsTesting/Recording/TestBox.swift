import Streams

/// A value that `@Sendable` closures can read and change: what a RxSwift test keeps in a
/// captured `var`, which Swift 6 does not allow.
///
/// ```swift
/// let seen = TestBox([Int]())
/// let subscription = xs.subscribe(onNext: { seen.append($0) })
/// scheduler.advance(to: 300)
/// #expect(seen.value == [1, 2])
/// subscription.dispose()
/// ```
///
/// Every access takes a lock, so closures on several threads may use it at once.
public final class TestBox<Value: Sendable>: Sendable {
    private let storage: SanitizerVisibleMutex<Value>

    /// A box holding `value`.
    public init(_ value: Value) {
        storage = SanitizerVisibleMutex(value)
    }

    /// The value now; setting it replaces it.
    public var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Changes the value in place, under the lock, and returns what `body` returns.
    @discardableResult
    public func modify<Result>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { body(&$0) }
    }
}

extension TestBox where Value: RangeReplaceableCollection {
    /// Appends `element` to the collection.
    public func append(_ element: Value.Element) {
        modify { $0.append(element) }
    }
}

extension TestBox where Value: AdditiveArithmetic {
    /// Adds `amount` to the value.
    public func add(_ amount: Value) {
        modify { $0 += amount }
    }
}
