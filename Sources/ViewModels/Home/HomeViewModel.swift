import Domain
package import SceneServices
package import Streams

/// The view model of the home scene: live counts, and the way to the other scenes.
package struct HomeViewModel: ViewModelType, Sendable {
    let service: any HomeServiceType
    let scheduler: any Scheduler
    let notes: [String]

    /// Creates the view model over its scene service; its state and routes arrive on `scheduler`.
    /// `notes` (what was wrong in the settings file, say) show as an error until the first key.
    package init(service: any HomeServiceType, scheduler: any Scheduler, notes: [String] = []) {
        self.service = service
        self.scheduler = scheduler
        self.notes = notes
    }

    /// What a person asks of the home scene, whatever the keys that ask it.
    package enum Action: Sendable, Hashable {
        /// Move the selection between the todos and the feeds.
        case select(ListMove)
        /// Open the selected place.
        case openSelected
        /// Open the todo list.
        case openTodos
        /// Open the feeds.
        case openFeeds
        /// Show the key map.
        case help
        /// Leave the app.
        case quit
    }

    /// Everything the home scene shows.
    package struct State: Sendable, Hashable {
        /// The live counts; all zero until the first arrive.
        package internal(set) var counts: HomeCounts
        /// The selected place: 0 the todos, 1 the feeds.
        package internal(set) var selected: Int
        /// What went wrong before the scene opened (the settings file's problems), shown until the first key.
        package internal(set) var errorMessage: String?

        /// The scene before the counts arrive.
        package init(counts: HomeCounts = .zero, selected: Int = 0, errorMessage: String? = nil) {
            self.counts = counts
            self.selected = selected
            self.errorMessage = errorMessage
        }

        /// "3 active, 1 done".
        package var todosNote: String {
            "\(CountText.grouped(counts.activeTodos)) active, \(CountText.grouped(counts.completedTodos)) done"
        }

        /// "4 unread", "4 unread, 1 failing".
        package var feedsNote: String {
            counts.failedFeeds > 0
                ? "\(CountText.grouped(counts.unreadItems)) unread, \(CountText.grouped(counts.failedFeeds)) failing"
                : "\(CountText.grouped(counts.unreadItems)) unread"
        }
    }

    /// What happens to the home scene: what the person asked, and the counts as they change.
    package enum Event: Sendable, Hashable {
        /// The person asked for this.
        case action(Action)
        /// The counts are now these.
        case counted(HomeCounts)
    }

    /// What a step asks for: a route, and nothing else.
    typealias Effect = Route

    /// Wires a front end's actions to the whole scene: the selection is kept here; a front end
    /// maps keys to ``Action``s and draws ``State``.
    package func transform(input: ScreenInput<Action>) -> ScreenOutput<State> {
        let (service, scheduler) = (service, scheduler)
        let routes = PublishRelay<Route>()
        let state = Observable.system(
            initialState: State(errorMessage: notes.isEmpty ? nil : notes.joined(separator: " ")),
            reduce: Self.reduce,
            effects: { routes.follow($0) },
            scheduler: scheduler,
            feedback: .events(input.actions.map(Event.action)),
            // Counts that fail stop at their last value; the keys still work.
            .events(
                Observable.deferred { service.observeCounts(on: scheduler) }.map(Event.counted)
                    .catch { _ in .empty() }))
        return ScreenOutput(states: state, routes: routes, scheduler: scheduler)
    }

    /// Folds `event` into `state`; returns what the step asks for.
    static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        if case .action = event { state.errorMessage = nil }
        switch event {
        case .counted(let counts):
            state.counts = counts
        case .action(.select(let move)):
            let places = ListViewport(selected: state.selected, height: 1, count: 2)
            state.selected = places.selection(after: move) ?? 0
        case .action(.openSelected): return [state.selected == 0 ? .todoList : .feeds]
        case .action(.openTodos): return [.todoList]
        case .action(.openFeeds): return [.feeds]
        case .action(.help): return [.help(.home)]
        case .action(.quit): return [.quit]
        }
        return []
    }
}
