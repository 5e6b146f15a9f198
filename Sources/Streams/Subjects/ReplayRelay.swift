/// A replay subject that can neither fail nor complete: it replays its last values to each new
/// subscriber.
public final class ReplayRelay<Element: Sendable>: ObservableType {
    @usableFromInline
    let core: _SubjectCore<Element>

    @inlinable
    init(bufferSize: Int) {
        core = _SubjectCore(bufferSize: max(0, bufferSize))
    }

    /// A relay replaying up to `bufferSize` values.
    @inlinable
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(bufferSize: bufferSize)
    }

    /// A relay replaying every value it ever received.
    @inlinable
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(bufferSize: .max)
    }

    /// Sends a value to every current subscriber and remembers it.
    @inlinable
    public func accept(_ element: Element) { core.on(.next(element)) }

    /// Subscribes an observer; it receives the remembered values, then every later one.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }

    /// The relay as an ``Infallible``, which it is: a relay never fails nor completes.
    @inlinable
    public func asInfallible() -> Infallible<Element> { Infallible(unchecked: asObservable()) }
}
