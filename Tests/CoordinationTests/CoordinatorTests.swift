import Coordination
import Streams
import Testing

/// A two-scene app, for these tests: a list of habits and one habit's detail.
private enum HabitScene: CoordinatedScene {
    case list
    case detail(id: Int)
    case help

    enum Kind: Hashable, Sendable { case list, detail, help }

    var kind: Kind {
        switch self {
        case .list: .list
        case .detail: .detail
        case .help: .help
        }
    }
}

private enum HabitRoute: Sendable {
    case detail(Int)
    case help
    case restart
    case back
    case quit
}

/// Records what the coordinator asks of the user interface.
private final class RecordingPresenter: ScenePresenter {
    typealias Scene = HabitScene
    let log = SanitizerVisibleMutex<[String]>([])

    func present(_ scene: SceneHandle<HabitScene>) {
        log.withLock { $0.append("present \(scene.scene.kind) \(scene.presentation) #\(scene.id)") }
    }

    func dismiss(_ scene: SceneHandle<HabitScene>) {
        log.withLock { $0.append("dismiss #\(scene.id)") }
    }

    func quit() {
        log.withLock { $0.append("quit") }
    }
}

private func makeCoordinator(_ presenter: RecordingPresenter) -> Coordinator<HabitScene, HabitRoute> {
    Coordinator(presenter: presenter, root: { .list }) { route, source in
        switch route {
        case .detail(let id): .push(.detail(id: id))
        case .help: source.scene.kind == .help ? .none : .modal(.help)
        case .restart: .replace(.list)
        case .back: .pop
        case .quit: .quit
        }
    }
}

@Test func startPresentsTheRootScene() throws {
    let presenter = RecordingPresenter()
    let coordinator = makeCoordinator(presenter)
    coordinator.start()
    #expect(coordinator.stack.kinds == [.list])
    #expect(presenter.log.withLock { $0 } == ["present list root #1"])
}

@Test func routesPushShowModallyAndPopThroughTheFactory() throws {
    let presenter = RecordingPresenter()
    let coordinator = makeCoordinator(presenter)
    coordinator.start()
    let list = try #require(coordinator.topScene)
    coordinator.follow(.detail(7), from: list)
    let detail = try #require(coordinator.topScene)
    coordinator.follow(.help, from: detail)
    #expect(coordinator.stack.kinds == [.list, .detail, .help])
    let help = try #require(coordinator.topScene)
    coordinator.follow(.back, from: help)
    #expect(coordinator.stack.kinds == [.list, .detail])
    #expect(presenter.log.withLock { $0 }.last == "dismiss #3")
}

@Test func aRouteFromASceneNoLongerOnTopIsIgnored() throws {
    let presenter = RecordingPresenter()
    let coordinator = makeCoordinator(presenter)
    coordinator.start()
    let list = try #require(coordinator.topScene)
    coordinator.follow(.detail(1), from: list)
    coordinator.follow(.detail(2), from: list)
    #expect(coordinator.stack.kinds == [.list, .detail])
}

@Test func theFactoryMayDeclineARoute() throws {
    let presenter = RecordingPresenter()
    let coordinator = makeCoordinator(presenter)
    coordinator.start()
    coordinator.follow(.help, from: try #require(coordinator.topScene))
    coordinator.follow(.help, from: try #require(coordinator.topScene))
    #expect(coordinator.stack.kinds == [.list, .help])
}

@Test func theRootIsNeverPoppedAndReplaceStartsOver() throws {
    let presenter = RecordingPresenter()
    let coordinator = makeCoordinator(presenter)
    coordinator.start()
    coordinator.follow(.back, from: try #require(coordinator.topScene))
    #expect(coordinator.stack.kinds == [.list])
    coordinator.follow(.detail(3), from: try #require(coordinator.topScene))
    coordinator.follow(.restart, from: try #require(coordinator.topScene))
    #expect(coordinator.stack.kinds == [.list])
    #expect(coordinator.stack.entries.map(\.presentation) == [.root])
}

@Test func quitTellsThePresenterAndLaterRoutesAreIgnored() throws {
    let presenter = RecordingPresenter()
    let coordinator = makeCoordinator(presenter)
    coordinator.start()
    let list = try #require(coordinator.topScene)
    coordinator.follow(.quit, from: list)
    coordinator.follow(.detail(1), from: list)
    #expect(coordinator.hasQuit)
    #expect(presenter.log.withLock { $0 }.last == "quit")
    #expect(coordinator.stack.kinds == [.list])
}
