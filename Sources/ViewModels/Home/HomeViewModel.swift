public import SceneServices
public import Streams

/// The view model of the home scene: live counts, and the way to the other scenes.
public struct HomeViewModel: ViewModelType, Sendable {
    let service: any HomeServiceType
    let scheduler: any Scheduler

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    public init(service: any HomeServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What the UI feeds the home scene. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// Open the todo list.
        public var openTodos: Observable<Void>
        /// Open the feeds.
        public var openFeeds: Observable<Void>
        /// Show the key map.
        public var help: Observable<Void>
        /// Leave the app.
        public var quit: Observable<Void>

        /// Creates inputs; those left out never send.
        public init(
            openTodos: Observable<Void> = .never(), openFeeds: Observable<Void> = .never(),
            help: Observable<Void> = .never(), quit: Observable<Void> = .never()
        ) {
            self.openTodos = openTodos
            self.openFeeds = openFeeds
            self.help = help
            self.quit = quit
        }
    }

    /// What the home scene renders. No output fails.
    public struct Output: Sendable {
        /// The live counts; all zero until the first arrive.
        public let counts: Driver<HomeCounts>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the home scene's inputs to its outputs.
    public func transform(input: Input) -> Output {
        let service = service
        let scheduler = scheduler
        let counts = Observable.deferred { service.observeCounts(on: scheduler) }
            .startWith(.zero)
            .distinctUntilChanged()
            .asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
        let route = Observable.merge(
            input.openTodos.map { Route.todoList },
            input.openFeeds.map { Route.feeds },
            input.help.map { Route.help(.home) },
            input.quit.map { Route.quit }
        )
        .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return Output(counts: counts, route: route)
    }
}
