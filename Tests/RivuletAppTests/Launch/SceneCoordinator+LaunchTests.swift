import Coordination
import Foundation
import SceneServices
import Streams
import TestMeasures
import Testing
import ViewModels

@testable import RivuletApp

/// A presenter that keeps the scenes it is asked to show.
private final class KeepingPresenter: ScenePresenter {
    let shown = SanitizerVisibleMutex<[SceneHandle<Scene>]>([])
    func present(_ scene: SceneHandle<Scene>) { shown.withLock { $0.append(scene) } }
    func dismiss(_ scene: SceneHandle<Scene>) {}
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
    let latest = SanitizerVisibleMutex<HomeCounts?>(nil)
    home.transform(input: .init(actions: .never())).state
        .drive(onNext: { state in latest.withLock { $0 = state.counts } }).dispose()
    return latest.withLock { $0 }
}

// Each launch configures the process's base services, which happens once per process, so every
// test runs in a process of its own.

@Test func launchEmptyScenarioStartsWithNoTodosAndNoFeeds() async {
    await inOwnProcess(expecting: .success) {
        exit(homeCounts(launching: .empty) == .zero ? 0 : 1)
    }
}

@Test func launchBrokenFeedScenarioStartsWithTheWelcomeListAndTheBrokenFeed() async {
    await inOwnProcess(expecting: .success) {
        guard let counts = homeCounts(launching: .brokenFeed) else { exit(2) }
        exit(counts.activeTodos > 0 ? 0 : 1)
    }
}

@Test func launchTwiceFailsWithAMessage() async {
    await inOwnProcess(expecting: .success) {
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

/// A coordinator launched with `scenario` and started (home on top).
private func launched(_ scenario: Scenario) -> SceneCoordinator? {
    guard
        let coordinator = try? SceneCoordinator.launch(
            LaunchConfiguration(scenario: scenario), scheduler: ImmediateScheduler(), presenter: KeepingPresenter())
    else { return nil }
    coordinator.start()
    return coordinator
}

/// The feeds scene of a coordinator launched with `scenario`, reached from home as a person would.
private func feedsScene(launching scenario: Scenario) -> FeedListViewModel? {
    guard let coordinator = launched(scenario), let home = coordinator.topScene else { return nil }
    coordinator.follow(.feeds, from: home)
    guard case .feeds(let feeds)? = coordinator.topScene?.scene else { return nil }
    return feeds
}

/// The feeds scene's rows and progress, as last delivered, after asking for a refresh of every feed.
private final class RefreshWatch: Sendable {
    private let latestRows = SanitizerVisibleMutex<[FeedRow]>([])
    private let latestProgress = SanitizerVisibleMutex<RefreshProgress?>(nil)
    private let subscriptions = SanitizerVisibleMutex<[any Disposable]>([])

    var rows: [FeedRow] { latestRows.withLock { $0 } }
    var progress: RefreshProgress? { latestProgress.withLock { $0 } }

    init(_ feeds: FeedListViewModel) {
        let actions = PublishRelay<FeedListViewModel.Action>()
        let output = feeds.transform(input: ScreenInput(actions: actions.asObservable()))
        let state = output.state.drive(onNext: { [self] state in
            latestRows.withLock { $0 = state.rows }
            latestProgress.withLock { $0 = state.progress }
        })
        subscriptions.withLock { $0 = [state] }
        actions.accept(.refreshAll)
    }

    /// Whether `condition` holds within `seconds` of wall-clock time (the refresh runs on the
    /// database's and the fake network's queues).
    func eventually(within seconds: Double = 10, _ condition: (RefreshWatch) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(self) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(self)
    }

    func stop() { subscriptions.withLock { $0 }.forEach { $0.dispose() } }
}

@Test func launchManyScenarioStartsWithOneHundredThousandTodos() async {
    await inOwnProcess(expecting: .success) {
        guard let counts = homeCounts(launching: .many) else { exit(2) }
        exit(counts.activeTodos + counts.completedTodos == Scenario.manyTodoCount && counts.unreadItems == 0 ? 0 : 1)
    }
}

@Test func launchOfflineScenarioKeepsStoredItemsReadable() async {
    await inOwnProcess(expecting: .success) {
        guard let counts = homeCounts(launching: .offline) else { exit(2) }
        exit(counts.unreadItems > 0 ? 0 : 1)
    }
}

@Test func launchOfflineScenarioRefreshFailsForEveryFeedWithAMessage() async {
    await inOwnProcess(expecting: .success) {
        guard let feeds = feedsScene(launching: .offline) else { exit(2) }
        let watch = RefreshWatch(feeds)
        let failed = watch.eventually { watch in
            let rows = watch.rows
            return !rows.isEmpty && rows.allSatisfy { !$0.isRefreshing && $0.errorMessage?.contains("offline") == true }
        }
        watch.stop()
        exit(failed ? 0 : 1)
    }
}

@Test func launchSlowNetworkScenarioShowsTheRefreshInProgressThenFinishes() async {
    await inOwnProcess(expecting: .success) {
        guard let feeds = feedsScene(launching: .slowNetwork) else { exit(2) }
        let watch = RefreshWatch(feeds)
        // The fake network answers after 1.5 s: at first every feed is still refreshing.
        let inProgress = watch.progress != nil && watch.rows.allSatisfy(\.isRefreshing)
        let finished = watch.eventually { watch in
            watch.progress == nil && watch.rows.allSatisfy { !$0.isRefreshing && $0.errorMessage == nil }
        }
        watch.stop()
        exit(inProgress ? (finished ? 0 : 1) : 3)
    }
}

@Test func launchOfflineScenarioShowsTheStoredItemsOfAFeed() async {
    await inOwnProcess(expecting: .success) {
        guard let coordinator = launched(.offline), let home = coordinator.topScene else { exit(2) }
        coordinator.follow(.feeds, from: home)
        guard case .feeds(let feeds)? = coordinator.topScene?.scene, let list = coordinator.topScene else { exit(3) }
        let firstFeed = SanitizerVisibleMutex<Int64?>(nil)
        feeds.transform(input: ScreenInput(actions: .never())).state
            .drive(onNext: { state in firstFeed.withLock { $0 = state.rows.first?.id } })
            .dispose()
        guard let feedID = firstFeed.withLock({ $0 }) else { exit(4) }
        coordinator.follow(.feedItems(feedID: feedID), from: list)
        guard case .feedItems(let items)? = coordinator.topScene?.scene else { exit(5) }
        let titles = SanitizerVisibleMutex<[String]>([])
        items.transform(input: ScreenInput(actions: .never())).state
            .drive(onNext: { state in titles.withLock { $0 = state.rows.map(\.title) } })
            .dispose()
        exit(titles.withLock { $0 }.isEmpty ? 1 : 0)
    }
}
