extension Observable {
    /// A state machine whose state is folded from events, where the events come from feedbacks
    /// that watch the state: the feedback loop of a view model, closed in one place.
    ///
    /// On subscription the system subscribes every feedback, so that no event is lost, then
    /// sends `initialState` on `scheduler` to the subscriber and to the feedbacks; events sent
    /// before that wait for it. Each event a feedback sends is folded into the state by
    /// `reduce`, and the new state goes to the subscriber, then to every feedback, which may
    /// answer with more events.
    ///
    /// ```swift
    /// enum Event: Sendable { case refresh, loaded([Todo]) }
    ///
    /// let state = Observable.system(
    ///     initialState: State(),
    ///     reduce: { state, event in
    ///         switch event {
    ///         case .refresh: state.isLoading = true
    ///         case .loaded(let todos): state = State(todos: todos, isLoading: false)
    ///         }
    ///     },
    ///     scheduler: scheduler,
    ///     feedback: .events(refreshTaps.map { Event.refresh }),
    ///     .react(request: { $0.isLoading ? Load() : nil }, effects: { _ in service.todos().map(Event.loaded) })
    /// )
    /// ```
    ///
    /// The guarantees:
    /// - Every state, the initial one included, is sent on `scheduler`, and so is every state a
    ///   feedback sees.
    /// - Events are folded one at a time, in the order they arrived, whatever thread sent them; an
    ///   event sent while a step runs (by a feedback that answers a state at once, or by a
    ///   subscriber) is folded after that step, never inside it. No event is lost and none is
    ///   folded twice.
    /// - Events waiting at the same moment are folded in one turn of `scheduler`, each giving
    ///   its own state; feedbacks see every one of them.
    /// - Disposing the subscription disposes every feedback, and with them every effect.
    /// - An error sent by a feedback ends the system with that error, after the events that
    ///   came before it are folded; everything is disposed. A feedback whose work can fail maps
    ///   its errors to events (`catch`) to keep the system running.
    /// - The system completes when every feedback has completed: no event can come any more.
    ///
    /// - Parameters:
    ///   - initialState: The state sent first, and folded from.
    ///   - reduce: Folds one event into the state; it should be pure and quick.
    ///   - scheduler: Where states are folded and delivered: the UI scheduler, or a
    ///     `TestScheduler` in tests.
    ///   - feedback: What sends events: the person's input, and effects asked for by the state.
    public static func system<Event: Sendable>(
        initialState: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> Void,
        scheduler: any Scheduler,
        feedback: [Feedback<Element, Event>]
    ) -> Observable<Element> {
        _system(
            initialState: initialState,
            reduce: { state, event in
                reduce(&state, event)
                return []
            }, scheduler: scheduler, feedback: feedback)
    }

    /// A state machine whose `reduce` also returns the effects each event asks for: the shape
    /// of a view model, where a key both changes the screen and asks a service for something,
    /// and the service's answer comes back as an event.
    ///
    /// It keeps every guarantee of `system(initialState:reduce:scheduler:feedback:)`, and adds
    /// these for the effects:
    /// - The effects a step returns start in that step's turn on `scheduler`, in the order
    ///   returned, after the step's state has gone to the subscriber and to the feedbacks. So a
    ///   front end that has drawn a state has also started what that state's step asked for,
    ///   and two writes asked for one after the other start in that order.
    /// - Events an effect sends are folded like any other: one at a time, in arrival order; one
    ///   it sends at once is folded in the same turn, after the events already waiting.
    /// - Effects run until they end; disposing the system disposes those still running. An
    ///   error of an effect ends the system, so an effect whose work can fail maps its failure
    ///   to an event.
    ///
    /// Use it for one-shot work (a write, a lookup); use ``Feedback/react(request:effects:)``
    /// for work that follows the state (an observation of the query shown, a timer that a new
    /// message restarts).
    ///
    /// ```swift
    /// enum Event: Sendable { case add(String), added(Result<Todo, SceneError>) }
    /// enum Effect: Sendable { case insert(String) }
    ///
    /// let state = Observable.system(
    ///     initialState: State(),
    ///     reduce: { state, event -> [Effect] in
    ///         switch event {
    ///         case .add(let title): return [.insert(title)]
    ///         case .added(let result): state.last = result; return []
    ///         }
    ///     },
    ///     effects: { effect in
    ///         switch effect {
    ///         case .insert(let title): service.add(title).map(Event.added)
    ///         }
    ///     },
    ///     scheduler: scheduler,
    ///     feedback: .events(addTaps.map(Event.add))
    /// )
    /// ```
    public static func system<Event: Sendable, Effect: Sendable>(
        initialState: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> [Effect],
        effects: @escaping @Sendable (Effect) -> Observable<Event>,
        scheduler: any Scheduler,
        feedback: [Feedback<Element, Event>]
    ) -> Observable<Element> {
        _system(
            initialState: initialState,
            reduce: { state, event in reduce(&state, event).map { effect in { effects(effect) } } },
            scheduler: scheduler, feedback: feedback)
    }

