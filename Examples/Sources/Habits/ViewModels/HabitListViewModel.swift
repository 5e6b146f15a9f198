import Foundation
public import Streams

/// The habit list: every habit with today's check-in, a selection, a prompt to add one, and
/// the quote of the day.
///
/// It stores nothing: ``transform(input:)`` folds the person's ``Action``s and the service's
/// answers into one ``State`` with the pure ``reduce(_:_:)``, which also says what to ask the
/// service for and where to go. A front end sends actions and draws the state.
///
/// ```swift
/// let viewModel = HabitListViewModel(service: service, scheduler: ui)
/// let actions = PublishRelay<HabitListViewModel.Action>()
/// let output = viewModel.transform(input: .init(actions: actions.asObservable()))
/// let subscription = output.state.drive(onNext: { state in draw(state) })
/// actions.accept(.move(1))  // select the next habit
/// ```
public struct HabitListViewModel: Sendable {
    let service: any HabitListServiceType
    let scheduler: any Scheduler

    /// A view model over its scene service; its state and routes arrive on `scheduler`.
    public init(service: any HabitListServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What a person asks of the list, whatever the keys that ask it.
    public enum Action: Hashable, Sendable {
        /// Move the selection by this many rows (negative: up).
        case move(Int)
        /// Open the prompt for a new habit's name.
        case beginAdding
        /// Change the text in the prompt.
        case edit(DraftEdit)
        /// Close the prompt without adding.
        case cancelAdding
        /// Add a habit with this name (the prompt's text) and close the prompt.
        case add(String)
        /// Check this habit in for today.
        case checkIn(Int64)
        /// Open this habit's detail.
        case open(Int64)
        /// End the app.
        case quit
    }

    /// What the front end feeds the list.
    public struct Input: Sendable {
        /// What the person asks, in order.
        public var actions: Observable<Action>

        /// The input; without actions, one that never sends.
        public init(actions: Observable<Action> = .never()) {
            self.actions = actions
        }
    }

    /// What the list shows and where it goes.
    public struct Output: Sendable {
        /// Everything the screen draws; it starts with the empty, loading state.
        public let state: Driver<State>
        /// Where to go next.
        public let route: Signal<HabitRoute>
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
            .events(Observable.deferred { service.observeHabits(on: scheduler) }.map(Event.habitsLoaded)),
            .events(Observable.deferred { service.quoteOfTheDay() }.map(Event.quoteLoaded)))
        return Output(
            state: state.distinctUntilChanged().asDriver(onErrorDriveWith: .empty(scheduler: scheduler)),
            route: routes.asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler))
    }

    /// Starts what `effect` asks for; the service's answer comes back as an event.
    static func perform(
        _ effect: Effect, service: any HabitListServiceType, routes: PublishRelay<HabitRoute>
    ) -> Observable<Event> {
        switch effect {
        case .add(let name):
            return service.addHabit(name: name).map(Event.added)
                .catch { .just(.added(.failure(HabitsError("\($0)")))) }
        case .checkIn(let habitID):
            return service.checkInToday(habitID: habitID).map(Event.checkedIn)
                .catch { .just(.checkedIn(.failure(HabitsError("\($0)")))) }
        case .route(let route):
            routes.accept(route)
            return .empty()
        }
    }

    /// Why a (trimmed) name cannot be a habit's, or `nil` when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "A habit needs a name." }
        if name.count > 100 { return "A habit's name has at most 100 characters." }
        return nil
    }
}
