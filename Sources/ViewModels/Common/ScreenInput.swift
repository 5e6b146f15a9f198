package import Streams

/// What a front end feeds a whole scene: the person's actions, in order.
package struct ScreenInput<Action: Sendable>: Sendable {
    /// What the person asks, in order.
    package var actions: Observable<Action>

    /// Creates the input.
    package init(actions: Observable<Action>) { self.actions = actions }
}

/// What a front end draws for a whole scene, and where the scene goes.
package struct ScreenOutput<State: Sendable>: Sendable {
    /// The scene as it is now; sent on subscribe, then on every change.
    package let state: Driver<State>
    /// Where to go next.
    package let route: Signal<Route>

    /// The output of a scene's feedback system `states` (repeats dropped) and of its `routes`,
    /// both delivered on `scheduler`.
    package init(states: Observable<State>, routes: PublishRelay<Route>, scheduler: any Scheduler)
    where State: Equatable {
        state = states.distinctUntilChanged().asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
        route = routes.asSignal(scheduler: scheduler)
    }
}
