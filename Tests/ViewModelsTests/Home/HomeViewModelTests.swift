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
        let output = HomeViewModel(service: service, scheduler: scheduler).transform(input: .init())
        let seen = record(output.counts, on: scheduler)
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
        let output = HomeViewModel(service: MockHomeService(), scheduler: scheduler).transform(
            input: .init(
                openTodos: scheduler.createHotObservable([.next(300, ())]).asObservable(),
                openFeeds: scheduler.createHotObservable([.next(310, ())]).asObservable(),
                help: scheduler.createHotObservable([.next(320, ())]).asObservable(),
                quit: scheduler.createHotObservable([.next(330, ())]).asObservable()))
        let route = record(output.route, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(
            route.events == [.next(300, .todoList), .next(310, .feeds), .next(320, .help(.home)), .next(330, .quit)])
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
            HomeViewModel(service: service, scheduler: scheduler).transform(input: .init()).counts
        }
        #expect(
            seen.events == [
                .next(200, .zero),
                .next(210, HomeCounts(activeTodos: 3, completedTodos: 1, unreadItems: 7, failedFeeds: 1)),
            ])
        #expect(counts.subscriptions == [Subscription(200, 1000)])
    }
}
