import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@testable import ViewModels

private typealias Action = FeedListViewModel.Action

/// The scene over `service`, with `actions` sent at their ticks.
private func scene(
    _ service: MockFeedListService, _ scheduler: TestScheduler, _ actions: [Recorded<Event<Action>>]
) -> ScreenOutput<FeedListViewModel.State> {
    FeedListViewModel(service: service, scheduler: scheduler)
        .transform(input: ScreenInput(actions: scheduler.createHotObservable(actions).asObservable()))
}

/// One part of the scene's state, each time it changes.
private func part<Value: Equatable & Sendable>(
    _ output: ScreenOutput<FeedListViewModel.State>, _ pick: @escaping @Sendable (FeedListViewModel.State) -> Value
) -> Observable<Value> {
    output.state.asObservable().map(pick).distinctUntilChanged()
}

@Test func feedListHarnessRefreshAllShowsProgressAndTheFailure() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])),
            .next(100, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 4)))),
            .next(200, .finished(feedID: 2, .failure(SceneError.feed("not a feed: unexpected <html>")))),
            .completed(200),
        ])
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha"), Fixtures.feed(2, "Beta")])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = scene(service, scheduler, [.next(100, .refreshAll)])
        let progress = harness.record(part(output, \.progress), "progress")
        let rows = harness.record(part(output, \.rows), "rows")
        scheduler.advance(to: 10_000)
        harness.expect(
            progress,
            [
                .next(0, nil), .next(100, RefreshProgress(done: 0, total: 2)),
                .next(200, RefreshProgress(done: 1, total: 2)), .next(300, nil),
            ])
        harness.expectNextValues(
            rows,
            [
                [],
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
            .next(0, FeedRefreshEvent.started(feedIDs: [1])),
            .next(500, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 1)))),
        ])
        let fast = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [2])),
            .next(10, .finished(feedID: 2, .success(FeedRefreshCount(newItemCount: 1)))),
            .completed(10),
        ])
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { ids in ids == [1] ? slow.asObservable() : fast.asObservable() }
        }
        let output = scene(
            service, scheduler, [.next(100, .refresh), .next(150, .select(.down)), .next(150, .refresh)])
        let progress = harness.record(part(output, \.progress), "progress")
        scheduler.advance(to: 10_000)
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
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])),
            .next(50, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 2)))),
            .error(80, failure),
        ])
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = scene(service, scheduler, [.next(100, .refreshAll)])
        let progress = harness.record(part(output, \.progress), "progress")
        let error = harness.record(part(output, \.errorMessage), "errorMessage")
        scheduler.advance(to: 10_000)
        harness.expect(
            progress,
            [
                .next(0, nil), .next(100, RefreshProgress(done: 0, total: 2)),
                .next(150, RefreshProgress(done: 1, total: 2)), .next(180, nil),
            ])
        // The error goes after its time on the status line.
        harness.expect(error, [.next(0, nil), .next(180, "Could not refresh: \(failure)"), .next(8_180, nil)])
        harness.expectSubscriptions(refresh, [Subscription(100, 180)])
    }
}

@Test func feedListHarnessRefreshEndingBeforeEveryFeedFinishedStopsTheProgress() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])),
            .next(50, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 2)))),
            .completed(60),
        ])
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = scene(service, scheduler, [.next(100, .refreshAll)])
        let progress = harness.record(part(output, \.progress), "progress")
        let error = harness.record(part(output, \.errorMessage), "errorMessage")
        scheduler.advance(to: 10_000)
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
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([])) }
        }
        let output = scene(service, scheduler, [.next(100, .refreshAll)])
        let progress = harness.record(part(output, \.progress), "progress")
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
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha")])) }
            $0.addFeedHandler = { _ in subscribe.asObservable() }
            $0.refreshHandler = { ids in
                requested.append(ids)
                return .empty()
            }
        }
        let output = scene(service, scheduler, adding("https://example.com/3.xml", at: 300))
        let progress = harness.record(part(output, \.progress), "progress")
        scheduler.advance(to: 10_000)
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
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha")])) }
            $0.addFeedHandler = { _ in .just(.failure(SceneError.storage("already subscribed"))) }
            $0.refreshHandler = { ids in
                requested.append(ids)
                return .empty()
            }
        }
        let output = scene(
            service, scheduler, adding("https://example.com/1.xml", at: 300) + adding("not a url", at: 400))
        let addError = harness.record(part(output, \.errorMessage), "errorMessage")
        scheduler.advance(to: 10_000)
        // Each key dismisses the message shown; a new error shows until its time is up.
        harness.expect(
            addError,
            [
                .next(0, nil), .next(300, "Could not subscribe to “https://example.com/1.xml”: already subscribed"),
                .next(400, nil),
                .next(
                    400, "“not a url” is not a feed address: write a web address starting with https:// or a file path."
                ),
                .next(8_400, nil),
            ])
        #expect(requested.all.isEmpty)
    }
}

/// Types `text` on the input line for a new feed and submits it, at `tick`.
private func adding(_ text: String, at tick: Int) -> [Recorded<Event<Action>>] {
    [.next(tick, .startAdding), .next(tick, .edit(PromptText(text))), .next(tick, .submit)]
}

private func row(
    _ id: Int64, _ title: String, _ status: String, refreshing: Bool = false, error: String? = nil
) -> FeedRow {
    FeedRow(
        id: id, title: title, url: "https://example.com/\(id).xml", unreadCount: 0, itemCount: 0,
        isRefreshing: refreshing,
        statusText: status, errorMessage: error)
}

@Test func feedListHarnessARefreshEndsWithASummaryOfWhatArrived() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2, 3])),
            .next(50, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 4)))),
            .next(60, .finished(feedID: 2, .success(FeedRefreshCount(newItemCount: 8)))),
            .next(70, .finished(feedID: 3, .success(FeedRefreshCount(newItemCount: 0)))),
            .completed(80),
        ])
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in
                observed(.success([Fixtures.feed(1), Fixtures.feed(2), Fixtures.feed(3)]))
            }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = scene(service, scheduler, [.next(100, .refreshAll), .next(400, .select(.down))])
        let message = harness.record(part(output, { $0.message?.description }), "message")
        scheduler.advance(to: 10_000)
        harness.expect(message, [.next(0, nil), .next(180, "12 new items in 2 feeds."), .next(400, nil)])
    }
}

@Test func feedListHarnessARefreshWithAFailureSaysSoAsAnError() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let refresh = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1, 2])),
            .next(50, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 1)))),
            .next(60, .finished(feedID: 2, .failure(SceneError.feed("not a feed")))), .completed(80),
        ])
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { _ in refresh.asObservable() }
        }
        let output = scene(service, scheduler, [.next(100, .refreshAll)])
        let error = harness.record(part(output, { $0.errorMessage?.description }), "errorMessage")
        scheduler.advance(to: 10_000)
        harness.expect(
            error, [.next(0, nil), .next(180, "1 new item; 1 failed (the feed list shows why)."), .next(8_180, nil)])
    }
}
