import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

@Test func homeHarnessCountsAreLiveAndRoutesLeave() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let counts = scheduler.createColdObservable([
            .next(10, HomeCounts(activeTodos: 1, completedTodos: 0, unreadItems: 2, failedFeeds: 1))
        ])
        let output = HomeViewModel(
            service: MockHomeService {
                $0.observeCountsHandler = { _ in counts.asObservable() }
            }, scheduler: scheduler
        )
        .transform(input: .init(actions: scheduler.createHotObservable([.next(50, .openFeeds)]).asObservable()))
        let seen = harness.record(output.state.map(\.counts).distinctUntilChanged(), "counts")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(
            seen,
            [.next(0, .zero), .next(10, HomeCounts(activeTodos: 1, completedTodos: 0, unreadItems: 2, failedFeeds: 1))])
        harness.expect(route, [.next(50, .feeds)])
        harness.expectSubscriptions(counts, [Subscription(0)])
    }
}

@Test func homeHarnessCountsStopAtTheirLastValueWhenTheServiceFails() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let counts = scheduler.createColdObservable([
            .next(10, HomeCounts(activeTodos: 2, completedTodos: 1, unreadItems: 0, failedFeeds: 0)),
            .error(20, TestError("database is locked")),
        ])
        let output = HomeViewModel(
            service: MockHomeService {
                $0.observeCountsHandler = { _ in counts.asObservable() }
            }, scheduler: scheduler
        )
        .transform(input: .init(actions: scheduler.createHotObservable([.next(30, .openTodos)]).asObservable()))
        let seen = harness.record(output.state.map(\.counts).distinctUntilChanged(), "counts")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        // The failure ends the counts' observation, not the scene: its keys still work.
        harness.expect(
            seen,
            [.next(0, .zero), .next(10, HomeCounts(activeTodos: 2, completedTodos: 1, unreadItems: 0, failedFeeds: 0))])
        harness.expect(route, [.next(30, .todoList)])
        harness.expectSubscriptions(counts, [Subscription(0, 20)])
    }
}
