import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

@Test func feedListHarnessRefreshAllShowsProgressAndTheFailure() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])),
            .next(100, .finished(feedID: 1, .success(4))),
            .next(200, .finished(feedID: 2, .failure(SceneError.feed("not a feed: unexpected <html>")))),
            .completed(200),
        ])
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha"), Fixtures.feed(2, "Beta")])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(refreshAll: scheduler.createHotObservable([.next(100, ())]).asObservable()))
        let progress = harness.record(output.progress, "progress")
        let rows = harness.record(output.rows, "rows")
        scheduler.advance(to: 1000)
        harness.expect(
            progress,
            [
                .next(0, nil), .next(100, RefreshProgress(done: 0, total: 2)),
                .next(200, RefreshProgress(done: 1, total: 2)), .next(300, nil),
            ])
        harness.expectNextValues(
            rows,
            [
                [row(1, "Alpha", "never refreshed"), row(2, "Beta", "never refreshed")],
                [row(1, "Alpha", "refreshing…", refreshing: true), row(2, "Beta", "refreshing…", refreshing: true)],
                [row(1, "Alpha", "never refreshed"), row(2, "Beta", "refreshing…", refreshing: true)],
                [
                    row(1, "Alpha", "never refreshed"),
                    row(2, "Beta", "failed: not a feed: unexpected <html>", error: "not a feed: unexpected <html>"),
                ],
            ])
        harness.expectSubscriptions(refresh, [Subscription(100, 300)])
    }
}

@Test func feedListHarnessNewRefreshCancelsTheStaleOne() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let slow = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1])), .next(500, .finished(feedID: 1, .success(1))),
        ])
        let fast = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [2])), .next(10, .finished(feedID: 2, .success(1))),
            .completed(10),
        ])
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { ids in ids == [1] ? slow.asObservable() : fast.asObservable() }
        }
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(
                input: .init(refresh: scheduler.createHotObservable([.next(100, 1), .next(150, 2)]).asObservable()))
        let progress = harness.record(output.progress, "progress")
        scheduler.advance(to: 1000)
        harness.expect(progress, [.next(0, nil), .next(100, RefreshProgress(done: 0, total: 1)), .next(160, nil)])
        harness.expectSubscriptions(slow, [Subscription(100, 150)])
        harness.expectSubscriptions(fast, [Subscription(150, 160)])
    }
}

@Test func feedListHarnessRefreshStreamFailureEndsProgressAndShowsTheError() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let failure = TestError("database is locked")
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])), .next(50, .finished(feedID: 1, .success(2))),
            .error(80, failure),
        ])
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(refreshAll: scheduler.createHotObservable([.next(100, ())]).asObservable()))
        let progress = harness.record(output.progress, "progress")
        let error = harness.record(output.errorMessage, "errorMessage")
        scheduler.advance(to: 1000)
        harness.expect(
            progress,
            [
                .next(0, nil), .next(100, RefreshProgress(done: 0, total: 2)),
                .next(150, RefreshProgress(done: 1, total: 2)), .next(180, nil),
            ])
        harness.expect(error, [.next(0, nil), .next(180, "Could not refresh: \(failure)")])
        harness.expectSubscriptions(refresh, [Subscription(100, 180)])
    }
}

@Test func feedListHarnessRefreshEndingBeforeEveryFeedFinishedStopsTheProgress() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])), .next(50, .finished(feedID: 1, .success(2))),
            .completed(60),
        ])
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(refreshAll: scheduler.createHotObservable([.next(100, ())]).asObservable()))
        let progress = harness.record(output.progress, "progress")
        let error = harness.record(output.errorMessage, "errorMessage")
        scheduler.advance(to: 1000)
        harness.expect(
            progress,
            [
                .next(0, nil), .next(100, RefreshProgress(done: 0, total: 2)),
                .next(150, RefreshProgress(done: 1, total: 2)), .next(160, nil),
            ])
        harness.expect(error, [.next(0, nil)])
        harness.expectSubscriptions(refresh, [Subscription(100, 160)])
    }
}

@Test func feedListHarnessRefreshWithoutFeedsAsksNothing() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([])) }
        }
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(refreshAll: scheduler.createHotObservable([.next(100, ())]).asObservable()))
        let progress = harness.record(output.progress, "progress")
        scheduler.advance(to: 1000)
        harness.expect(progress, [.next(0, nil)])
    }
}

@Test func feedListHarnessAddSubscribesOnceDownloadedAndStartsNoRefresh() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        // Subscribing downloads the feed: it ends 100 ticks after it starts.
        let subscribe = scheduler.createColdObservable([
            .next(100, Result<Feed, SceneError>.success(Feed(id: 3, url: "https://example.com/3.xml", title: "Three"))),
            .completed(100),
        ])
        let requested = CallLog<[Int64]>()
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha")])) }
            $0.addFeedHandler = { _ in subscribe.asObservable() }
            $0.refreshHandler = { ids in
                requested.append(ids)
                return .empty()
            }
        }
        let add = scheduler.createHotObservable([.next(300, "https://example.com/3.xml")])
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(add: add.asObservable()))
        let progress = harness.record(output.progress, "progress")
        scheduler.advance(to: 1000)
        harness.expect(progress, [.next(0, nil)])
        harness.expectSubscriptions(subscribe, [Subscription(300, 400)])
        #expect(requested.all.isEmpty)
    }
}

@Test func feedListHarnessAddThatFailsFetchesNothing() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let requested = CallLog<[Int64]>()
        let service = MockFeedListService {
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha")])) }
            $0.addFeedHandler = { _ in .just(.failure(SceneError.storage("already subscribed"))) }
            $0.refreshHandler = { ids in
                requested.append(ids)
                return .empty()
            }
        }
        let add = scheduler.createHotObservable([.next(300, "https://example.com/1.xml"), .next(400, "not a url")])
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(add: add.asObservable()))
        let addError = harness.record(output.addError, "addError")
        scheduler.advance(to: 1000)
        harness.expect(
            addError,
            [.next(0, nil), .next(300, "already subscribed"), .next(400, "That is not a web address: not a url")])
        #expect(requested.all.isEmpty)
    }
}

private func row(
    _ id: Int64, _ title: String, _ status: String, refreshing: Bool = false, error: String? = nil
) -> FeedRow {
    FeedRow(
        id: id, title: title, url: "https://example.com/\(id).xml", unreadCount: 0, isRefreshing: refreshing,
        statusText: status, errorMessage: error)
}
