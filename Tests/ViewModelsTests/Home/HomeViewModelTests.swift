import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

@Test func homeShowsZeroThenTheLiveCounts() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let counts = scheduler.createColdObservable([
            .next(10, HomeCounts(activeTodos: 3, completedTodos: 1, unreadItems: 7, failedFeeds: 1)),
            .next(50, HomeCounts(activeTodos: 2, completedTodos: 2, unreadItems: 7, failedFeeds: 1)),
        ])
        let service = MockHomeService {
            $0.observeCountsHandler = { _ in counts.asObservable() }
        }
        let output = HomeViewModel(service: service, scheduler: scheduler).transform(input: .init(actions: .never()))
        let seen = record(output.state.map(\.counts), on: scheduler)
        scheduler.advance(to: 1000)
        #expect(
            seen.events == [
                .next(200, .zero),
                .next(210, HomeCounts(activeTodos: 3, completedTodos: 1, unreadItems: 7, failedFeeds: 1)),
                .next(250, HomeCounts(activeTodos: 2, completedTodos: 2, unreadItems: 7, failedFeeds: 1)),
            ])
        #expect(counts.subscriptions == [Subscription(200, 1000)])
    }
}

@Test func homeRoutesToTheOtherScenes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let actions = scheduler.createHotObservable([
            .next(300, HomeViewModel.Action.openTodos), .next(310, .openFeeds), .next(320, .help), .next(330, .quit),
        ])
        let service = MockHomeService {
            $0.observeCountsHandler = { _ in .never() }
        }
        let output = HomeViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        let state = record(output.state, on: scheduler)
        let route = record(output.route, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(
            route.events == [.next(300, .todoList), .next(310, .feeds), .next(320, .help(.home)), .next(330, .quit)])
        #expect(state.elements == [HomeViewModel.State()])
    }
}

/// The example of the "Testing a view model" article, kept compiling and passing.
@Test func theTestingArticlesExampleHolds() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let counts = scheduler.createColdObservable([
            .next(10, HomeCounts(activeTodos: 3, completedTodos: 1, unreadItems: 7, failedFeeds: 1))
        ])
        let service = MockHomeService {
            $0.observeCountsHandler = { _ in counts.asObservable() }
        }
        let seen = scheduler.start {
            HomeViewModel(service: service, scheduler: scheduler).transform(input: .init(actions: .never())).state
                .map(\.counts)
        }
        #expect(
            seen.events == [
                .next(200, .zero),
                .next(210, HomeCounts(activeTodos: 3, completedTodos: 1, unreadItems: 7, failedFeeds: 1)),
            ])
        #expect(counts.subscriptions == [Subscription(200, 1000)])
    }
}
