public import Streams

extension HelpViewModel {
    /// What a person asks of the help scene.
    public enum Action: Sendable, Hashable {
        /// Close the help.
        case close
        /// Leave the app.
        case quit
    }

    /// What a front end feeds the help scene: the person's actions.
    public struct ScreenInput: Sendable {
        /// What the person asks, in order.
        public var actions: Observable<Action>

        /// Creates the input.
        public init(actions: Observable<Action>) {
            self.actions = actions
        }
    }

    /// What a front end draws (the scene whose keys are shown), and where it goes.
    public struct ScreenOutput: Sendable {
        /// The scene whose keys are shown; it does not change.
        public let screen: Driver<SceneKind>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires a front end's actions to the help scene.
    public func transform(screen input: ScreenInput) -> ScreenOutput {
        let output = transform(
            input: Input(
                back: input.actions.compactMap { $0 == .close ? () : nil },
                quit: input.actions.compactMap { $0 == .quit ? () : nil }))
        return ScreenOutput(screen: Driver.just(scene, scheduler: scheduler), route: output.route)
    }
}
