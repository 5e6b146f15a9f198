import Coordination
import Habits
import StreamsTesting
import Synchronization
import Testing

/// A presenter that writes down what it was asked to do.
private final class RecordingPresenter: ScenePresenter {
    private let log = Mutex<[String]>([])
    var calls: [String] { log.withLock { $0 } }

    func present(_ scene: SceneHandle<HabitScene>) { log.withLock { $0.append("present \(scene.scene.kind)") } }
    func dismiss(_ scene: SceneHandle<HabitScene>) { log.withLock { $0.append("dismiss \(scene.scene.kind)") } }
    func quit() { log.withLock { $0.append("quit") } }
}

@Test func theListOpensADetailOrTheIdeasEachGoingBack() throws {
    let presenter = RecordingPresenter()
    let services = HabitServices(
        list: { FakeHabitListService(habits: { _ in .never() }) },
        detail: { _ in FakeHabitDetailService(detail: { _ in .never() }) },
        ideas: { FakeIdeaSearchService() })
    let coordinator = HabitCoordinator.make(services: services, scheduler: TestScheduler(), presenter: presenter)
    coordinator.start()
    let list = try #require(coordinator.topScene)
    coordinator.follow(.detail(habitID: 4), from: list)
    #expect(coordinator.stack.kinds == [.list, .detail])
    let detail = try #require(coordinator.topScene)
    coordinator.follow(.detail(habitID: 5), from: detail)  // a detail does not open another
    coordinator.follow(.ideas, from: detail)  // nor the ideas
    coordinator.follow(.back, from: detail)
    coordinator.follow(.ideas, from: list)
    #expect(coordinator.stack.kinds == [.list, .ideas])
    let ideas = try #require(coordinator.topScene)
    coordinator.follow(.back, from: ideas)
    coordinator.follow(.quit, from: list)
    #expect(
        presenter.calls == [
            "present list", "present detail", "dismiss detail", "present ideas", "dismiss ideas", "quit",
        ])
    #expect(coordinator.hasQuit)
}
