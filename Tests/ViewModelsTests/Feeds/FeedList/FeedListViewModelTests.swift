import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@testable import ViewModels

/// The feeds scene over a fake service with two feeds; each refresh takes 100 ticks per feed,
/// and feed 2 fails.
private struct Scene {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    var feeds = [Fixtures.feed(1, "Alpha", unread: 2), Fixtures.feed(2, "Beta")]

    func service() -> MockFeedListService {
        let scheduler = scheduler
        let calls = calls
        let feeds = feeds
        return MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success(feeds)) }
            $0.addFeedHandler = { url in
                calls.append("add \(url)")
                return .just(.failure(SceneError.storage("already subscribed")))
            }
            $0.removeFeedHandler = { id in
                calls.append("remove \(id)")
                return .just(.success(feeds[0]))
            }
            $0.refreshHandler = { ids in
                calls.append("refresh \(ids)")
                var events: [Recorded<Event<FeedRefreshEvent>>] = [.next(0, .started(feedIDs: ids))]
                for (index, id) in ids.enumerated() {
                    let result: Result<FeedRefreshCount, SceneError> =
                        id == 2 ? .failure(SceneError.feed("not a feed")) : .success(FeedRefreshCount(newItemCount: 3))
                    events.append(.next(100 * (index + 1), .finished(feedID: id, result)))
                }
                events.append(.completed(100 * ids.count))
                return scheduler.createColdObservable(events).asObservable()
            }
        }
    }

    /// The scene's output, with `actions` sent at their ticks.
    func output(_ actions: [Recorded<Event<FeedListViewModel.Action>>] = []) -> ScreenOutput<FeedListViewModel.State> {
        FeedListViewModel(service: service(), scheduler: scheduler)
            .transform(input: ScreenInput(actions: scheduler.createHotObservable(actions).asObservable()))
    }
}

/// One part of the scene's state, each time it changes.
private func part<Value: Equatable & Sendable>(
    _ output: ScreenOutput<FeedListViewModel.State>, _ pick: @escaping @Sendable (FeedListViewModel.State) -> Value
) -> Observable<Value> {
    output.state.asObservable().map(pick).distinctUntilChanged()
}

@Test func feedsShowEveryFeedWithUnreadCounts() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output()
        let rows = record(part(output, \.rows), on: scene.scheduler)
        let loading = record(part(output, \.isLoading), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(rows.elements.last?.map(\.title) == ["Alpha", "Beta"])
        #expect(rows.elements.last?.map(\.unreadCount) == [2, 0])
        #expect(loading.events == [.next(200, true), .next(200, false)])
    }
}

@Test func feedsRefreshAllShowsProgressAndPerFeedErrors() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .refreshAll)])
        let progress = record(part(output, \.progress), on: scene.scheduler)
        let rows = record(part(output, \.rows), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["refresh [1, 2]"])
        #expect(
            progress.events == [
                .next(200, nil), .next(300, RefreshProgress(done: 0, total: 2)),
                .next(400, RefreshProgress(done: 1, total: 2)), .next(500, nil),
            ])
        #expect(rows.elements.last?.map(\.errorMessage) == [nil, "not a feed"])
        #expect(rows.elements.last?.map(\.statusText) == ["never refreshed", "failed: not a feed"])
    }
}

@Test func feedsRefreshOneRefreshesOnlyThatFeed() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .refresh)])
        let progress = record(part(output, \.progress), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["refresh [1]"])
        #expect(progress.events == [.next(200, nil), .next(300, RefreshProgress(done: 0, total: 1)), .next(400, nil)])
    }
}

