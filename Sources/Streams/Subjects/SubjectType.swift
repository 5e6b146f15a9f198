/// Something that is both an observable and an observer: values sent to it reach its
/// subscribers.
public protocol SubjectType<Element>: ObservableType {
    /// Sends an event to every current subscriber.
    func on(_ event: Event<Element>)
}

extension SubjectType {
    /// Sends a value to every current subscriber.
    @inlinable
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Fails the subject: subscribers get the error, and later subscribers get it at once.
    @inlinable
    public func onError(_ error: any Error) { on(.error(error)) }

    /// Completes the subject: subscribers are told, and later subscribers are told at once.
    @inlinable
    public func onCompleted() { on(.completed) }

    /// The subject as an observer, to pass to `subscribe(_:)`.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        let subject = self
        return AnyObserver { subject.on($0) }
    }
}
