import Foundation
public import Streams

/// The idea search: type a word, the habits server suggests habits about it, and `Enter` adds
/// the selected one. It shows that a lookup is running, what it found, and why it failed.
///
/// The same shape as ``HabitListViewModel``, with one more kind of feedback: the lookup the
/// state asks for (``State/pendingKeyword``) runs through `react(request:effects:)`, so a new
/// search cancels the one still running, and leaving the scene cancels the request.
///
/// ```swift
/// let viewModel = IdeaSearchViewModel(service: IdeaSearchService(server: server, habits: habits), scheduler: ui)
/// let output = viewModel.transform(input: .init(actions: actions.asObservable()))
/// ```
public struct IdeaSearchViewModel: Sendable {
    let service: any IdeaSearchServiceType
    let scheduler: any Scheduler

    /// A view model over its scene service; its state and routes arrive on `scheduler`.
    public init(service: any IdeaSearchServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What a person asks of the search.
    public enum Action: Hashable, Sendable {
        /// The prompt's text as edited; `overflowed`: some of what was typed did not fit.
        case edit(Draft, overflowed: Bool)
        /// Look up the word in the prompt.
        case search
        /// Open the prompt again, holding the last word looked up.
        case beginSearch
        /// Close the prompt; with nothing found yet, leave the scene.
        case cancelSearch
        /// Select the idea at this index of what was found.
        case select(Int)
        /// Add the selected idea as a habit.
        case add
        /// Show the keys, or hide them.
        case showHelp(Bool)
        /// Go back to the list.
        case back
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
            .react(
                request: { $0.pendingKeyword },
                effects: { keyword in service.ideas(matching: keyword).events { Event.found(keyword, $0) } }))
        return Output(states: state, routes: routes, scheduler: scheduler)
    }

    /// Starts what `effect` asks for; the service's answer comes back as an event.
    static func perform(
        _ effect: Effect, service: any IdeaSearchServiceType, routes: PublishRelay<HabitRoute>
    ) -> Observable<Event> {
        switch effect {
        case .add(let idea):
            return service.addHabit(from: idea).events { Event.added(idea.name, $0) }
        case .route(let route):
            routes.accept(route)
            return .empty()
        }
    }
}