    /// A state machine whose `reduce` also returns effects; see the array form of
    /// `system(initialState:reduce:effects:scheduler:feedback:)`.
    public static func system<Event: Sendable, Effect: Sendable>(
        initialState: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> [Effect],
        effects: @escaping @Sendable (Effect) -> Observable<Event>,
        scheduler: any Scheduler,
        feedback: Feedback<Element, Event>...
    ) -> Observable<Element> {
        system(initialState: initialState, reduce: reduce, effects: effects, scheduler: scheduler, feedback: feedback)
    }

    private static func _system<Event: Sendable>(
        initialState: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> [@Sendable () -> Observable<Event>],
        scheduler: any Scheduler,
        feedback: [Feedback<Element, Event>]
    ) -> Observable<Element> {
        Observable.create { observer in
            let loop = _FeedbackLoop(initialState, reduce: reduce, scheduler: scheduler, observer: observer)
            loop.start(feedback)
            return loop
        }
    }

    /// A state machine whose state is folded from events sent by feedbacks that watch it; see
    /// the array form of `system(initialState:reduce:scheduler:feedback:)`.
    public static func system<Event: Sendable>(
        initialState: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> Void,
        scheduler: any Scheduler,
        feedback: Feedback<Element, Event>...
    ) -> Observable<Element> {
        system(initialState: initialState, reduce: reduce, scheduler: scheduler, feedback: feedback)
    }
}

extension SharedSequence where Sharing == DriverSharingStrategy {
    /// A state machine as a ``Driver``: the state is folded from events sent by feedbacks that
    /// watch it as a ``Driver`` and answer with a ``Signal``, so nothing in the loop can fail.
    ///
    /// It keeps every guarantee of the observable form (see
    /// `Observable.system(initialState:reduce:scheduler:feedback:)`):
    /// states on `scheduler`, initial state first, events folded one at a time in arrival order.
    ///
    /// ```swift
    /// let state = Driver.system(
    ///     initialState: 0,
    ///     reduce: { count, step in count += step },
    ///     scheduler: scheduler,
    ///     feedback: { _ in taps.map { 1 } }
    /// )
    /// ```
    public static func system<Event: Sendable>(
        initialState: Element,
        reduce: @escaping @Sendable (inout Element, Event) -> Void,
        scheduler: any Scheduler = SharingScheduler.make(),
        feedback: (@Sendable (Driver<Element>) -> Signal<Event>)...
    ) -> Driver<Element> {
        let loops = feedback.map { watch in
            Feedback<Element, Event> { states in watch(Driver(sharing: states, scheduler: scheduler)).asObservable() }
        }
        let states = Observable.system(
            initialState: initialState, reduce: reduce, scheduler: scheduler, feedback: loops)
        return Driver(sharing: states, scheduler: scheduler)
    }
}

/// One source of events of a feedback system: a function from the system's states to events.
///
/// Make one from a closure for input that ignores the state or needs an operator of its own,
/// with ``events(_:)`` for input that never looks at the state, or with
/// ``react(request:effects:)`` and ``react(requests:effects:)`` for effects the state asks for.
public struct Feedback<State: Sendable, Event: Sendable>: Sendable {
    /// Turns the states (on the system's scheduler) into events; the scheduler is the system's.
    let loop: @Sendable (Observable<State>, any Scheduler) -> Observable<Event>

    /// A feedback that turns the system's states into events with `loop`.
    ///
    /// `loop` is called once per subscription of the system; the states it receives start with
    /// the current one and arrive on the system's scheduler.
    public init(_ loop: @escaping @Sendable (Observable<State>) -> Observable<Event>) {
        self.loop = { states, _ in loop(states) }
    }

    init(scheduled loop: @escaping @Sendable (Observable<State>, any Scheduler) -> Observable<Event>) {
        self.loop = loop
    }

