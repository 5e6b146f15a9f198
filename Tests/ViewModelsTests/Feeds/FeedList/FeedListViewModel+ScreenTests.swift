import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = FeedListViewModel.Action
private typealias State = FeedListViewModel.State

/// The feeds scene over `count` feeds "Feed 1"…, a viewport of `height` rows given at tick 0,
/// and `actions` at their ticks. Adding refuses (already subscribed); refreshing takes 100 ticks.
private func run(
    feeds count: Int = 3, height: Int = 5, until end: Int = 1_000, _ actions: [(Int, Action)]
) -> (screens: TestableObserver<State>, calls: [String], routes: [Route]) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let feeds = (1...count).map { Fixtures.feed(Int64($0), "Feed \($0)") }
    let service = MockFeedListService {
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
            return scheduler.createColdObservable([
                .next(0, .started(feedIDs: ids)),
                .next(100, .finished(feedID: ids[0], .success(FeedRefreshCount(newItemCount: 1)))), .completed(100),
            ])
            .asObservable()
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, FeedListViewModel.Action.viewport(height: height))]
            + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let routes = scheduler.createObserver(Route.self)
    let subscriptions = [
        output.state.subscribe(screens.asObserver()), output.route.subscribe(routes.asObserver()),
    ]
    scheduler.advance(by: SchedulerDuration(ticks: end))
    for subscription in subscriptions { subscription.dispose() }
    return (screens, calls.all, routes.elements)
}

private func at(_ tick: Int, _ screens: TestableObserver<State>) -> State {
    screens.events.last { $0.time <= tick }?.value.element ?? State()
}

/// The states the feeds scene over `service` shows on `scheduler`, with a viewport of `height`
/// rows given at tick 0 and `actions` at their ticks, until tick 1,000.
func recordScreens(
    over service: MockFeedListService, on scheduler: TestScheduler, height: Int,
    _ actions: [(Int, FeedListViewModel.Action)]
) -> TestableObserver<FeedListViewModel.State> {
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: height))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(FeedListViewModel.State.self)
    let subscription = output.state.subscribe(screens.asObserver())
    scheduler.advance(by: 1_000)
    subscription.dispose()
    return screens
}

@Test func feedListScreenSelectsTheFirstFeedAndScrollsWithTheSelection() {
    let (screens, _, _) = run(
        feeds: 12, height: 4, [(100, .select(.down)), (200, .select(.bottom)), (300, .select(.pageUp))])
    #expect(at(99, screens).viewport.selected == 0)
    #expect(at(99, screens).countText == "12 feeds")
    #expect(at(100, screens).viewport.selected == 1)
    #expect(at(200, screens).viewport.selected == 11)
    #expect(at(200, screens).visibleRows.map(\.title) == ["Feed 9", "Feed 10", "Feed 11", "Feed 12"])
    #expect(at(300, screens).viewport.selected == 7)
    #expect(at(300, screens).viewport.offset == 7)
}

@Test func feedListScreenAddsFromTheInputLineAndShowsWhyItWasRefused() {
    let (screens, calls, _) = run([
        (100, .startAdding), (101, .edit(PromptText("https://example.com/feed"))), (102, .submit),
    ])
    #expect(at(100, screens).mode == .adding(PromptText()))
    #expect(at(100, screens).viewport.height == 4)
    #expect(calls == ["add https://example.com/feed"])
    // The line comes back holding the address refused, to be corrected.
    #expect(at(102, screens).mode == .adding(PromptText("https://example.com/feed")))
    #expect(
        at(102, screens).errorMessage == "Could not subscribe to “https://example.com/feed”: already subscribed")
}

@Test func feedListScreenARefusedAddressStaysOnItsLineUntilEscCancelsIt() {
    let (screens, calls, _) = run([
        (100, .startAdding), (101, .edit(PromptText("https://example.com/feed"))), (102, .submit),
        (200, .cancel), (300, .startAdding), (301, .edit(PromptText("not a url"))), (302, .submit),
        (400, .edit(PromptText("https://example.com/other"))), (401, .submit),
    ])
    #expect(at(200, screens).mode == .browsing)
    #expect(at(300, screens).mode == .adding(PromptText()))
    // Refused before asking the service (not an address): the line stays, with the reason.
    #expect(at(302, screens).mode == .adding(PromptText("not a url")))
    #expect(at(302, screens).errorMessage?.description.hasPrefix("“not a url” is not a feed address") == true)
    #expect(calls == ["add https://example.com/feed", "add https://example.com/other"])
}

