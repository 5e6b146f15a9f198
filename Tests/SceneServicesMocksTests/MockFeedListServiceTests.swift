import SceneServices
import SceneServicesMocks
import Streams
import Testing

@Test func mockFeedListServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockFeedListService().refresh(feedIDs: [1])
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("FeedListServiceType.refresh(feedIDs:) was called") }
    }
}
