/// An observer made of one `@Sendable` closure: what `subscribe(_:)` takes.
///
/// Passing it around costs a reference count and sending it an event costs one indirect call.
@frozen
public struct AnyObserver<Element: Sendable>: ObserverType {
    /// The closure that handles each event.
    @usableFromInline
    let handler: @Sendable (Event<Element>) -> Void

    /// Creates an observer from an event handler.
    @inlinable
    public init(_ on: @escaping @Sendable (Event<Element>) -> Void) {
        self.handler = on
    }

    /// Creates an observer that sends every event to `observer` (a subject, say); given an
    /// ``AnyObserver``, it is that observer.
    @inlinable
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self = observer.asObserver()
    }

    /// Receives one event.
    @inlinable
    public func on(_ event: Event<Element>) { handler(event) }

    /// Returns `self`.
    @inlinable
    public func asObserver() -> AnyObserver<Element> { self }
}

extension ObserverType {
    /// An observer of `Result` values that transforms each one with `transform` and sends it
    /// to this observer (a subject, an ``AnyObserver``…); an error thrown by `transform` is
    /// sent as an error.
    @inlinable
    public func mapObserver<Result: Sendable>(
        _ transform: @escaping @Sendable (Result) throws -> Element
    ) -> AnyObserver<Result> {
        let target = asObserver()
        return AnyObserver<Result> { event in
            switch event {
            case .next(let value):
                do {
                    target.on(.next(try transform(value)))
                } catch {
                    target.on(.error(error))
                }
            case .error(let error): target.on(.error(error))
            case .completed: target.on(.completed)
            }
        }
    }
}
