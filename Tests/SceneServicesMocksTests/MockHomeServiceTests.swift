import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func mockHomeServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockHomeService().observeCounts(on: ImmediateScheduler())
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("HomeServiceType.observeCounts(on:) was called") }
    }
}

@Test func mockHomeServiceCallsTheClosureGiven() {
    let counts = HomeCounts(activeTodos: 1, completedTodos: 2, unreadItems: 3, failedFeeds: 4)
    let service = MockHomeService {
        $0.observeCountsHandler = { _ in .just(counts) }
    }
    let observer = TestScheduler().createObserver(HomeCounts.self)
    withSubscriptionTracking {
        _ = service.observeCounts(on: ImmediateScheduler()).subscribe(observer.asObserver())
    }
    #expect(observer.elements == [counts])
}
