import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func mockCommandLineServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockCommandLineService().setCompleted(todoIDs: [1], true)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("CommandLineServiceType.setCompleted(todoIDs:_:) was called") }
    }
}

@Test func mockCommandLineServiceCallsTheClosureGiven() {
    let service = MockCommandLineService {
        $0.exportFeedsHandler = { .just(.success("<opml/>")) }
    }
    let observer = TestScheduler().createObserver(Result<String, SceneError>.self)
    withSubscriptionTracking {
        _ = service.exportFeeds().subscribe(observer.asObserver())
    }
    #expect(observer.elements == [.success("<opml/>")])
}

@Test func servicesMockBuildsTheCommandLineFakeGiven() {
    let services = Services.mock(commandLine: MockCommandLineService { $0.undoHandler = { .just(.success(nil)) } })
    let observer = TestScheduler().createObserver(Result<HistoryStep?, SceneError>.self)
    withSubscriptionTracking {
        _ = services.makeCommandLineService().undo().subscribe(observer.asObserver())
    }
    #expect(observer.elements == [.success(nil)])
}