    /// A feedback that sends the events of `source`, whatever the state: the person's input.
    public static func events<Source: ObservableType>(_ source: Source) -> Feedback where Source.Element == Event {
        let events = source.asObservable()
        return Feedback { _ in events }
    }

    /// A feedback that runs the one effect the state asks for, if any, and sends its events.
    ///
    /// `request` reads what the state asks for (`nil`: nothing). Each time it changes (repeats
    /// are ignored), the effect of the previous request is disposed and `effects` of the new
    /// one starts: the latest request wins, so a slow answer to an older one never arrives.
    /// An effect starts on the system's scheduler, after the turn that asked for it, so a
    /// request superseded within one turn (a burst of events) never starts at all. Events an
    /// effect sent before it was disposed are still folded, in order.
    ///
    /// An error of an effect ends the system (see
    /// `Observable.system(initialState:reduce:scheduler:feedback:)`);
    /// to report it instead, map it to an event in `effects`:
    ///
    /// ```swift
    /// .react(request: { $0.pendingQuery }, effects: { query in
    ///     search(query).map(Event.found).catch { .just(Event.failed("\($0)")) }
    /// })
    /// ```
    public static func react<Request: Equatable & Sendable>(
        request: @escaping @Sendable (State) -> Request?,
        effects: @escaping @Sendable (Request) -> Observable<Event>
    ) -> Feedback {
        Feedback(scheduled: { states, scheduler in
            states.map(request)
                .distinctUntilChanged()
                .flatMapLatest { request -> Observable<Event> in
                    guard let request else { return .empty() }
                    return effects(request)._starting(on: scheduler)
                }
        })
    }

    /// A feedback that runs one effect for each request the state holds, and sends their events.
    ///
    /// `requests` reads the set of requests the state asks for. A request that appears starts
    /// its effect (on the system's scheduler, after the turn that asked for it); one that
    /// disappears disposes its effect; one that stays keeps its effect running, even after that
    /// effect has ended. Errors follow the rule of ``react(request:effects:)``.
    public static func react<Request: Hashable & Sendable>(
        requests: @escaping @Sendable (State) -> Set<Request>,
        effects: @escaping @Sendable (Request) -> Observable<Event>
    ) -> Feedback {
        Feedback(scheduled: { states, scheduler in
            Observable.deferred {
                let running = _RunningRequests<Request>()
                return states.map(requests)
                    .distinctUntilChanged()
                    .flatMap { wanted -> Observable<Event> in
                        let (started, stopped) = running.update(to: wanted)
                        for stop in stopped { stop.accept(()) }
                        return Observable.merge(
                            started.map { request, stop in
                                effects(request)._starting(on: scheduler).take(until: stop)
                            })
                    }
            }
        })
    }
}

extension Observable {
    /// This observable, subscribed on `scheduler` after the current work, but disposed at once
    /// (unlike `subscribe(on:)`, whose disposal waits for the scheduler too).
    func _starting(on scheduler: any Scheduler) -> Observable<Element> {
        let source = self
        return Observable.create { observer in
            let upstream = SerialDisposable()
            upstream.set(
                scheduler.schedule(label: "feedback effect") {
                    upstream.set(source.subscribe(observer))
                })
            return upstream
        }
    }
}

/// The requests of one ``Feedback/react(requests:effects:)`` subscription whose effects run,
/// each with the relay that stops it.
final class _RunningRequests<Request: Hashable & Sendable>: Sendable {
    private let table = SanitizerVisibleMutex<[Request: PublishRelay<Void>]>([:])

    /// Records `wanted` as the running requests; returns the ones to start, each with its stop
    /// relay, and the stop relays of the ones that went away.
    func update(to wanted: Set<Request>) -> (started: [(Request, PublishRelay<Void>)], stopped: [PublishRelay<Void>]) {
        table.withLock { running in
            var stopped: [PublishRelay<Void>] = []
            for (request, stop) in running where !wanted.contains(request) {
                stopped.append(stop)
                running[request] = nil
            }
            var started: [(Request, PublishRelay<Void>)] = []
            for request in wanted where running[request] == nil {
                let stop = PublishRelay<Void>()
                running[request] = stop
                started.append((request, stop))
            }
            return (started, stopped)
        }
    }
}

