/// A subject that sends only its last value, and only when it completes, to every subscriber,
/// present or later.
///
/// If it fails, subscribers receive only the error; if it completes without a value, only the
/// completion.
///
/// ```swift
/// let result = AsyncSubject<Int>()
/// result.onNext(1)
/// result.onNext(2)
/// result.onCompleted()  // subscribers get 2, then completed
/// ```
///
/// `@unchecked Sendable`: `state` is only touched under `lock`; `core` has its own locks.
public final class AsyncSubject<Element: Sendable>: SubjectType, @unchecked Sendable {
    @usableFromInline
    let core = _SubjectCore<Element>(bufferSize: 1)
    @usableFromInline
    let lock = _Lock()
    @exclusivity(unchecked) @usableFromInline
    var state: (last: Element?, isStopped: Bool) = (nil, false)

    /// Creates a subject with no value.
    @inlinable
    public init() {}

    /// Whether anyone is subscribed right now.
    public var hasObservers: Bool { core.hasObservers }

    /// Remembers a value, or, for a terminal event, sends the outcome to every subscriber.
    @inlinable
    public func on(_ event: Event<Element>) {
        let last = lock.withLock { () -> Element?? in
            if state.isStopped { return nil }
            switch event {
            case .next(let value):
                state.last = value
                return nil
            case .error:
                state.isStopped = true
                state.last = nil
                return .some(nil)
            case .completed:
                state.isStopped = true
                return .some(state.last)
            }
        }
        guard let last else { return }
        // The core replays one value, so later subscribers get the value and the end too.
        if let value = last { core.on(.next(value)) }
        core.on(event)
    }

    /// Subscribes an observer; it receives the outcome once the subject ends.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { core.subscribe(observer) }
}
