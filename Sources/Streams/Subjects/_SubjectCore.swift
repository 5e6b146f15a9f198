public import Synchronization

/// One observer registered with a subject.
///
/// `@unchecked Sendable`: `ended` is atomic; `observer` is immutable; `core` is only used to
/// call its lock-protected `remove(_:)`.
@usableFromInline
final class _Registration<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let observer: AnyObserver<Element>
    @usableFromInline let ended = Atomic<Bool>(false)
    @usableFromInline let tracker: SubscriptionTracker?
    @usableFromInline weak var core: _SubjectCore<Element>?

    @inlinable
    init(_ observer: AnyObserver<Element>, core: _SubjectCore<Element>) {
        self.observer = observer
        self.core = core
        tracker = LiveSubscriptions.increment()
    }

    /// Ends the registration once; true for the caller that ended it.
    @inlinable
    func end() -> Bool {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        LiveSubscriptions.decrement(tracker)
        return true
    }

    @inlinable
    func dispose() {
        guard end() else { return }
        core?.remove(self)
    }
}

/// The shared engine of every subject: a list of observers, an optional replay buffer, and a
/// serialized delivery loop.
///
/// Deliveries never overlap, even when several threads send at once or an observer sends
/// re-entrantly: whoever finds the subject idle becomes the drainer and delivers queued work
/// in order; everyone else enqueues and returns. Observers are always called outside the lock.
///
/// `@unchecked Sendable`: all mutable state is inside `state`, a `Mutex`.
@usableFromInline
final class _SubjectCore<Element: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum Work {
        case event(Event<Element>)
        case subscribe(_Registration<Element>, replay: [Element], terminal: Event<Element>?)
    }

    @usableFromInline
    struct State {
        @usableFromInline var observers: ContiguousArray<_Registration<Element>> = []
        @usableFromInline var queue: [Work] = []
        @usableFromInline var isDraining = false
        @usableFromInline var terminal: Event<Element>?
        @usableFromInline var buffer: [Element]
        @usableFromInline let bufferSize: Int

        @inlinable
        init(bufferSize: Int, buffer: [Element]) {
            self.bufferSize = bufferSize
            self.buffer = buffer
        }

        @inlinable
        mutating func remember(_ value: Element) {
            if bufferSize == 0 { return }
            if bufferSize == 1 && buffer.count == 1 {
                buffer[0] = value
                return
            }
            buffer.append(value)
            if buffer.count > bufferSize { buffer.removeFirst(buffer.count - bufferSize) }
        }
    }

    @usableFromInline
    let state: Mutex<State>

    @inlinable
    init(bufferSize: Int, initial: [Element] = []) {
        state = Mutex(State(bufferSize: bufferSize, buffer: initial))
    }

    /// The replay buffer and the terminal event, read together.
    @inlinable
    var snapshot: (buffer: [Element], terminal: Event<Element>?) {
        state.withLock { ($0.buffer, $0.terminal) }
    }

    @inlinable
    var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }

    @inlinable
    func on(_ event: Event<Element>) {
        let observers: ContiguousArray<_Registration<Element>>? = state.withLock { state in
            if state.terminal != nil { return nil }
            switch event {
            case .next(let value): state.remember(value)
            case .error, .completed: state.terminal = event
            }
            if state.isDraining {
                state.queue.append(.event(event))
                return nil
            }
            state.isDraining = true
            let observers = state.observers
            if event.isTerminal { state.observers = [] }
            return observers
        }
        guard let observers else { return }
        deliver(event, to: observers)
        drain()
    }

    @inlinable
    func deliver(_ event: Event<Element>, to observers: ContiguousArray<_Registration<Element>>) {
        if event.isTerminal {
            for registration in observers where registration.end() {
                registration.observer.on(event)
            }
        } else {
            for registration in observers where !registration.ended.load(ordering: .acquiring) {
                registration.observer.on(event)
            }
        }
    }

    /// Delivers queued work until the queue is empty, then leaves the drainer role.
    @inlinable
    func drain() {
        while true {
            let next: (Work, ContiguousArray<_Registration<Element>>)? = state.withLock { state in
                if state.queue.isEmpty {
                    state.isDraining = false
                    return nil
                }
                let work = state.queue.removeFirst()
                switch work {
                case .event(let event):
                    let observers = state.observers
                    if event.isTerminal { state.observers = [] }
                    return (work, observers)
                case .subscribe(let registration, _, let terminal):
                    if terminal == nil && !registration.ended.load(ordering: .acquiring) {
                        state.observers.append(registration)
                    }
                    return (work, [])
                }
            }
            guard let (work, observers) = next else { return }
            switch work {
            case .event(let event):
                deliver(event, to: observers)
            case .subscribe(let registration, let replay, let terminal):
                replayTo(registration, replay, terminal)
            }
        }
    }

    @inlinable
    func replayTo(_ registration: _Registration<Element>, _ replay: [Element], _ terminal: Event<Element>?) {
        for value in replay {
            if registration.ended.load(ordering: .acquiring) { return }
            registration.observer.on(.next(value))
        }
        if let terminal, registration.end() {
            registration.observer.on(terminal)
        }
    }

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let registration = _Registration(observer, core: self)
        let replay: (buffer: [Element], terminal: Event<Element>?)? = state.withLock { state in
            if state.isDraining {
                state.queue.append(.subscribe(registration, replay: state.buffer, terminal: state.terminal))
                return nil
            }
            if state.terminal == nil {
                state.observers.append(registration)
                if state.buffer.isEmpty { return nil }
            }
            state.isDraining = true
            return (state.buffer, state.terminal)
        }
        guard let replay else { return registration }
        replayTo(registration, replay.buffer, replay.terminal)
        drain()
        return registration
    }

    @inlinable
    func remove(_ registration: _Registration<Element>) {
        state.withLock { state in
            if let index = state.observers.firstIndex(where: { $0 === registration }) {
                state.observers.remove(at: index)
            }
        }
    }
}
