package import Streams

/// The view model of the help scene, opened over ``scene``: it scrolls, closes or quits. Which
/// keys the scene below answers to is the front end's to say (a terminal's keys are not a GUI's).
package struct HelpViewModel: ViewModelType, Sendable {
    /// The scene whose keys are shown.
    package let scene: SceneKind
    let scheduler: any Scheduler

    /// Creates the help for `scene`; its state and routes arrive on `scheduler`.
    package init(scene: SceneKind, scheduler: any Scheduler) {
        self.scene = scene
        self.scheduler = scheduler
    }

    /// What a person asks of the help scene.
    package enum Action: Sendable, Hashable {
        /// Close the help.
        case close
        /// Leave the app.
        case quit
        /// Scroll `by` keys (down when positive), to at most `maximum` down: those the front end cannot show.
        case scroll(by: Int, maximum: Int)
    }

    /// What the help scene shows: whose keys, and how far down the list it is scrolled.
    package struct State: Sendable, Hashable {
        /// The scene whose keys are listed.
        package let scene: SceneKind
        /// How many keys are scrolled off the top.
        package internal(set) var scroll = 0

        /// The help for `scene`, at the top of its list.
        package init(scene: SceneKind) { self.scene = scene }
    }

    /// What happens to the help scene: only what the person asks.
    package enum Event: Sendable, Hashable {
        /// The person asked for this.
        case action(Action)
    }

    /// What a step asks for: a route, and nothing else.
    typealias Effect = Route

    /// Wires a front end's actions to the help scene.
    package func transform(input: ScreenInput<Action>) -> ScreenOutput<State> {
        let routes = PublishRelay<Route>()
        let state = Observable.system(
            initialState: State(scene: scene), reduce: Self.reduce,
            effects: { routes.follow($0) },
            scheduler: scheduler, feedback: .events(input.actions.map(Event.action)))
        return ScreenOutput(states: state, routes: routes, scheduler: scheduler)
    }

    /// Folds `event` into `state`; returns what the step asks for.
    static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .action(.close): return [.back]
        case .action(.quit): return [.quit]
        case .action(.scroll(let by, let maximum)): state.scroll = min(max(state.scroll + by, 0), max(maximum, 0))
        }
        return []
    }
}