@Test func feedsNewRefreshCancelsTheStaleOne() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let slow = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [1])),
            .next(500, .finished(feedID: 1, .success(FeedRefreshCount(newItemCount: 1)))),
        ])
        let fast = scheduler.createColdObservable([
            .next(0, FeedRefreshEvent.started(feedIDs: [2])),
            .next(10, .finished(feedID: 2, .success(FeedRefreshCount(newItemCount: 1)))),
            .completed(10),
        ])
        let calls = CallLog<[Int64]>()
        let service = MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1), Fixtures.feed(2)])) }
            $0.refreshHandler = { ids in
                calls.append(ids)
                return ids == [1] ? slow.asObservable() : fast.asObservable()
            }
        }
        let actions = scheduler.createHotObservable([
            .next(300, FeedListViewModel.Action.refresh), .next(350, .select(.down)), .next(350, .refresh),
        ])
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: ScreenInput(actions: actions.asObservable()))
        let progress = record(part(output, \.progress), on: scheduler)
        scheduler.advance(to: 1000)
        #expect(calls.all == [[1], [2]])
        #expect(slow.subscriptions == [Subscription(300, 350)])
        #expect(fast.subscriptions == [Subscription(350, 360)])
        #expect(
            progress.events == [
                .next(200, nil), .next(300, RefreshProgress(done: 0, total: 1)), .next(360, nil),
            ])
    }
}

/// Types `text` on the input line for a new feed and submits it, at `tick`.
private func adding(_ text: String, at tick: Int) -> [Recorded<Event<FeedListViewModel.Action>>] {
    [.next(tick, .startAdding), .next(tick, .edit(PromptText(text))), .next(tick, .submit)]
}

@Test func feedsAddRefusesAnInvalidAddressWithoutAskingTheService() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(adding("example.com/feed", at: 300))
        let error = record(part(output, \.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all.isEmpty)
        #expect(
            error.events == [
                .next(200, nil),
                .next(
                    300,
                    "“example.com/feed” is not a feed address: a web address starts with https://, as in "
                        + "https://example.com/feed."),
            ])
    }
}

@Test func feedsAddSendsAValidAddressAndShowsTheServicesRefusal() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(adding(" https://example.com/feed.xml ", at: 300))
        let error = record(part(output, \.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["add https://example.com/feed.xml"])
        #expect(
            error.events == [
                .next(200, nil),
                .next(300, "Could not subscribe to “https://example.com/feed.xml”: already subscribed"),
            ])
    }
}

@Test func feedsRemoveAsksTheService() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .select(.down)), .next(300, .askToRemove), .next(300, .confirm)])
        _ = record(part(output, \.rows), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["remove 2"])
    }
}

@Test func feedsRoutesOpenHelpAndBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([
            .next(300, .select(.down)), .next(300, .open), .next(310, .help), .next(320, .back),
        ])
        let route = record(output.route, on: scene.scheduler)
        _ = record(output.state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .feedItems(feedID: 2)), .next(310, .help(.feeds)), .next(320, .back)])
    }
}

