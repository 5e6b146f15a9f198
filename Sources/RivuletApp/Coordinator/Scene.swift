package import Coordination
package import SceneServices
package import Streams
import TerminalUI
package import ViewModels

/// A scene of the app, carrying the view model the coordinator built for it.
package enum Scene: CoordinatedScene {
    /// The home scene.
    case home(HomeViewModel)
    /// The todo list.
    case todoList(TodoListViewModel)
    /// The todo editor.
    case todoEditor(TodoEditorViewModel)
    /// The feeds.
    case feeds(FeedListViewModel)
    /// One feed's items.
    case feedItems(FeedItemsViewModel)
    /// The key map of another scene.
    case help(HelpViewModel)

    /// Which kind of scene this is.
    package var kind: SceneKind {
        switch self {
        case .home: .home
        case .todoList: .todoList
        case .todoEditor: .todoEditor
        case .feeds: .feeds
        case .feedItems: .feedItems
        case .help: .help
        }
    }
}

/// The app's coordinator: the library's ``Coordination/Coordinator`` over the app's scenes and
/// routes.
package typealias SceneCoordinator = Coordinator<Scene, Route>

/// Builds every scene of the app: a fresh scene service from ``Services`` injected into a new
/// view model with the UI's scheduler.
package struct SceneFactory: Sendable {
    private let services: Services
    private let scheduler: any Scheduler
    private let startNotes: [String]

    /// A factory over `services`, whose view models deliver their outputs on `scheduler`; the
    /// first home scene shows `startNotes` (problems in the settings file) until the first key.
    package init(services: Services, scheduler: any Scheduler, startNotes: [String] = []) {
        self.services = services
        self.scheduler = scheduler
        self.startNotes = startNotes
    }

    /// The first scene.
    package func home() -> Scene {
        .home(HomeViewModel(service: services.makeHomeService(), scheduler: scheduler, notes: startNotes))
    }

    /// Where `route`, emitted by the view model of `source`, leads.
    package func navigation(for route: Route, from source: SceneHandle<Scene>) -> Navigation<Scene> {
        switch route {
        case .todoList:
            .push(.todoList(TodoListViewModel(service: services.makeTodoListService(), scheduler: scheduler)))
        case .feeds:
            .push(.feeds(FeedListViewModel(service: services.makeFeedListService(), scheduler: scheduler)))
        case .todoEditor(let id):
            .modal(
                .todoEditor(
                    TodoEditorViewModel(service: services.makeTodoEditorService(), todoID: id, scheduler: scheduler)))
        case .feedItems(let feedID, let openingItemID):
            .push(
                .feedItems(
                    FeedItemsViewModel(
                        service: services.makeFeedItemsService(), feedID: feedID, openingItemID: openingItemID,
                        scheduler: scheduler)))
        case .help(let kind):
            source.scene.kind == .help ? .none : .modal(.help(HelpViewModel(scene: kind, scheduler: scheduler)))
        case .back: .pop
        case .quit: .quit
        }
    }
}

extension Coordinator where Scene == RivuletApp.Scene, Route == ViewModels.Route {
    /// The app's coordinator over `services`; call ``start()`` to present the home scene.
    package convenience init(
        services: Services, scheduler: any Scheduler, presenter: any ScenePresenter<Scene>, startNotes: [String] = []
    ) {
        let factory = SceneFactory(services: services, scheduler: scheduler, startNotes: startNotes)
        self.init(presenter: presenter, root: factory.home) { route, source in
            factory.navigation(for: route, from: source)
        }
    }
}
