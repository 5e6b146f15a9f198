public import Streams

/// The view model of the help scene: the key map of the scene it was opened over.
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

    /// What the help scene renders.
    public struct Output: Sendable {
        /// The keys of the scene below, in order.
        public let bindings: Driver<[KeyBinding]>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the help scene's inputs to its outputs.
    public func transform(input: Input) -> Output {
        Output(
            bindings: Driver.just(KeyMap.bindings(for: scene), scheduler: scheduler),
            route: Observable.merge(input.back.map { Route.back }, input.quit.map { Route.quit })
                .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler))
    }
}