/// The feeds scene whose import adds feeds 7 and 8, skips one and fails one, 50 ticks after
/// it is asked; a path ending in "bad.opml" fails as a whole.
private func importScene(
    _ actions: [(Int, FeedListViewModel.Action)]
) -> (screens: TestableObserver<FeedListViewModel.State>, calls: [String]) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in observed(.success([Fixtures.feed(1, "Alpha")])) }
        $0.importFeedsHandler = { path in
            calls.append("import \(path)")
            let result: Result<FeedImportSummary, SceneError> =
                path.hasSuffix("bad.opml")
                ? .failure(SceneError.feed("\(path): not an OPML subscription list: it is an HTML page"))
                : .success(
                    FeedImportSummary(
                        addedFeedIDs: [7, 8], skippedCount: 1, failures: ["Gopher: unsupported address type"]))
            return scheduler.createColdObservable([.next(50, result), .completed(50)]).asObservable()
        }
        $0.refreshHandler = { ids in
            calls.append("refresh \(ids)")
            return .just(.started(feedIDs: ids))
        }
    }
    // Cold: the actions' ticks count from the subscription, at 0, so the viewport at 0 arrives.
    let input = scheduler.createColdObservable(
        [Recorded.next(0, FeedListViewModel.Action.viewport(height: 5))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(FeedListViewModel.State.self)
    let subscription = output.state.subscribe(screens.asObserver())
    scheduler.advance(by: 1_000)
    subscription.dispose()
    return (screens, calls.all)
}

private func screen(at tick: Int, _ screens: TestableObserver<FeedListViewModel.State>) -> FeedListViewModel.State {
    screens.events.last { $0.time <= tick }?.value.element ?? FeedListViewModel.State()
}

@Test func feedsImportFromThePromptShowsTheSummaryAndFetchesTheAddedFeeds() {
    withSubscriptionTracking {
        let (screens, calls) = importScene([
            (100, .startImporting), (101, .edit(PromptText(" ~/subscriptions.opml "))), (102, .submit),
        ])
        #expect(screen(at: 100, screens).mode == .importing(PromptText()))
        #expect(screen(at: 101, screens).mode == .importing(PromptText(" ~/subscriptions.opml ")))
        #expect(screen(at: 102, screens).mode == .browsing)
        #expect(screen(at: 151, screens).errorMessage == nil)
        // The status line has one message: the summary and what failed, as an error.
        #expect(
            screen(at: 152, screens).errorMessage
                == "Imported 2 feeds: 1 skipped, 1 failed. Not imported: Gopher: unsupported address type")
        #expect(calls == ["import ~/subscriptions.opml", "refresh [7, 8]"])
    }
}

@Test func feedsImportOfAFileThatIsNoListSaysWhyAndFetchesNothing() {
    withSubscriptionTracking {
        let (screens, calls) = importScene([
            (100, .startImporting), (101, .edit(PromptText("/tmp/bad.opml"))), (102, .submit),
        ])
        #expect(
            screen(at: 152, screens).errorMessage
                == "Could not import: /tmp/bad.opml: not an OPML subscription list: it is an HTML page")
        #expect(screen(at: 152, screens).message == nil)
        // Its line comes back holding the path, to be corrected.
        #expect(screen(at: 152, screens).mode == .importing(PromptText("/tmp/bad.opml")))
        #expect(calls == ["import /tmp/bad.opml"])
    }
}

@Test func feedsImportFailureAfterARefusedAddressShowsTheImportFailure() {
    withSubscriptionTracking {
        let (screens, calls) = importScene([
            (100, .startAdding), (101, .submit), (200, .cancel), (300, .startImporting),
            (301, .edit(PromptText("/tmp/bad.opml"))), (302, .submit),
        ])
        #expect(screen(at: 101, screens).errorMessage == "Type the feed's address.")
        #expect(
            screen(at: 352, screens).errorMessage
                == "Could not import: /tmp/bad.opml: not an OPML subscription list: it is an HTML page")
        #expect(calls == ["import /tmp/bad.opml"])
    }
}

@Test func feedsImportOfABlankPathAsksForOneWithoutCallingTheService() {
    withSubscriptionTracking {
        let (screens, calls) = importScene([(100, .startImporting), (101, .submit)])
        #expect(screen(at: 101, screens).errorMessage == "Could not import: type the path of an OPML file.")
        #expect(calls.isEmpty)
    }
}

@Test func feedsAKeyOfNoUseDismissesTheMessage() {
    withSubscriptionTracking {
        let (screens, _) = importScene([(100, .startImporting), (101, .submit), (200, .dismissMessage)])
        #expect(screen(at: 199, screens).errorMessage == "Could not import: type the path of an OPML file.")
        #expect(screen(at: 200, screens).errorMessage == nil)
    }
}

@Test func feedsImportPromptIsLeftWithCancel() {
    withSubscriptionTracking {
        let (screens, calls) = importScene([(100, .startImporting), (101, .edit(PromptText("x"))), (102, .cancel)])
        #expect(screen(at: 102, screens).mode == .browsing)
        #expect(calls.isEmpty)
    }
}
