import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func mockFeedItemsServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockFeedItemsService().markAllRead(feedID: 1)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("FeedItemsServiceType.markAllRead(feedID:) was called") }
    }
}

@Test func mockFeedItemsServicePassesTheWindowToTheClosureGiven() {
    let service = MockFeedItemsService {
        $0.observePageHandler = { feedID, offset, limit, _ in
            .just(.success(FeedItemPage(items: [], totalCount: Int(feedID), unreadCount: offset, offset: limit)))
        }
    }
    let observer = TestScheduler().createObserver(Result<FeedItemPage, SceneError>.self)
    withSubscriptionTracking {
        _ = service.observePage(feedID: 7, offset: 40, limit: 20, on: ImmediateScheduler())
            .subscribe(observer.asObserver())
    }
    #expect(observer.elements == [.success(FeedItemPage(items: [], totalCount: 7, unreadCount: 40, offset: 20))])
}
