/// A subject that sends each value to the subscribers present at that moment.
///
/// Delivery order is subscription order. Sending from several threads at once, or from
/// inside an observer, is safe: deliveries are serialized and never overlap. After a terminal
/// event, new subscribers receive that event at once.
///
/// ```swift
/// let taps = PublishSubject<Void>()
/// let count = taps.scan(0) { n, _ in n + 1 }
/// ```
public final class PublishSubject<Element: Sendable>: SubjectType {
    @usableFromInline
    let core = _SubjectCore<Element>(bufferSize: 0)

    /// Creates a subject with no subscribers.
    @inlinable
    public init() {}

    /// Whether anyone is subscribed right now.
    public var hasObservers: Bool { core.hasObservers }

    /// Sends an event to every current subscriber.
    @inlinable
    public func on(_ event: Event<Element>) { core.on(event) }

    /// Subscribes an observer; it receives the events sent from now on.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }
}
