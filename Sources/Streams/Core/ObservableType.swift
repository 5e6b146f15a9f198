/// A type that can be viewed as an ``Observable``: observables, subjects, relays and drivers.
///
/// All operators are defined on this protocol, so they apply to every such type.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Starts a subscription that delivers events to `observer`.
    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable
}

extension ObservableType {
    /// Default: wraps the conforming type's `subscribe(_:)`.
    @inlinable
    public func asObservable() -> Observable<Element> {
        let source = self
        return Observable(unchecked: { source.subscribe($0) })
    }
}
