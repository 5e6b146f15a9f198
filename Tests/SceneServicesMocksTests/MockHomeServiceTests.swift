import SceneServices
import SceneServicesMocks
import Streams
import Testing

@Test func mockHomeServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockHomeService().observeCounts(on: ImmediateScheduler())
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("HomeServiceType.observeCounts(on:) was called") }
    }
}
