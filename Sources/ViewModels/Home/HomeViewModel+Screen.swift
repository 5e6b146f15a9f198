public import SceneServices
import Streams

extension HomeViewModel {
    /// What a person asks of the home scene, whatever the keys that ask it.
    public enum Action: Sendable, Hashable {
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
    public struct Screen: Sendable, Hashable {
        /// The live counts; all zero until the first arrive.
        public var counts: HomeCounts
        /// The selected place: 0 the todos, 1 the feeds.
        public var selected: Int

        /// The scene before the counts arrive.
        public init(counts: HomeCounts = .zero, selected: Int = 0) {
            self.counts = counts
            self.selected = selected
        }

        /// "3 active, 1 done".
        public var todosNote: String {
            "\(CountText.grouped(counts.activeTodos)) active, \(CountText.grouped(counts.completedTodos)) done"
        }

        /// "4 unread", "4 unread, 1 failing".
        public var feedsNote: String {
            counts.failedFeeds > 0
                ? "\(CountText.grouped(counts.unreadItems)) unread, \(CountText.grouped(counts.failedFeeds)) failing"
                : "\(CountText.grouped(counts.unreadItems)) unread"
        }
    }

    /// The screen after `step`, and the route it asks for.
    static func reduceScreen(_ screen: inout Screen, _ step: ScreenStep<Action, HomeCounts>) -> [Route] {
        switch step {
        case .data(let counts):
            screen.counts = counts
        case .action(.select(let move)):
            let places = ListViewport(selected: screen.selected, height: 1, count: 2)
            screen.selected = places.selection(after: move) ?? 0
        case .action(.openSelected): return [screen.selected == 0 ? .todoList : .feeds]
        case .action(.openTodos): return [.todoList]
        case .action(.openFeeds): return [.feeds]
        case .action(.help): return [.help(.home)]
        case .action(.quit): return [.quit]
        }
        return []
    }

    /// Wires a front end's actions to the whole scene: the selection is kept here; a front end
    /// maps keys to ``Action``s and draws ``Screen``.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<Screen> {
        let effects = ScreenEffects<Route>()
        let counts = transform(input: Input()).counts.asObservable()
        let screen = effects.screen(
            Screen(), actions: input.actions, data: counts, reduce: Self.reduceScreen, isRoute: { _ in true },
            scheduler: scheduler)
        let route = effects.relay.asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return ScreenOutput(state: screen, route: route)
    }
}
