import SceneServices
import Streams

extension ObservableType {
    /// The event a write's result becomes: success, or a failure message that starts with
    /// `failurePrefix`. An error of the stream itself (scene services send none) becomes a
    /// failure message too, so the state stream never fails.
    func commandEvent<Value: Sendable, Outcome: CommandOutcome>(
        _ failurePrefix: String, as _: Outcome.Type
    ) -> Observable<Outcome> where Element == Swift.Result<Value, SceneError> {
        map { outcome in
            switch outcome {
            case .success: Outcome.commandSucceeded
            case .failure(let error): Outcome.commandFailed(error.message(after: failurePrefix))
            }
        }
        .catch { error in Observable.just(Outcome.commandFailed("\(failurePrefix): \(error)")) }
    }

    /// Turns a stream feeding the state into one that cannot fail: an error becomes `fallback`
    /// of the error, and the stream ends there.
    func recover(_ fallback: @escaping @Sendable (any Error) -> Element) -> Observable<Element> {
        self.catch { error in Observable.just(fallback(error)) }
    }

    /// A stream of scene-service results that cannot fail: an error of the stream itself (scene
    /// services send none; they report failures as results) becomes one last
    /// ``SceneError/unexpected(_:)`` result, in words, and the stream ends there.
    func recoveringAsResult<Value: Sendable>() -> Observable<Element>
    where Element == Swift.Result<Value, SceneError> {
        recover { .failure(SceneError.unexpected("\($0)")) }
    }

    /// Maps a value to an observable and sends its values, ignoring every value that arrives while
    /// that observable still runs; the first value after it ends starts the next one. This is how a
    /// key pressed twice during slow work starts the work once.
    func exhaustMap<Inner: ObservableType>(
        _ selector: @escaping @Sendable (Element) -> Inner
    ) -> Observable<Inner.Element> {
        let source = asObservable()
        return Observable.deferred {
            let gate = _BusyGate()
            return source.flatMap { value -> Observable<Inner.Element> in
                guard gate.enter() else { return .empty() }
                return selector(value).asObservable().do(onDispose: { gate.leave() })
            }
        }
    }
}

/// Whether an ``ObservableType/exhaustMap(_:)`` subscription runs an inner observable.
final class _BusyGate: Sendable {
    private let isBusy = SanitizerVisibleMutex(false)

    /// Marks the gate busy; `false` when it already was.
    func enter() -> Bool {
        isBusy.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
    }

    /// Marks the gate free.
    func leave() {
        isBusy.withLock { $0 = false }
    }
}

/// A state event that a write's outcome becomes (see ``ObservableType/commandEvent(_:as:)``).
protocol CommandOutcome: Sendable {
    /// The write succeeded.
    static var commandSucceeded: Self { get }
    /// The write failed; the message says why, for people.
    static func commandFailed(_ message: String) -> Self
}

extension FeedItemsViewModel.Event: CommandOutcome {}
