import Coordinator
import Foundation
import SceneServices
import Streams
import Synchronization
import Testing
import ViewModels

/// A presenter that keeps the scenes it is asked to show.
private final class KeepingPresenter: ScenePresenter {
    let shown = Mutex<[SceneHandle]>([])
    func present(_ scene: SceneHandle) { shown.withLock { $0.append(scene) } }
    func dismiss(_ scene: SceneHandle) {}
    func quit() {}
}

/// The first counts the home scene of a coordinator launched with `scenario` shows once loaded.
private func homeCounts(launching scenario: Scenario) -> HomeCounts? {
    let presenter = KeepingPresenter()
    guard
        let coordinator = try? SceneCoordinator.launch(
            LaunchConfiguration(scenario: scenario), scheduler: ImmediateScheduler(), presenter: presenter)
    else { return nil }
    coordinator.start()
    guard case .home(let home)? = presenter.shown.withLock({ $0.first?.scene }) else { return nil }
    let latest = Mutex<HomeCounts?>(nil)
    home.transform(input: .init()).counts.drive(onNext: { counts in latest.withLock { $0 = counts } }).dispose()
    return latest.withLock { $0 }
}

// Each launch configures the process's base services, which happens once per process, so every
// test runs in a process of its own.

@Test func launchEmptyScenarioStartsWithNoTodosAndNoFeeds() async {
    await #expect(processExitsWith: .success) {
        exit(homeCounts(launching: .empty) == .zero ? 0 : 1)
    }
}

@Test func launchBrokenFeedScenarioStartsWithTheWelcomeListAndTheBrokenFeed() async {
    await #expect(processExitsWith: .success) {
        guard let counts = homeCounts(launching: .brokenFeed) else { exit(2) }
        exit(counts.activeTodos > 0 ? 0 : 1)
    }
}

@Test func launchTwiceFailsWithAMessage() async {
    await #expect(processExitsWith: .success) {
        let presenter = KeepingPresenter()
        _ = try? SceneCoordinator.launch(
            LaunchConfiguration(environment: .fake), scheduler: ImmediateScheduler(), presenter: presenter)
        do throws(SceneError) {
            _ = try SceneCoordinator.launch(
                LaunchConfiguration(environment: .fake), scheduler: ImmediateScheduler(), presenter: presenter)
            exit(1)
        } catch {
            exit(error.message.isEmpty ? 1 : 0)
        }
    }
}
