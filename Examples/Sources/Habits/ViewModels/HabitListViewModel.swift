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
/// actions.accept(.select(1))  // select the second habit
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
        /// Select the habit at this index of ``State/habits``.
        case select(Int)
        /// Open the prompt for a new habit's name.
        case beginAdding
        /// The prompt's text as edited; `overflowed`: some of what was typed did not fit.
        case edit(Draft, overflowed: Bool)
        /// Close the prompt without adding.
        case cancelAdding
        /// Add a habit named as the prompt says, and close the prompt.
        case add
        /// Check this habit in for today, or take today's check-in back.
        case toggleToday(Int64)
        /// Open this habit's detail.
        case open(Int64)
        /// Look up habit ideas on the server.
        case findIdeas
        /// Show the keys, or hide them.
        case showHelp(Bool)
        /// End the app.
        case quit
    }

    /// What the front end feeds the view model.
    public typealias Input = SceneInput<Action>

    /// What the screen draws, and where the scene goes.
    public typealias Output = SceneOutput<State>

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
        return Output(states: state, routes: routes, scheduler: scheduler)
    }

    /// Starts what `effect` asks for; the service's answer comes back as an event.
    static func perform(
        _ effect: Effect, service: any HabitListServiceType, routes: PublishRelay<HabitRoute>
    ) -> Observable<Event> {
        switch effect {
        case .add(let name):
            return service.addHabit(name: name).events(Event.added)
        case .setDone(let isDone, let habitID):
            return service.setDoneToday(isDone, habitID: habitID).events { Event.doneChanged(isDone: isDone, $0) }
        case .route(let route):
            routes.accept(route)
            return .empty()
        }
    }
}