@Test func feedListScreenRemovesOnlyAfterAYes() {
    let (screens, calls, _) = run([
        (100, .askToRemove), (101, .cancel), (200, .select(.down)), (201, .askToRemove), (202, .confirm),
    ])
    #expect(at(100, screens).mode == .confirmingRemove(id: 1, title: "Feed 1"))
    #expect(at(101, screens).mode == .browsing)
    #expect(calls == ["remove 2"])
}

@Test func feedListScreenRefreshesTheSelectedOrAllAndIsBusyMeanwhile() {
    let (screens, calls, _) = run([(100, .select(.down)), (101, .refresh), (500, .refreshAll)])
    #expect(calls == ["refresh [2]", "refresh [1, 2, 3]"])
    #expect(at(150, screens).isBusy)
    #expect(!at(300, screens).isBusy)
}

@Test func feedListScreenKeysOutsideTheirModeDoNothing() {
    let (screens, calls, routes) = run([
        (100, .startAdding), (101, .refresh), (102, .open), (103, .select(.down)), (104, .confirm), (105, .cancel),
        (106, .edit(PromptText("stray"))), (107, .submit),
    ])
    #expect(calls.isEmpty)
    #expect(routes.isEmpty)
    #expect(at(200, screens).viewport.selected == 0)
    #expect(at(200, screens).mode == .browsing)
}

@Test func feedListScreenRoutesOpenHelpAndBack() {
    let (_, _, routes) = run([(100, .select(.down)), (101, .open), (102, .help), (103, .back)])
    #expect(routes == [.feedItems(feedID: 2), .help(.feeds), .back])
}

/// Types an address and submits it at `tick`: the service refuses it ("already subscribed").
private func adding(at tick: Int) -> [(Int, Action)] {
    [(tick, .startAdding), (tick + 1, .edit(PromptText("https://example.com/feed"))), (tick + 2, .submit)]
}

@Test func feedListScreenAnErrorGoesAfterItsTimeoutAndTheHintsComeBack() {
    let (screens, _, _) = run(until: 20_000, adding(at: 100))
    #expect(at(102 + 7_999, screens).errorMessage?.description.contains("already subscribed") == true)
    #expect(at(102 + 8_000, screens).errorMessage == nil)
    #expect(at(102 + 8_000, screens).status.current == nil)
}

@Test func feedListScreenAnErrorGoesWithTheNextKeyWhichStillWorks() {
    let (screens, _, _) = run(adding(at: 100) + [(200, .edit(PromptText("https://example.com/x"))), (300, .cancel)])
    #expect(at(199, screens).errorMessage != nil)
    #expect(at(200, screens).errorMessage == nil)
    #expect(at(200, screens).mode == .adding(PromptText("https://example.com/x")))
    #expect(at(300, screens).mode == .browsing)
}

@Test func feedListScreenTheSameErrorAgainRestartsTheTimeout() {
    let (screens, _, _) = run(until: 20_000, adding(at: 100) + adding(at: 5_000))
    // The first error's timeout (8,102) leaves the second one, shown at 5,002, in place.
    #expect(at(8_200, screens).errorMessage?.description.contains("already subscribed") == true)
    #expect(at(13_001, screens).errorMessage != nil)
    #expect(at(13_002, screens).errorMessage == nil)
}

@Test func feedListScreenAnImportNoteGoesAfterTheShorterTimeout() {
    let scheduler = TestScheduler()
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in observed(.success([])) }
        $0.importFeedsHandler = { _ in
            .just(.success(FeedImportSummary(addedFeedIDs: [1, 2], skippedCount: 0, failures: [])))
        }
        $0.refreshHandler = { _ in .empty() }
    }
    let input = scheduler.createColdObservable([
        .next(0, Action.viewport(height: 5)), .next(100, .startImporting), .next(101, .edit(PromptText("a.opml"))),
        .next(102, .submit),
    ])
    let screens = scheduler.createObserver(State.self)
    let subscription = FeedListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable())).state.subscribe(screens.asObserver())
    scheduler.advance(by: 10_000)
    subscription.dispose()
    #expect(at(102 + 3_999, screens).message == "Imported 2 feeds: 0 skipped, 0 failed.")
    #expect(at(102 + 4_000, screens).message == nil)
}

/// Feeds kept in memory with the history a database keeps: removing files the feeds before it;
/// undo and redo swap them back. Every observation sends again 10 ticks after a change.
private final class MemoryFeeds: Sendable {
    private let feeds: SanitizerVisibleMutex<[Feed]>
    private let history = SanitizerVisibleMutex<(undo: [(String, [Feed])], redo: [(String, [Feed])])>(([], []))
    private let version = BehaviorRelay(value: 0)
    let scheduler: TestScheduler

    init(_ scheduler: TestScheduler, titles: [String]) {
        self.scheduler = scheduler
        feeds = SanitizerVisibleMutex(titles.enumerated().map { Fixtures.feed(Int64($0 + 1), $1) })
    }

