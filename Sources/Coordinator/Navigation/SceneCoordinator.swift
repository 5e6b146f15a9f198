public import SceneServices
public import Streams
public import ViewModels

/// Builds every scene and follows the routes its view models emit.
///
/// Building a scene means creating its struct service (from ``Services``), injecting it into a
/// new view model with the UI's scheduler, and handing the result to the ``ScenePresenter``.
/// The coordinator keeps the navigation stack; it knows nothing about terminals.
///
/// ```swift
/// let coordinator = SceneCoordinator(services: services, scheduler: uiScheduler, presenter: ui)
/// coordinator.start()                                   // presents home
/// coordinator.follow(.todoList, from: homeHandle)       // pushes the todo list
/// ```
public final class SceneCoordinator: Sendable {
    private struct State {
        var stack = NavigationStack()
        var handles: [Int: SceneHandle] = [:]
        var nextID = 1
        var hasQuit = false
    }

    private let services: Services
    private let scheduler: any Scheduler
    private let presenter: any ScenePresenter
    private let state = _SanitizerVisibleMutex(State())

    /// Creates a coordinator. View models it builds deliver their outputs on `scheduler`.
    public init(services: Services, scheduler: any Scheduler, presenter: any ScenePresenter) {
        self.services = services
        self.scheduler = scheduler
        self.presenter = presenter
    }

    /// The scenes on screen, bottom first.
    public var stack: NavigationStack { state.withLock { $0.stack } }

    /// The scene on top, if any.
    public var topScene: SceneHandle? {
        state.withLock { state in state.stack.top.flatMap { state.handles[$0.id] } }
    }

    /// Whether the app was asked to quit.
    public var hasQuit: Bool { state.withLock { $0.hasQuit } }

    /// Presents the home scene as the root, replacing anything shown.
    public func start() {
        show(.home(HomeViewModel(service: services.makeHomeService(), scheduler: scheduler)), as: .root)
    }

    /// Follows a route emitted by the view model of `source`. A route from a scene that is no
    /// longer on top (the person moved on before it arrived) is ignored.
    public func follow(_ route: Route, from source: SceneHandle) {
        let isCurrent = state.withLock { !$0.hasQuit && $0.stack.top?.id == source.id }
        guard isCurrent else { return }
        switch route {
        case .todoList:
            show(.todoList(TodoListViewModel(service: services.makeTodoListService(), scheduler: scheduler)), as: .push)
        case .feeds:
            show(.feeds(FeedListViewModel(service: services.makeFeedListService(), scheduler: scheduler)), as: .push)
        case .todoEditor(let id):
            let viewModel = TodoEditorViewModel(
                service: services.makeTodoEditorService(), todoID: id, scheduler: scheduler)
            show(.todoEditor(viewModel), as: .modal)
        case .feedItems(let feedID):
            let viewModel = FeedItemsViewModel(
                service: services.makeFeedItemsService(), feedID: feedID, scheduler: scheduler)
            show(.feedItems(viewModel), as: .push)
        case .help(let kind):
            guard source.scene.kind != .help else { return }
            show(.help(HelpViewModel(scene: kind, scheduler: scheduler)), as: .modal)
        case .back:
            let popped = state.withLock { state -> SceneHandle? in
                guard let entry = state.stack.pop() else { return nil }
                return state.handles.removeValue(forKey: entry.id)
            }
            if let popped { presenter.dismiss(popped) }
        case .quit:
            state.withLock { $0.hasQuit = true }
            presenter.quit()
        }
    }

    private func show(_ scene: Scene, as presentation: Presentation) {
        let handle = state.withLock { state -> SceneHandle in
            let handle = SceneHandle(id: state.nextID, scene: scene, presentation: presentation)
            state.nextID += 1
            if presentation == .root { state.handles.removeAll() }
            state.stack.push(NavigationStack.Entry(id: handle.id, kind: scene.kind, presentation: presentation))
            state.handles[handle.id] = handle
            return handle
        }
        presenter.present(handle)
    }
}
