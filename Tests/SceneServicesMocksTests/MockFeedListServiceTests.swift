import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func mockFeedListServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockFeedListService().refresh(feedIDs: [1])
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("FeedListServiceType.refresh(feedIDs:) was called") }
    }
}

@Test func mockFeedListServiceFailsATestThatDidNotSetUpTheQueryFeeds() {
    withKnownIssue {
        _ = MockFeedListService().observeQueryFeeds(on: ImmediateScheduler())
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("FeedListServiceType.observeQueryFeeds(on:) was called") }
    }
}

@Test func mockFeedListServiceCallsTheClosureGiven() {
    let service = MockFeedListService {
        $0.refreshHandler = { ids in
            .from(ids.map { .finished(feedID: $0, .success(FeedRefreshCount(newItemCount: 1))) })
        }
    }
    let observer = TestScheduler().createObserver(FeedRefreshEvent.self)
    withSubscriptionTracking {
        _ = service.refresh(feedIDs: [3, 4]).subscribe(observer.asObserver())
    }
    #expect(
        observer.elements == [
            .finished(feedID: 3, .success(FeedRefreshCount(newItemCount: 1))),
            .finished(feedID: 4, .success(FeedRefreshCount(newItemCount: 1))),
        ])
}
