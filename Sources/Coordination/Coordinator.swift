import Streams

/// Keeps the stack of scenes and follows the routes their view models emit, building each new
/// scene through the factory the app gives it. It knows nothing of terminals, nor of the app's
/// scenes: both come in as generic parameters.
///
/// ```swift
/// enum HabitScene: CoordinatedScene { case list(HabitListViewModel), detail(HabitDetailViewModel) … }
/// enum HabitRoute { case detail(Int64), back, quit }
///
/// let coordinator = Coordinator<HabitScene, HabitRoute>(
///     presenter: ui, root: { .list(HabitListViewModel(service: services.list(), scheduler: ui)) }
/// ) { route, source in
///     switch route {
///     case .detail(let id): .push(.detail(HabitDetailViewModel(service: services.detail(id), scheduler: ui)))
///     case .back: .pop
///     case .quit: .quit
///     }
/// }
/// coordinator.start()  // presents the root scene
/// ```
public final class Coordinator<Scene: CoordinatedScene, Route: Sendable>: Sendable {
    /// Builds what a route leads to, given the scene that emitted it.
    public typealias Factory = @Sendable (_ route: Route, _ source: SceneHandle<Scene>) -> Navigation<Scene>

    private struct State {
        var stack = NavigationStack<Scene.Kind>()
        var handles: [Int: SceneHandle<Scene>] = [:]
        var nextID = 1
        var hasQuit = false
    }

    private let presenter: any ScenePresenter<Scene>
    private let factory: Factory
    private let root: @Sendable () -> Scene
    private let state = SanitizerVisibleMutex(State())

    /// A coordinator that shows scenes through `presenter`, starts with the scene `root`
    /// builds, and builds the scene each route leads to with `factory`.
    public init(
        presenter: any ScenePresenter<Scene>, root: @escaping @Sendable () -> Scene, factory: @escaping Factory
    ) {
        self.presenter = presenter
        self.root = root
        self.factory = factory
    }

    /// The scenes on screen, bottom first.
    public var stack: NavigationStack<Scene.Kind> { state.withLock { $0.stack } }

    /// The scene on top, if any.
    public var topScene: SceneHandle<Scene>? {
        state.withLock { state in state.stack.top.flatMap { state.handles[$0.id] } }
    }

    /// Whether the app was asked to quit.
    public var hasQuit: Bool { state.withLock { $0.hasQuit } }

    /// Presents a new root scene, replacing anything shown.
    public func start() {
        show(root(), as: .root)
    }

    /// Follows a route emitted by the view model of `source`. A route from a scene that is no
    /// longer on top (the person moved on before it arrived), or that comes after quitting, is
    /// ignored.
    public func follow(_ route: Route, from source: SceneHandle<Scene>) {
        let isCurrent = state.withLock { !$0.hasQuit && $0.stack.top?.id == source.id }
        guard isCurrent else { return }
        switch factory(route, source) {
        case .push(let scene): show(scene, as: .push)
        case .modal(let scene): show(scene, as: .modal)
        case .replace(let scene): show(scene, as: .root)
        case .pop:
            let popped = state.withLock { state -> SceneHandle<Scene>? in
                guard let entry = state.stack.pop() else { return nil }
                return state.handles.removeValue(forKey: entry.id)
            }
            if let popped { presenter.dismiss(popped) }
        case .quit:
            state.withLock { $0.hasQuit = true }
            presenter.quit()
        case .none:
            break
        }
    }

    private func show(_ scene: Scene, as presentation: Presentation) {
        let handle = state.withLock { state -> SceneHandle<Scene> in
            let handle = SceneHandle(id: state.nextID, scene: scene, presentation: presentation)
            state.nextID += 1
            if presentation == .root { state.handles.removeAll() }
            state.stack.push(.init(id: handle.id, kind: scene.kind, presentation: presentation))
            state.handles[handle.id] = handle
            return handle
        }
        presenter.present(handle)
    }
}
