/// A subject that holds a current value and sends it to each new subscriber first.
///
/// ```swift
/// let query = BehaviorSubject(value: "")
/// query.onNext("swift")
/// try query.value  // "swift"
/// ```
public final class BehaviorSubject<Element: Sendable>: SubjectType {
    @usableFromInline
    let core: _SubjectCore<Element>

    /// Creates a subject whose current value is `value`.
    @inlinable
    public init(value: Element) {
        core = _SubjectCore(bufferSize: 1, initial: [value], tracksLatest: true)
    }

    /// The latest value; throws the subject's error if it failed.
    public var value: Element {
        get throws {
            let (latest, terminal) = core.latest
            if case .error(let error) = terminal { throw error }
            guard let latest else { throw StreamsError.noElements }
            return latest
        }
    }

    /// Whether anyone is subscribed right now.
    public var hasObservers: Bool { core.hasObservers }

    /// Sends an event; a value becomes the current value.
    @inlinable
    public func on(_ event: Event<Element>) { core.on(event) }

    /// Subscribes an observer; it receives the current value, then every later one.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }
}
