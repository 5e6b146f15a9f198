/// The lifetime of one subscription to a ``TestableObservable``: the half-open window of ticks
/// `[subscribe, unsubscribe)` during which it could receive events.
public struct Subscription: Sendable, Hashable, CustomStringConvertible {
    /// The tick at which the subscription started.
    public let subscribe: Int
    /// The tick at which it was disposed, or `Int.max` while it is still live.
    public let unsubscribe: Int

    /// A subscription from `subscribe` until `unsubscribe` (`Int.max`, the default: still live).
    public init(_ subscribe: Int, _ unsubscribe: Int = .max) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// Whether the subscription has not been disposed.
    public var isLive: Bool { unsubscribe == .max }

    /// `(200, 300)`, or `(200, never)` while still live.
    public var description: String {
        "(\(subscribe), \(isLive ? "never" : String(unsubscribe)))"
    }
}
