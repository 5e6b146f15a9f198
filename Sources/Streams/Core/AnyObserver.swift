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