    private func step(undoing: Bool) -> Observable<Result<HistoryStep?, SceneError>> {
        let popped = history.withLock { undoing ? $0.undo.popLast() : $0.redo.popLast() }
        guard let (label, restored) = popped else { return .just(.success(nil)) }
        let replaced = feeds.withLock { feeds -> [Feed] in
            defer { feeds = restored }
            return feeds
        }
        history.withLock { undoing ? $0.redo.append((label, replaced)) : $0.undo.append((label, replaced)) }
        version.accept(version.value + 1)
        return .just(.success(HistoryStep(action: "remove feed", subject: label, todoCount: 0)))
    }

    func service() -> MockFeedListService {
        MockFeedListService {
            $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
            $0.observeFeedsHandler = { [self] _ in
                version.asObservable().map { [self] (_: Int) in .success(feeds.withLock { $0 }) }
                    .delay(10, scheduler: scheduler)
            }
            $0.removeFeedHandler = { [self] id in
                let all = feeds.withLock { $0 }
                guard let feed = all.first(where: { $0.id == id }) else {
                    return .just(.failure(SceneError.storage("gone")))
                }
                history.withLock {
                    $0.undo.append((feed.title, all))
                    $0.redo.removeAll()
                }
                feeds.withLock { $0.removeAll { $0.id == id } }
                version.accept(version.value + 1)
                return .just(.success(feed))
            }
            $0.undoHandler = { [self] in step(undoing: true) }
            $0.redoHandler = { [self] in step(undoing: false) }
        }
    }
}

private func runHistory(
    _ actions: [(Int, Action)], undo: (@Sendable () -> Observable<Result<HistoryStep?, SceneError>>)? = nil
) -> TestableObserver<State> {
    let scheduler = TestScheduler()
    var service = MemoryFeeds(scheduler, titles: ["Alpha", "Beta", "Gamma"]).service()
    if let undo { service.undoHandler = undo }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: 5))] + actions.map { Recorded.next($0.0, $0.1) })
    let screens = scheduler.createObserver(State.self)
    let tracker = SubscriptionTracker()
    LiveSubscriptions.withTracker(tracker) {
        let output = FeedListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(actions: input.asObservable()))
        let subscription = output.state.subscribe(screens.asObserver())
        scheduler.advance(by: 1_000)
        subscription.dispose()
    }
    #expect(tracker.live == 0)
    return screens
}

@Test func feedListScreenUndoBringsARemovedFeedBackAndRedoRemovesItAgain() {
    let screens = runHistory([
        (100, .select(.down)), (101, .askToRemove), (102, .confirm), (200, .undo), (300, .redo), (400, .undo),
    ])
    #expect(at(150, screens).visibleRows.map(\.title) == ["Alpha", "Gamma"])
    #expect(at(250, screens).visibleRows.map(\.title) == ["Alpha", "Beta", "Gamma"])
    #expect(at(250, screens).message == "Undid: remove feed “Beta”. \(.redo) redoes it.")
    #expect(at(350, screens).visibleRows.map(\.title) == ["Alpha", "Gamma"])
    #expect(at(350, screens).message == "Redid: remove feed “Beta”. \(.undo) undoes it.")
    #expect(at(450, screens).visibleRows.map(\.title) == ["Alpha", "Beta", "Gamma"])
}

@Test func feedListScreenSaysWhenThereIsNothingToUndoOrRedo() {
    let screens = runHistory([(100, .undo), (200, .redo)])
    #expect(at(150, screens).message == "Nothing to undo.")
    #expect(at(250, screens).message == "Nothing to redo.")
    #expect(at(250, screens).visibleRows.count == 3)
}

@Test func feedListScreenUndoesTheLastChangeEvenWhenItWasATodos() {
    // One history: the feeds' u takes back a todo's change made last, and says which.
    let screens = runHistory(
        [(100, .undo)], undo: { .just(.success(HistoryStep(action: "complete", subject: "Buy milk", todoCount: 1))) })
    #expect(at(150, screens).message == "Undid: complete “Buy milk”. \(.redo) redoes it.")
}

@Test func feedListScreenShowsAFailedUndoAndKeepsTheFeeds() {
    let screens = runHistory([(100, .undo)], undo: { .just(.failure(SceneError.storage("the disk is full"))) })
    #expect(at(150, screens).errorMessage == "Could not undo: the disk is full")
    #expect(at(150, screens).visibleRows.count == 3)
}

@Test func feedListScreenIgnoresUndoWhileAskingOrTyping() {
    let screens = runHistory([(100, .askToRemove), (101, .undo), (102, .cancel), (200, .startAdding), (201, .redo)])
    #expect(at(150, screens).message == nil)
    #expect(at(250, screens).message == nil)
}

