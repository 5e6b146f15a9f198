public import Streams

/// The detail of one habit: its streak and its check-in history, with keys to check in and to
/// rename it.
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
        /// Check the habit in for today, or take today's check-in back.
        case toggleToday
        /// Open the prompt for a new name, holding the current one.
        case beginRenaming
        /// The prompt's text as edited; `overflowed`: some of what was typed did not fit.
        case edit(Draft, overflowed: Bool)
        /// Close the prompt without renaming.
        case cancelRenaming
        /// Rename the habit as the prompt says, and close the prompt.
        case rename
        /// Show the keys, or hide them.
        case showHelp(Bool)
        /// Go back to the list.
        case back
    }

    /// What the front end feeds the view model.
    public typealias Input = SceneInput<Action>

    /// What the screen draws, and where the scene goes.
    public typealias Output = SceneOutput<State>

    /// Everything the detail screen draws.
    public struct State: Hashable, Sendable {
        /// The habit, its history and the day, once read; `nil` while loading or once gone.
        public var detail: HabitDetail?
        /// Whether the habit has not been read yet.
        public var isLoading = true
        /// The prompt's text while renaming; `nil` when the prompt is closed.
        public var draft: Draft?
        /// The latest news or failure, for the status line.
        public var message: String?
        /// Whether the keys are shown over the detail.
        public var isShowingHelp = false

        /// The loading state.
        public init() {}
    }

    /// What happens to the detail: what the person asked, and what the service answered.
    public enum Event: Hashable, Sendable {
        /// The person asked for this.
        case action(Action)
        /// The habit was read (again); `nil`: it no longer exists.
        case detailLoaded(Result<HabitDetail?, HabitsError>)
        /// Marking the habit done today (`isDone`), or taking that back, changed something
        /// (`true`) or not, or failed.
        case doneChanged(isDone: Bool, Result<Bool, HabitsError>)
        /// The habit was renamed, or could not be.
        case renamed(Result<String, HabitsError>)
    }

    /// What a step asks for: a write, whose answer comes back as an event, or a route.
    public enum Effect: Hashable, Sendable {
        /// Mark the habit done today, or not.
        case setDone(Bool)
        /// Rename the habit to this (valid, trimmed) name.
        case rename(String)
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
        return Output(states: state, routes: routes, scheduler: scheduler)
    }

    /// Folds `event` into `state` and returns what the step asks for: a pure function, tested
    /// on its own.
    public static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .action(let action):
            return reduce(&state, action)
        case .detailLoaded(.success(let detail)):
            state.isLoading = false
            state.detail = detail
            if detail == nil { state.message = "This habit no longer exists." }
        case .detailLoaded(.failure(let error)):
            state.isLoading = false
            state.message = "Could not read the habit: \(error.message)"
        case .doneChanged(let isDone, let result):
            state.message = HabitRules.checkInMessage(isDone: isDone, result)
        case .renamed(.success(let name)):
            state.message = "Renamed to “\(name)”."
        case .renamed(.failure(let error)):
            state.message = "Could not rename the habit: \(error.message)"
        }
        return []
    }

    /// Folds what the person asked into `state`. A message lasts until the next action.
    private static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
        state.message = nil
        switch action {
        case .toggleToday:
            guard let detail = state.detail else { break }
            return [.setDone(!detail.isDoneToday)]
        case .beginRenaming:
            guard let detail = state.detail else { break }
            state.draft = state.draft ?? Draft(detail.habit.name)
        case .edit(let draft, let overflowed):
            guard state.draft != nil else { break }
            state.draft = draft
            if overflowed { state.message = HabitRules.textCutShort }
        case .cancelRenaming:
            state.draft = nil
        case .rename:
            guard state.draft != nil else { break }
            return HabitRules.submitName(&state.draft, message: &state.message).map { [.rename($0)] } ?? []
        case .showHelp(let isShowing):
            state.isShowingHelp = isShowing
        case .back:
            return [.route(.back)]
        }
        return []
    }

    /// Starts what `effect` asks for; the service's answer comes back as an event.
    static func perform(
        _ effect: Effect, service: any HabitDetailServiceType, routes: PublishRelay<HabitRoute>
    ) -> Observable<Event> {
        switch effect {
        case .setDone(let isDone):
            return service.setDoneToday(isDone).events { Event.doneChanged(isDone: isDone, $0) }
        case .rename(let name):
            return service.rename(to: name).events(Event.renamed)
        case .route(let route):
            routes.accept(route)
            return .empty()
        }
    }
}
