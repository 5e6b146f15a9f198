public import Streams

/// What a front end feeds a scene's view model: the person's actions, in order. Every view
/// model takes one (its `Input`).
public struct SceneInput<Action: Sendable>: Sendable {
    /// What the person asks, in order.
    public var actions: Observable<Action>

    /// The input; without actions, one that never sends.
    public init(actions: Observable<Action> = .never()) {
        self.actions = actions
    }
}

/// What a scene's view model gives its front end (its `Output`): the state to draw and where
/// to go. Neither can fail.
public struct SceneOutput<State: Sendable>: Sendable {
    /// Everything the screen draws: the initial state first, then every change.
    public let state: Driver<State>
    /// Where to go next.
    public let route: Signal<HabitRoute>

    /// The output of a view model whose `Observable.system` folds `states` and whose steps
    /// send `routes`, both delivered on `scheduler`; a state equal to the last is not sent.
    init(states: Observable<State>, routes: PublishRelay<HabitRoute>, scheduler: any Scheduler)
    where State: Equatable {
        state = states.distinctUntilChanged().asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
        route = routes.asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
    }
}
