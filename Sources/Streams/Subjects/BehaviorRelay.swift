/// A behavior subject that can neither fail nor complete: for view-model state.
public final class BehaviorRelay<Element: Sendable>: ObservableType {
    @usableFromInline
    let core: _SubjectCore<Element>
    @usableFromInline
    let initial: Element

    /// Creates a relay whose current value is `value`.
    @inlinable
    public init(value: Element) {
        core = _SubjectCore(bufferSize: 1, initial: [value], tracksLatest: true)
        initial = value
    }

    /// The latest value.
    public var value: Element { core.latest.value ?? initial }

    /// Sets the current value and sends it to every subscriber.
    @inlinable
    public func accept(_ element: Element) { core.on(.next(element)) }

    /// Subscribes an observer; it receives the current value, then every later one.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }

    /// The relay as an ``Infallible``, which it is: a relay never fails nor completes.
    @inlinable
    public func asInfallible() -> Infallible<Element> { Infallible(unchecked: asObservable()) }
}
