public import Streams

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
