/// A subject that remembers its last `bufferSize` values and replays them to each new
/// subscriber, followed by the terminal event if there was one.
public final class ReplaySubject<Element: Sendable>: SubjectType {
    @usableFromInline
    let core: _SubjectCore<Element>

    /// Creates a subject replaying up to `bufferSize` values (at least 0).
    @inlinable
    public init(bufferSize: Int) {
        core = _SubjectCore(bufferSize: max(0, bufferSize))
    }

    /// Whether anyone is subscribed right now.
    public var hasObservers: Bool { core.hasObservers }

    /// Sends an event to every current subscriber and remembers it.
    @inlinable
    public func on(_ event: Event<Element>) { core.on(event) }

    /// Subscribes an observer; it receives the remembered values, then every later event.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }
}

extension ReplaySubject {
    /// A subject replaying up to `bufferSize` values, as RxSwift spells it.
    @inlinable
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize)
    }

    /// A subject replaying every value it ever received.
    ///
    /// Its memory grows with every value; prefer a bound where one is known.
    @inlinable
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: .max)
    }
}
