import Streams

extension HelpViewModel {
    /// What a person asks of the help scene.
    public enum Action: Sendable, Hashable {
        /// Close the help.
        case close
        /// Leave the app.
        case quit
    }

    /// Wires a front end's actions to the help scene.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<SceneKind> {
        let output = transform(
            input: Input(
                back: input.actions.compactMap { $0 == .close ? () : nil },
                quit: input.actions.compactMap { $0 == .quit ? () : nil }))
        return ScreenOutput(screen: Driver.just(scene, scheduler: scheduler), route: output.route)
    }
}
