public import Streams

/// The detail of one habit: its streak and its check-in history, with a key to check in.
///
/// The same shape as ``HabitListViewModel``: actions and the service's answers fold into one
/// ``State`` with the pure ``reduce(_:_:)``, which also says what to ask for and where to go.
///
/// ```swift
/// let viewModel = HabitDetailViewModel(service: HabitDetailService(habitID: 7, habits: base), scheduler: ui)
/// let output = viewModel.transform(input: .init(actions: actions.asObservable()))
/// ```
public struct HabitDetailViewModel: Sendable {
    let service: any HabitDetailServiceType
    let scheduler: any Scheduler

    /// A view model over its scene service; its state and routes arrive on `scheduler`.
    public init(service: any HabitDetailServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What a person asks of the detail.
    public enum Action: Hashable, Sendable {
        /// Check the habit in for today.
        case checkIn
        /// Go back to the list.
        case back
    }

    /// What the front end feeds the detail.
    public struct Input: Sendable {
        /// What the person asks, in order.
        public var actions: Observable<Action>

        /// The input; without actions, one that never sends.
        public init(actions: Observable<Action> = .never()) {
            self.actions = actions
        }
    }

    /// What the detail shows and where it goes.
    public struct Output: Sendable {
        /// Everything the screen draws; it starts with the loading state.
        public let state: Driver<State>
        /// Where to go next.
        public let route: Signal<HabitRoute>
    }

    /// Everything the detail screen draws.
    public struct State: Hashable, Sendable {
        /// The habit, its history and the day, once read; `nil` while loading or once gone.
        public var detail: HabitDetail?
        /// Whether the habit has not been read yet.
        public var isLoading = true
        /// The latest news or failure, for the status line.
        public var message: String?

        /// The loading state.
        public init() {}
    }

    /// What happens to the detail: what the person asked, and what the service answered.
    public enum Event: Hashable, Sendable {
        /// The person asked for this.
        case action(Action)
        /// The habit was read (again); `nil`: it no longer exists.
        case detailLoaded(Result<HabitDetail?, HabitsError>)
        /// A check-in was recorded (`true`: a new one), or could not be.
        case checkedIn(Result<Bool, HabitsError>)
    }

    /// What a step asks for: a check-in, whose answer comes back as an event, or a route.
    public enum Effect: Hashable, Sendable {
        /// Check the habit in for today.
        case checkIn
        /// Go there.
        case route(HabitRoute)
    }

    /// Wires the actions to the state and the routes.
    public func transform(input: Input) -> Output {
        let service = service
        let scheduler = scheduler
        let routes = PublishRelay<HabitRoute>()
        let state = Observable.system(
            initialState: State(),
            reduce: Self.reduce,
            effects: { effect in Self.perform(effect, service: service, routes: routes) },
            scheduler: scheduler,
            feedback: .events(input.actions.map(Event.action)),
            .events(Observable.deferred { service.observeDetail(on: scheduler) }.map(Event.detailLoaded)))
        return Output(
            state: state.distinctUntilChanged().asDriver(onErrorDriveWith: .empty(scheduler: scheduler)),
            route: routes.asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler))
    }

    /// Folds `event` into `state` and returns what the step asks for: a pure function, tested
    /// on its own.
    public static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .action(.checkIn):
            return [.checkIn]
        case .action(.back):
            return [.route(.back)]
        case .detailLoaded(.success(let detail)):
            state.isLoading = false
            state.detail = detail
            if detail == nil { state.message = "This habit no longer exists." }
        case .detailLoaded(.failure(let error)):
            state.isLoading = false
            state.message = "Could not read the habit: \(error.message)"
        case .checkedIn(.success(let isNew)):
            state.message = isNew ? "Checked in for today." : "Already checked in today."
        case .checkedIn(.failure(let error)):
            state.message = "Could not check in: \(error.message)"
        }
        return []
    }

    /// Starts what `effect` asks for; the service's answer comes back as an event.
    static func perform(
        _ effect: Effect, service: any HabitDetailServiceType, routes: PublishRelay<HabitRoute>
    ) -> Observable<Event> {
        switch effect {
        case .checkIn:
            return service.checkInToday().map(Event.checkedIn)
                .catch { .just(.checkedIn(.failure(HabitsError("\($0)")))) }
        case .route(let route):
            routes.accept(route)
            return .empty()
        }
    }
}
