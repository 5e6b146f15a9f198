public import Streams

/// A value stamped with the virtual tick at which it happened: the unit of expectations in
/// virtual-time tests.
///
/// ```swift
/// #expect(observer.events == [.next(210, 4), .next(240, 6), .completed(300)])
/// ```
public struct Recorded<Value> {
    /// The virtual tick.
    public let time: Int
    /// What happened at ``time``, usually an `Event`.
    public let value: Value

    /// Stamps `value` with `time`.
    public init(time: Int, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomStringConvertible {
    /// `next(4) @ 210`.
    public var description: String { "\(value) @ \(time)" }
}

extension Recorded {
    /// A value event at `time`.
    public static func next<Element: Sendable>(_ time: Int, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// A failure at `time`; errors compare by type and description. The element type can be
    /// named when nothing else does, as in RxTest: `Recorded.error(250, TestError(1), Int.self)`.
    public static func error<Element: Sendable>(
        _ time: Int, _ error: any Error, _ type: Element.Type = Element.self
    ) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }

    /// The end of the sequence at `time`.
    public static func completed<Element: Sendable>(_ time: Int) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }
}

extension Recorded {
    /// The given recorded events as an array, RxTest's spelling for type inference:
    /// `Recorded.events(.next(210, 1), .completed(300))`.
    public static func events<Element: Sendable>(_ recorded: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recorded
    }

    /// The end of the sequence at `time`, for an element type that nothing else names:
    /// `Recorded.completed(300, Int.self)`.
    public static func completed<Element: Sendable>(_ time: Int, _ type: Element.Type) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }
}
