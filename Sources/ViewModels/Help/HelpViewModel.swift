public import Streams

/// The view model of the help scene, opened over ``scene``: it closes or quits. Which keys the
/// scene below answers to is the front end's to say (a terminal's keys are not a GUI's).
public struct HelpViewModel: ViewModelType, Sendable {
    /// The scene whose keys are shown.
    public let scene: SceneKind
    let scheduler: any Scheduler

    /// Creates the help for `scene`; every output delivers on `scheduler`.
    public init(scene: SceneKind, scheduler: any Scheduler) {
        self.scene = scene
        self.scheduler = scheduler
    }

    /// What the UI feeds the help scene.
    public struct Input: Sendable {
        /// Close the help.
        public var back: Observable<Void>
        /// Leave the app.
        public var quit: Observable<Void>

        /// Creates inputs; those left out never send.
        public init(back: Observable<Void> = .never(), quit: Observable<Void> = .never()) {
            self.back = back
            self.quit = quit
        }
    }

    /// Where the help scene leads.
    public struct Output: Sendable {
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the help scene's inputs to its outputs.
    public func transform(input: Input) -> Output {
        Output(
            route: Observable.merge(input.back.map { Route.back }, input.quit.map { Route.quit })
                .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler))
    }
}
