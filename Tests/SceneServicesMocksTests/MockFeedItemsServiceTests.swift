import SceneServices
import SceneServicesMocks
import Streams
import Testing

@Test func mockFeedItemsServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockFeedItemsService().markAllRead(feedID: 1)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("FeedItemsServiceType.markAllRead(feedID:) was called") }
    }
}