@Test func feedListScreenSelectionStaysOnItsFeedWhenTheListChangesAroundIt() {
    let scheduler = TestScheduler()
    let before = [Fixtures.feed(1, "Beta"), Fixtures.feed(2, "Gamma")]
    // Another process subscribes to "Alpha", which sorts first.
    let after = [Fixtures.feed(3, "Alpha")] + before
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in
            scheduler.createColdObservable([.next(0, .success(before)), .next(300, .success(after))]).asObservable()
        }
    }
    let screens = recordScreens(over: service, on: scheduler, height: 5, [(200, .select(.down))])
    #expect(at(299, screens).selectedRow?.title == "Gamma")
    #expect(at(1_000, screens).visibleRows.map(\.title) == ["Alpha", "Beta", "Gamma"])
    #expect(at(1_000, screens).selectedRow?.title == "Gamma")
}

@Test func feedListScreenSelectsAFeedJustSubscribedToAndSaysSo() {
    let scheduler = TestScheduler()
    let before = (1...3).map { Fixtures.feed(Int64($0), "Feed \($0)") }
    let added = Feed(id: 9, url: "https://example.com/new", title: "New feed", itemCount: 12, unreadCount: 12)
    // The list the service observes (from tick 0): the new feed shows up in it 50 ticks after
    // the add ends.
    let list = scheduler.createColdObservable([
        Recorded.next(0, Result<[Feed], SceneError>.success(before)), .next(250, .success(before + [added])),
    ])
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in list.asObservable() }
        $0.addFeedHandler = { _ in .just(.success(added)) }
    }
    let screens = recordScreens(
        over: service, on: scheduler, height: 6,
        [(100, .startAdding), (101, .edit(PromptText("https://example.com/new"))), (200, .submit)])
    #expect(at(200, screens).message == "Subscribed to “New feed”: 12 items.")
    #expect(at(250, screens).selectedRow?.id == 9)
}

@Test func feedListScreenSaysHowManyItemsWereKeptOfAFeedThatListsMoreThanAFeedKeeps() {
    let scheduler = TestScheduler()
    let added = Feed(
        id: 9, url: "https://example.com/huge", title: "Huge", itemCount: 50_000, unreadCount: 50_000,
        omittedItemCount: 236_000)
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in .just(.success([])) }
        $0.addFeedHandler = { _ in .just(.success(added)) }
    }
    let screens = recordScreens(
        over: service, on: scheduler, height: 6,
        [(100, .startAdding), (101, .edit(PromptText("https://example.com/huge"))), (200, .submit)])
    #expect(at(200, screens).message == "Subscribed to “Huge”: 50,000 items (the newest of 286,000 the feed lists).")
}

@Test func feedListScreenShowsTheSelectedFeedsWholeError() {
    let scheduler = TestScheduler()
    let error = "GET https://example.com/2.xml: the server answered 404 Not Found; check the address"
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in
            observed(
                .success([Fixtures.feed(1, "Alpha"), Fixtures.feed(2, "Beta", last: .failed(message: error))]))
        }
    }
    let screens = recordScreens(
        over: service, on: scheduler, height: 5, [(100, .showError), (200, .select(.down)), (300, .showError)])
    #expect(at(150, screens).message == "“Alpha” has no error (never refreshed).")
    #expect(at(250, screens).message == nil)
    #expect(at(350, screens).errorMessage == "“Beta”: \(error)")
}

@Test func feedListScreenShowsAFeedTheAppsReloadIsRefreshingAsRefreshing() {
    let scheduler = TestScheduler()
    let failure = "GET https://example.com/2.xml: the server answered 404 Not Found; check the address"
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in
            observed(
                .success([Fixtures.feed(1, "Alpha"), Fixtures.feed(2, "Beta", last: .failed(message: failure))]))
        }
        // Refreshed by something else in the process (the reload at start): never by this scene.
        $0.observeRefreshingHandler = { _ in
            scheduler.createColdObservable([.next(0, []), .next(100, [2]), .next(200, [])]).asObservable()
        }
    }
    let screens = recordScreens(over: service, on: scheduler, height: 5, [])
    #expect(at(99, screens).visibleRows.map(\.statusText) == ["never refreshed", "failed: \(failure)"])
    #expect(at(150, screens).visibleRows.map(\.statusText) == ["never refreshed", "refreshing…"])
    #expect(at(150, screens).visibleRows.map(\.isRefreshing) == [false, true])
    #expect(at(250, screens).visibleRows.map(\.statusText) == ["never refreshed", "failed: \(failure)"])
}
