/// Something that receives the events of an observable sequence: ``AnyObserver`` and every
/// subject. Write a generic function over it to accept either.
///
/// A conforming type must accept events from any thread and must, like every observer, be
/// sent nothing after a terminal event.
public protocol ObserverType<Element>: Sendable {
    /// The type of the values it receives.
    associatedtype Element: Sendable

    /// Receives one event.
    func on(_ event: Event<Element>)

    /// The observer as an ``AnyObserver``, to pass to `subscribe(_:)`; an ``AnyObserver`` is
    /// itself.
    func asObserver() -> AnyObserver<Element>
}

extension ObserverType {
    /// Sends a value.
    @inlinable
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Sends a failure; the observer must receive nothing afterwards.
    @inlinable
    public func onError(_ error: any Error) { on(.error(error)) }

    /// Sends the end of the sequence; the observer must receive nothing afterwards.
    @inlinable
    public func onCompleted() { on(.completed) }

    /// An ``AnyObserver`` that sends every event to this observer.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        let observer = self
        return AnyObserver { observer.on($0) }
    }
}
