public import Streams

extension ObservableType where Element: Sendable {
    /// Folds this stream into states, one event at a time, where each step may also ask for
    /// effects that cause more events of this same stream: the one feedback loop a scene
    /// needs (a list's viewport asks for the window its selection shows; the window's answer
    /// moves the selection), closed in one place.
    ///
    /// The fold starts with `initial`, sent on subscription. `reduce` updates the state for an
    /// event and returns the effects it asks for; after the new state is sent, each effect goes
    /// to `perform`. An event that arrives while a step runs (from `perform`, or from a
    /// subscriber of the state) waits until that step has finished, so steps never nest and
    /// every subscriber sees the states in the order they were made. Events from other threads
    /// wait the same way; one step runs at a time.
    public func foldLoop<State: Sendable, Effect: Sendable>(
        _ initial: State,
        reduce: @escaping @Sendable (inout State, Element) -> [Effect],
        perform: @escaping @Sendable (Effect) -> Void
    ) -> Observable<State> {
        let source = asObservable()
        return Observable.create { observer in
            let loop = _FoldLoop(initial, reduce: reduce, perform: perform, observer: observer)
            observer.onNext(initial)
            let subscription = source.subscribe { loop.on($0) }
            return Disposables.create {
                loop.stop()
                subscription.dispose()
            }
        }
    }
}

/// The state of one ``ObservableType/foldLoop(_:reduce:perform:)`` subscription.
///
/// `@unchecked Sendable`: `state` is touched only by the thread that holds the turn
/// (`isRunning`, set and cleared under `lock`); everything else is under `lock`.
final class _FoldLoop<Element: Sendable, State: Sendable, Effect: Sendable>: @unchecked Sendable {
    private let lock = SanitizerVisibleMutex(Pending())
    private var state: State
    private let reduce: @Sendable (inout State, Element) -> [Effect]
    private let perform: @Sendable (Effect) -> Void
    private let observer: AnyObserver<State>

    private struct Pending {
        var events: [Event<Element>] = []
        var next = 0
        var isRunning = false
        var isStopped = false
    }

    init(
        _ initial: State, reduce: @escaping @Sendable (inout State, Element) -> [Effect],
        perform: @escaping @Sendable (Effect) -> Void, observer: AnyObserver<State>
    ) {
        state = initial
        self.reduce = reduce
        self.perform = perform
        self.observer = observer
    }

    func stop() {
        lock.withLock {
            $0.isStopped = true
            $0.events.removeAll()
            $0.next = 0
        }
    }

    func on(_ event: Event<Element>) {
        let takesTurn = lock.withLock { pending -> Bool in
            guard !pending.isStopped else { return false }
            pending.events.append(event)
            guard !pending.isRunning else { return false }
            pending.isRunning = true
            return true
        }
        guard takesTurn else { return }
        while let event = takeNext() {
            switch event {
            case .next(let element):
                let effects = reduce(&state, element)
                observer.onNext(state)
                for effect in effects { perform(effect) }
            case .error(let error):
                observer.onError(error)
                stop()
            case .completed:
                observer.onCompleted()
                stop()
            }
        }
    }

    /// The oldest waiting event, or `nil` (and the turn given up) when none waits.
    private func takeNext() -> Event<Element>? {
        lock.withLock { pending -> Event<Element>? in
            guard !pending.isStopped, pending.next < pending.events.count else {
                pending.isRunning = false
                pending.events.removeAll(keepingCapacity: true)
                pending.next = 0
                return nil
            }
            let event = pending.events[pending.next]
            pending.next += 1
            return event
        }
    }
}
