/// A publish subject that can neither fail nor complete: for view-model events.
public final class PublishRelay<Element: Sendable>: ObservableType {
    @usableFromInline
    let core = _SubjectCore<Element>(bufferSize: 0)

    /// Creates a relay with no subscribers.
    @inlinable
    public init() {}

    /// Sends a value to every current subscriber.
    @inlinable
    public func accept(_ element: Element) { core.on(.next(element)) }

    /// Subscribes an observer; it receives the values sent from now on.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }

    /// The relay as an ``Infallible``, which it is: a relay never fails nor completes.
    @inlinable
    public func asInfallible() -> Infallible<Element> { Infallible(unchecked: asObservable()) }
}
