import Streams

extension HelpViewModel {
    /// What the help scene shows: whose keys, and how far down the list it is scrolled.
    public struct Screen: Sendable, Hashable {
        /// The scene whose keys are listed.
        public var scene: SceneKind
        /// How many keys are scrolled off the top.
        public var scroll: Int

        /// The help for `scene`, scrolled `scroll` keys down.
        public init(scene: SceneKind, scroll: Int = 0) {
            self.scene = scene
            self.scroll = scroll
        }
    }

    /// What a person asks of the help scene.
    public enum Action: Sendable, Hashable {
        /// Close the help.
        case close
        /// Leave the app.
        case quit
        /// Scroll the list `by` keys (down when positive), to no further than `maximum` keys
        /// down: how many the front end cannot show at once.
        case scroll(by: Int, maximum: Int)
    }

    /// Wires a front end's actions to the help scene.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<Screen> {
        let output = transform(
            input: Input(
                back: input.actions.compactMap { $0 == .close ? () : nil },
                quit: input.actions.compactMap { $0 == .quit ? () : nil }))
        let initial = Screen(scene: scene)
        let screen = input.actions
            .compactMap { action -> (by: Int, maximum: Int)? in
                if case .scroll(let by, let maximum) = action { (by, maximum) } else { nil }
            }
            .scan(initial) { screen, step in
                var next = screen
                next.scroll = min(max(screen.scroll + step.by, 0), max(step.maximum, 0))
                return next
            }
            .startWith(initial)
            .asDriver(onErrorJustReturn: initial, scheduler: scheduler)
        return ScreenOutput(state: screen, route: output.route)
    }
}
