public import Streams

/// What a scene's screen fold reads: a person's action, or the scene's data as it now is.
enum ScreenStep<Action: Sendable, Data: Sendable>: Sendable {
    case action(Action)
    case data(Data)
}

/// The effects a screen fold asks for, fed back to the scene's data side as its inputs.
struct ScreenEffects<Effect: Sendable>: Sendable {
    let relay = PublishRelay<Effect>()

    /// The effects `pick` recognises, as one input of the data side.
    func requested<Value: Sendable>(_ pick: @escaping @Sendable (Effect) -> Value?) -> Observable<Value> {
        relay.asObservable().compactMap(pick)
    }

    /// Folds `actions` and `data` into the scene's screen with `reduce`, and feeds the effects
    /// each step asks for back to the data side.
    ///
    /// Effects on the data run on `scheduler`, after the step that asked for them: a step may
    /// run while the data side is still handing one change to its subscribers, and an effect
    /// computed from that change must wait until every subscriber has it. Effects for which
    /// `isRoute` holds go at once: they read no data, and the app holds the next key until a
    /// navigation asked for has happened.
    func screen<Screen: Sendable & Equatable, Action: Sendable, Data: Sendable>(
        _ initial: Screen, actions: Observable<Action>, data: Observable<Data>,
        reduce: @escaping @Sendable (inout Screen, ScreenStep<Action, Data>) -> [Effect],
        isRoute: @escaping @Sendable (Effect) -> Bool, scheduler: any Scheduler
    ) -> Driver<Screen> {
        Observable.merge(
            actions.map { ScreenStep<Action, Data>.action($0) }, data.map { ScreenStep<Action, Data>.data($0) }
        )
        .foldLoop(initial, reduce: reduce, perform: performer(isRoute: isRoute, scheduler: scheduler))
        .distinctUntilChanged()
        .asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
    }

    /// Folds `actions` and `data` into a screen whose status line shows messages, as
    /// ``screen(_:actions:data:reduce:isRoute:scheduler:)`` does, and times each new message
    /// out: a message `reduce` shows goes after its ``StatusMessage/duration`` on `scheduler`
    /// (virtual time in tests) unless a newer one replaced it. The keys that dismiss it earlier
    /// are the scene's to say, in `reduce`.
    func screen<Screen: Sendable & Equatable & ShowsStatusMessages, Action: Sendable, Data: Sendable>(
        _ initial: Screen, actions: Observable<Action>, data: Observable<Data>,
        reduce: @escaping @Sendable (inout Screen, ScreenStep<Action, Data>) -> [Effect],
        isRoute: @escaping @Sendable (Effect) -> Bool, scheduler: any Scheduler
    ) -> Driver<Screen> {
        let perform = performer(isRoute: isRoute, scheduler: scheduler)
        return Observable<Screen>.deferred {
            // One timeout at a time: a newer message's replaces the older one's.
            let expiries = PublishRelay<StatusMessageSlot.Expiry>()
            let timeout = SerialDisposable()
            return Observable.merge(
                actions.map { _TimedStep<Action, Data>.scene(.action($0)) },
                data.map { _TimedStep<Action, Data>.scene(.data($0)) },
                expiries.asObservable().map { _TimedStep<Action, Data>.expired($0) }
            )
            .foldLoop(
                initial,
                reduce: { screen, step -> [_TimedEffect<Effect>] in
                    switch step {
                    case .expired(let expiry):
                        screen.status.expire(expiry)
                        return []
                    case .scene(let step):
                        let shown = screen.status.expiry
                        var effects = reduce(&screen, step).map(_TimedEffect.scene)
                        if let expiry = screen.status.expiry, expiry != shown {
                            effects.append(.timeout(expiry))
                        }
                        return effects
                    }
                },
                perform: { effect in
                    switch effect {
                    case .scene(let effect): perform(effect)
                    case .timeout(let expiry):
                        timeout.set(
                            scheduler.schedule(after: expiry.after, label: "status message") {
                                expiries.accept(expiry)
                            })
                    }
                }
            )
            .do(onDispose: { timeout.dispose() })
        }
        .distinctUntilChanged()
        .asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
    }

    /// Sends an effect to the data side: on `scheduler`, after the step that asked for it,
    /// except routes, which go at once.
    private func performer(
        isRoute: @escaping @Sendable (Effect) -> Bool, scheduler: any Scheduler
    ) -> @Sendable (Effect) -> Void {
        let relay = relay
        return { effect in
            if isRoute(effect) {
                relay.accept(effect)
            } else {
                _ = scheduler.schedule(label: "screen effect") { relay.accept(effect) }
            }
        }
    }
}

/// A step of a screen fold with messages: the scene's own, or a message's timeout running out.
enum _TimedStep<Action: Sendable, Data: Sendable>: Sendable {
    case scene(ScreenStep<Action, Data>)
    case expired(StatusMessageSlot.Expiry)
}

/// An effect of a screen fold with messages: the scene's own, or a message's timeout to start.
enum _TimedEffect<Effect: Sendable>: Sendable {
    case scene(Effect)
    case timeout(StatusMessageSlot.Expiry)
}

/// What a front end feeds a whole scene: the person's actions, in order.
public struct ScreenInput<Action: Sendable>: Sendable {
    /// What the person asks, in order.
    public var actions: Observable<Action>

    /// Creates the input.
    public init(actions: Observable<Action>) {
        self.actions = actions
    }
}

/// What a front end draws for a whole scene, and where the scene goes.
public struct ScreenOutput<State: Sendable>: Sendable {
    /// The scene as it is now; sent on subscribe, then on every change.
    public let state: Driver<State>
    /// Where to go next.
    public let route: Signal<Route>

    /// Creates the output.
    public init(state: Driver<State>, route: Signal<Route>) {
        self.state = state
        self.route = route
    }
}
