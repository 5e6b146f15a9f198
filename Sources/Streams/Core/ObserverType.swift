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

    /// Sends a result as a sequence of one: its value then the end, or its failure. The observer
    /// must receive nothing afterwards.
    ///
    /// ```swift
    /// Observable<Data>.create { observer in
    ///     let task = download(url) { result in observer.onResult(result) }
    ///     return Disposables.create { task.cancel() }
    /// }
    /// ```
    @inlinable
    public func onResult<Failure: Error>(_ result: Result<Element, Failure>) {
        switch result {
        case .success(let value):
            on(.next(value))
            on(.completed)
        case .failure(let error):
            on(.error(error))
        }
    }

    /// An ``AnyObserver`` that sends every event to this observer.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        let observer = self
        return AnyObserver { observer.on($0) }
    }
}
