import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

@Test func feedItemsHarnessOpeningAnItemShowsItAndMarksItRead() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let items = scheduler.createColdObservable([
            .next(5, Result<[FeedItem], SceneError>.success([Fixtures.item(2, "New")])),
            .next(120, .success([Fixtures.item(2, "New", read: true)])),
        ])
        let service = MockFeedItemsService(
            observeFeed: { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) },
            observeItems: { _, _, _, _ in items.asObservable() },
            setRead: { id, isRead in .just(.success(Fixtures.item(id, read: isRead))) })
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
            .transform(input: .init(open: scheduler.createHotObservable([.next(100, 2)]).asObservable()))
        let unread = harness.record(output.unreadCount, "unreadCount")
        let detail = harness.record(output.detail, "detail")
        scheduler.advance(to: 1000)
        harness.expect(unread, [.next(0, 0), .next(5, 1), .next(120, 0)])
        harness.expect(
            detail,
            [
                .next(0, nil),
                .next(
                    100,
                    FeedItemDetail(
                        id: 2, title: "New", text: "Text of 2", link: "https://example.com/items/2",
                        dateText: "2026-12-31")),
            ])
        harness.expectSubscriptions(items, [Subscription(0)])
    }
}
