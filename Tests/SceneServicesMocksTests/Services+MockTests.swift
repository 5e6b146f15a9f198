import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func servicesMockBuildsTheFakesGiven() {
    let services = Services.mock(
        home: MockHomeService {
            $0.observeCountsHandler = { _ in .just(.zero) }
        })
    let observer = TestScheduler().createObserver(HomeCounts.self)
    withSubscriptionTracking {
        _ = services.makeHomeService().observeCounts(on: ImmediateScheduler()).subscribe(observer.asObserver())
    }
    #expect(observer.elements == [.zero])
}

@Test func servicesMockLeftOutServiceFailsOnUse() {
    withKnownIssue {
        _ = Services.mock().makeFeedListService().addFeed(url: "https://example.com")
    }
}
