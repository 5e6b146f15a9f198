import Coordination
import SceneServices
import SceneServicesMocks
import StreamsTesting
import Testing
import ViewModels

@testable import RivuletApp

private func makeCoordinator() -> (SceneCoordinator, RecordingPresenter) {
    let presenter = RecordingPresenter()
    let coordinator = SceneCoordinator(services: .mock(), scheduler: TestScheduler(), presenter: presenter)
    return (coordinator, presenter)
}

private func top(_ coordinator: SceneCoordinator) throws -> SceneHandle<Scene> {
    try #require(coordinator.topScene)
}

@Test func coordinatorStartPresentsHomeAsRoot() {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    #expect(presenter.calls == [.present(.home, .root)])
    #expect(coordinator.stack.entries.map(\.kind) == [.home])
}

@Test func coordinatorBuildingASceneDoesNotTouchItsService() throws {
    // Services.mock() fails the test on any call: building scenes must only build, not subscribe.
    let (coordinator, _) = makeCoordinator()
    coordinator.start()
    for route in [Route.todoList, .todoEditor(id: 3)] {
        coordinator.follow(route, from: try top(coordinator))
    }
    #expect(coordinator.stack.entries.count == 3)
}

@Test(arguments: [
    (Route.todoList, SceneKind.todoList, Presentation.push), (.feeds, .feeds, .push),
    (.todoEditor(id: nil), .todoEditor, .modal), (.todoEditor(id: 4), .todoEditor, .modal),
    (.feedItems(feedID: 2), .feedItems, .push), (.help(.home), .help, .modal),
])
func coordinatorRouteLeadsToItsScene(_ route: Route, _ kind: SceneKind, _ presentation: Presentation) throws {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    coordinator.follow(route, from: try top(coordinator))
    #expect(presenter.calls.last == .present(kind, presentation))
    #expect(try top(coordinator).scene.kind == kind)
}

@Test func coordinatorEditorGetsTheTodoOfTheRoute() throws {
    let (coordinator, _) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.todoEditor(id: 42), from: try top(coordinator))
    guard case .todoEditor(let viewModel) = try top(coordinator).scene else {
        Issue.record("the editor is not on top")
        return
    }
    #expect(viewModel.todoID == 42)
}

@Test func coordinatorFeedItemsGetsTheFeedOfTheRoute() throws {
    let (coordinator, _) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.feedItems(feedID: 7), from: try top(coordinator))
    guard case .feedItems(let viewModel) = try top(coordinator).scene else {
        Issue.record("the feed items are not on top")
        return
    }
    #expect(viewModel.feedID == 7)
}

@Test func coordinatorHelpShowsTheKeysOfTheSceneBelow() throws {
    let (coordinator, _) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.feeds, from: try top(coordinator))
    coordinator.follow(.help(.feeds), from: try top(coordinator))
    guard case .help(let viewModel) = try top(coordinator).scene else {
        Issue.record("the help is not on top")
        return
    }
    #expect(viewModel.scene == .feeds)
}

@Test func coordinatorHelpOverHelpIsIgnored() throws {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.help(.home), from: try top(coordinator))
    coordinator.follow(.help(.help), from: try top(coordinator))
    #expect(presenter.calls == [.present(.home, .root), .present(.help, .modal)])
}

@Test func coordinatorStackUnwindsBackToHome() throws {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.feeds, from: try top(coordinator))
    coordinator.follow(.feedItems(feedID: 1), from: try top(coordinator))
    coordinator.follow(.help(.feedItems), from: try top(coordinator))
    for _ in 0..<3 { coordinator.follow(.back, from: try top(coordinator)) }
    #expect(coordinator.stack.entries.map(\.kind) == [.home])
    #expect(presenter.calls.suffix(3) == [.dismiss(.help), .dismiss(.feedItems), .dismiss(.feeds)])
}

@Test func coordinatorBackAtHomeKeepsHome() throws {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.back, from: try top(coordinator))
    #expect(coordinator.stack.entries.map(\.kind) == [.home])
    #expect(presenter.calls == [.present(.home, .root)])
}

@Test func coordinatorRouteFromASceneNoLongerOnTopIsIgnored() throws {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    let home = try top(coordinator)
    coordinator.follow(.todoList, from: home)
    coordinator.follow(.feeds, from: home)
    #expect(coordinator.stack.entries.map(\.kind) == [.home, .todoList])
    #expect(presenter.calls.count == 2)
}

@Test func coordinatorQuitAsksThePresenterToQuitAndStopsFollowing() throws {
    let (coordinator, presenter) = makeCoordinator()
    coordinator.start()
    let home = try top(coordinator)
    coordinator.follow(.quit, from: home)
    coordinator.follow(.todoList, from: home)
    #expect(coordinator.hasQuit)
    #expect(presenter.calls == [.present(.home, .root), .quit])
}

@Test func coordinatorGivesEveryPresentationItsOwnIdentity() throws {
    let (coordinator, _) = makeCoordinator()
    coordinator.start()
    coordinator.follow(.todoList, from: try top(coordinator))
    coordinator.follow(.back, from: try top(coordinator))
    coordinator.follow(.todoList, from: try top(coordinator))
    #expect(Set(coordinator.stack.entries.map(\.id)).count == 2)
    #expect(coordinator.stack.entries.map(\.id) == [1, 3])
}
