/// The values of one group made by ``ObservableType/groupBy(keySelector:)``, with the key they
/// share.
public struct GroupedObservable<Key: Hashable & Sendable, Element: Sendable>: ObservableType {
    /// The key shared by every value of the group.
    public let key: Key

    @usableFromInline
    let source: Observable<Element>

    /// A group with `key` whose values come from `source`.
    @inlinable
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes an observer to the group's values from now on.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        source.subscribe(observer)
    }

    /// The group's values as a plain observable.
    @inlinable
    public func asObservable() -> Observable<Element> { source }
}