/// One subscription of a feedback system: its state, the events waiting to be folded, and the
/// subscriptions of its feedbacks.
///
/// `@unchecked Sendable`: `state` is touched only by the thread that holds the turn
/// (`Pending.isRunning`, claimed and given up under `pending`'s lock); the rest is under that
/// lock or is itself thread-safe.
final class _FeedbackLoop<State: Sendable, Input: Sendable>: Disposable, @unchecked Sendable {
    private struct Pending {
        var events = _Queue<Event<Input>>()
        /// Whether a thread holds the turn, or a turn is scheduled: then a new event only waits.
        var isRunning = true
        var isStopped = false
        /// Feedbacks that have not completed yet.
        var remaining = 0
    }

    private let pending = SanitizerVisibleMutex(Pending())
    private var state: State
    private let reduce: @Sendable (inout State, Input) -> [@Sendable () -> Observable<Input>]
    private let scheduler: any Scheduler
    private let observer: AnyObserver<State>
    /// The states as the feedbacks see them: the current one first, once the start has run.
    private let states = ReplayRelay<State>.create(bufferSize: 1)
    private let feedbacks = CompositeDisposable()
    /// The effects that run, each until it ends.
    private let effects = CompositeDisposable()
    /// The scheduled start or turn, cancelled on disposal.
    private let work = SerialDisposable()

    init(
        _ initial: State, reduce: @escaping @Sendable (inout State, Input) -> [@Sendable () -> Observable<Input>],
        scheduler: any Scheduler,
        observer: AnyObserver<State>
    ) {
        state = initial
        self.reduce = reduce
        self.scheduler = scheduler
        self.observer = observer
    }

    /// Subscribes the feedbacks at once, so that no event sent from now on is lost (a front
    /// end's first key may come before the scheduler runs), and schedules the start: the
    /// initial state, to the subscriber and then to the feedbacks. Until the start has run,
    /// events wait and feedbacks see no state.
    func start(_ loops: [Feedback<State, Input>]) {
        pending.withLock { $0.remaining = loops.count }
        let watched = states.asObservable()
        for feedback in loops {
            let subscription = feedback.loop(watched, scheduler).subscribe(AnyObserver { self.receive($0) })
            _ = feedbacks.insert(subscription)
        }
        work.set(
            scheduler.schedule(label: "feedback system start") { [self] in
                if pending.withLock({ $0.isStopped }) { return }
                observer.onNext(state)
                states.accept(state)
                if loops.isEmpty { receive(.completed) }
                run()
            })
    }

    /// Queues an event of a feedback; the first one to find no turn running schedules one.
    private func receive(_ event: Event<Input>) {
        let schedulesTurn = pending.withLock { pending -> Bool in
            guard !pending.isStopped else { return false }
            if case .completed = event {
                pending.remaining -= 1
                guard pending.remaining <= 0 else { return false }
            }
            pending.events.append(event)
            guard !pending.isRunning else { return false }
            pending.isRunning = true
            return true
        }
        guard schedulesTurn else { return }
        work.set(scheduler.schedule(label: "feedback system") { [self] in run() })
    }

    /// Folds waiting events one at a time until none waits, then gives up the turn.
    private func run() {
        while let event = takeNext() {
            switch event {
            case .next(let input):
                let asked = reduce(&state, input)
                observer.onNext(state)
                states.accept(state)
                for effect in asked { start(effect) }
            case .error(let error):
                stop()
                observer.onError(error)
            case .completed:
                stop()
                observer.onCompleted()
            }
        }
    }

    /// Subscribes an effect a step asked for; its events are folded as a feedback's are, and its
    /// subscription is kept until it ends or the system stops.
    private func start(_ effect: @Sendable () -> Observable<Input>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = effects.insert(subscription) else { return }
        subscription.setDisposable(
            effect().subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next: receive(event)
                    case .error: receive(event)
                    case .completed: effects.remove(for: key)
                    }
                }))
    }

    /// The oldest waiting event, or `nil` (and the turn given up) when none waits.
    private func takeNext() -> Event<Input>? {
        pending.withLock { pending -> Event<Input>? in
            if pending.isStopped { return nil }
            if let event = pending.events.popFirst() { return event }
            pending.isRunning = false
            return nil
        }
    }

    private func stop() {
        pending.withLock { pending in
            pending.isStopped = true
            pending.events.removeAll()
        }
        work.dispose()
        feedbacks.dispose()
        effects.dispose()
    }

    /// Stops the system: no event is folded any more, and every feedback is disposed.
    func dispose() {
        stop()
    }
}
