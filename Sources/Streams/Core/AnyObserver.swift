/// Something that receives the events of an observable sequence.
///
/// An observer is a value wrapping one `@Sendable` closure, so passing it around costs a
/// reference count and calling it costs one indirect call.
@frozen
public struct AnyObserver<Element: Sendable>: Sendable {
    /// The closure that handles each event.
    public let on: @Sendable (Event<Element>) -> Void

    /// Creates an observer from an event handler.
    @inlinable
    public init(_ on: @escaping @Sendable (Event<Element>) -> Void) {
        self.on = on
    }

    /// Sends a value.
    @inlinable
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Sends a failure; the observer must receive nothing afterwards.
    @inlinable
    public func onError(_ error: any Error) { on(.error(error)) }

    /// Sends the end of the sequence; the observer must receive nothing afterwards.
    @inlinable
    public func onCompleted() { on(.completed) }
}

extension AnyObserver {
    /// An observer of `Result` values that transforms each one with `transform` and sends it
    /// to this observer; an error thrown by `transform` is sent as an error.
    @inlinable
    public func mapObserver<Result: Sendable>(
        _ transform: @escaping @Sendable (Result) throws -> Element
    ) -> AnyObserver<Result> {
        let target = self
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
