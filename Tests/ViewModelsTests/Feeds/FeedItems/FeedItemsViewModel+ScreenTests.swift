import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = FeedItemsViewModel.Action
private typealias State = FeedItemsViewModel.State

/// A feed of `count` items "Item 1"… (all unread), a viewport of `height` rows given at tick 0,
/// and `actions` at their ticks; windows arrive `pageDelay` ticks after they are asked for.
/// Returns the screens, the service calls and the routes.
private func run(
    items count: Int = 30, height: Int = 5, pageDelay: Int = 0, _ actions: [(Int, Action)]
) -> (screens: TestableObserver<State>, calls: [String], routes: [Route]) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
        $0.observePageHandler = { _, offset, limit, _ in
            calls.append("window \(offset)+\(limit)")
            let items = (offset..<min(count, offset + limit)).map { Fixtures.item(Int64($0 + 1), "Item \($0 + 1)") }
            let page = observed(
                Result<FeedItemPage, SceneError>.success(
                    FeedItemPage(items: items, totalCount: count, unreadCount: count, offset: offset)))
            return pageDelay == 0 ? page : page.delay(.init(ticks: pageDelay), scheduler: scheduler)
        }
        $0.setReadHandler = { id, isRead in
            calls.append("setRead \(id) \(isRead)")
            return .just(.success(Fixtures.item(id, read: isRead)))
        }
        $0.markAllReadHandler = { feedID in
            calls.append("markAllRead \(feedID)")
            return .just(.success(count))
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: height))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedItemsViewModel(service: service, feedID: 9, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let routes = scheduler.createObserver(Route.self)
    let subscriptions = [
        output.state.subscribe(screens.asObserver()), output.route.subscribe(routes.asObserver()),
    ]
    scheduler.advance(by: 1_000)
    for subscription in subscriptions { subscription.dispose() }
    return (screens, calls.all, routes.elements)
}

private func at(_ tick: Int, _ screens: TestableObserver<State>) -> State {
    screens.events.last { $0.time <= tick }?.value.element ?? State()
}

@Test func feedItemsScreenAsksOnlyForTheWindowItShows() {
    let (screens, calls, _) = run([(100, .select(.pageDown)), (200, .select(.bottom))])
    #expect(at(99, screens).heading == "Swift news")
    #expect(at(99, screens).visibleRows.map(\.title) == ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"])
    #expect(at(100, screens).viewport.selected == 5)
    #expect(at(200, screens).viewport.selected == 29)
    #expect(at(200, screens).visibleRows.last?.title == "Item 30")
    #expect(calls.filter { $0.hasPrefix("window") }.suffix(2) == ["window 1+5", "window 25+5"])
}

@Test func feedItemsScreenSaysTheSelectionIsPendingUntilItsRowArrives() {
    let (screens, _, _) = run(items: 5_000, pageDelay: 10, [(100, .select(.bottom)), (200, .select(.up))])
    #expect(!at(99, screens).isSelectionPending)
    #expect(!at(5, screens).hasLoaded)
    #expect(at(100, screens).isLoading && at(100, screens).hasLoaded)
    #expect(at(100, screens).viewport.selected == 4_999)
    #expect(at(100, screens).selectedRow == nil)
    #expect(at(100, screens).isSelectionPending)
    #expect(at(150, screens).selectedRow?.title == "Item 5000")
    #expect(!at(150, screens).isSelectionPending)
    // A move within the window shown needs nothing new.
    #expect(at(200, screens).selectedRow?.title == "Item 4999")
    #expect(!at(200, screens).isSelectionPending)
}

@Test func feedItemsScreenOpensTheSelectedItemAndScrollsTheReader() {
    let (screens, calls, _) = run([
        (100, .select(.down)), (100, .open), (101, .readerViewport(height: 5, lineCount: 40)), (102, .scroll(by: 3)),
        (103, .scroll(by: -5)), (104, .scrollPages(by: 2)),
        (105, .select(.down)), (200, .toggleRead), (300, .close),
    ])
    #expect(at(101, screens).isReading)
    #expect(at(101, screens).detail?.title == "Item 2")
    #expect(at(102, screens).scroll == 3)
    #expect(at(103, screens).scroll == 0)
    #expect(at(104, screens).scroll == 10)
    // Keys of the list do nothing while reading.
    #expect(at(105, screens).viewport.selected == 1)
    // Opening marks it read; `m` in the reader toggles the item read (this fake's page never
    // changes, so the item still reads as unread and is marked read again).
    #expect(calls.filter { $0.hasPrefix("setRead") } == ["setRead 2 true", "setRead 2 true"])
    #expect(!at(300, screens).isReading)
}

@Test func feedItemsScreenMarksReadAndRoutes() {
    let (_, calls, routes) = run([(100, .toggleRead), (101, .markAllRead), (102, .help), (103, .back)])
    #expect(calls.contains("setRead 1 true"))
    #expect(calls.contains("markAllRead 9"))
    #expect(routes == [.help(.feedItems), .back])
}

@Test func feedItemsReaderNeverScrollsPastTheLastPage() {
    let (screens, _, _) = run([
        (100, .open), (101, .readerViewport(height: 5, lineCount: 12)), (102, .scroll(by: 100)), (103, .scrollToTop),
        (104, .scrollPages(by: 1)), (105, .scrollPages(by: 1)), (106, .scrollPages(by: 1)), (107, .scrollPages(by: -1)),
        (108, .scrollPages(by: -5)), (109, .scrollToBottom), (110, .scroll(by: 1)), (111, .scroll(by: -1)),
    ])
    #expect(at(101, screens).maximumScroll == 7)
    #expect(at(102, screens).scroll == 7)
    #expect(at(103, screens).scroll == 0)
    #expect(at(104, screens).scroll == 5)
    // The last page ends at the last line (12 - 5), not a whole page further.
    #expect(at(105, screens).scroll == 7)
    #expect(at(106, screens).scroll == 7)
    #expect(at(107, screens).scroll == 2)
    #expect(at(108, screens).scroll == 0)
    #expect(at(109, screens).scroll == 7)
    #expect(at(110, screens).scroll == 7)
    #expect(at(111, screens).scroll == 6)
}

@Test func feedItemsReaderOfATextShorterThanAPageDoesNotScroll() {
    let (screens, _, _) = run([
        (100, .open), (101, .readerViewport(height: 5, lineCount: 3)), (102, .scrollToBottom),
        (103, .scrollPages(by: 1)),
        (104, .scroll(by: 2)),
    ])
    #expect(at(102, screens).scroll == 0)
    #expect(at(103, screens).scroll == 0)
    #expect(at(104, screens).scroll == 0)
}

@Test func feedItemsReaderKeepsTheLastPageWhenTheScreenGrows() {
    let (screens, _, _) = run([
        (100, .open), (101, .readerViewport(height: 5, lineCount: 12)), (102, .scrollToBottom),
        (103, .readerViewport(height: 10, lineCount: 12)), (104, .readerViewport(height: 20, lineCount: 12)),
    ])
    #expect(at(102, screens).scroll == 7)
    #expect(at(103, screens).scroll == 2)
    #expect(at(104, screens).scroll == 0)
}

@Test func feedItemsReaderStartsAnotherItemAtItsTop() {
    let (screens, _, _) = run([
        (100, .open), (101, .readerViewport(height: 5, lineCount: 12)), (102, .scrollToBottom), (103, .close),
        (104, .select(.down)), (105, .open),
    ])
    #expect(at(102, screens).scroll == 7)
    #expect(at(105, screens).detail?.title == "Item 2")
    #expect(at(105, screens).scroll == 0)
    #expect(at(105, screens).readerLineCount == 0)
}

/// Opens item 1 (which has three numbered links) and sends `actions`; returns the addresses the
/// fake opener was asked to open, refusing `https://refused.example`, and the screens.
private func openingLinks(
    until end: Int = 1_000, _ actions: [(Int, Action)]
) -> (opened: [String], screens: TestableObserver<State>) {
    let scheduler = TestScheduler()
    let opened = CallLog<String>()
    let item = FeedItem(
        id: 1, feedID: 9, title: "Item 1", link: "https://example.com/1", content: "a[1] b[2] c[3]",
        links: ["https://a.example", "https://b.example", "https://refused.example"])
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
        $0.observePageHandler = { _, offset, _, _ in
            observed(.success(FeedItemPage(items: [item], totalCount: 1, unreadCount: 0, offset: offset)))
        }
        $0.setReadHandler = { id, isRead in .just(.success(Fixtures.item(id, read: isRead))) }
        $0.openLinkHandler = { url in
            opened.append(url)
            return .just(
                url.contains("refused") ? .failure(SceneError.link(.openerNotFound("refused"))) : .success(()))
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: 5))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedItemsViewModel(service: service, feedID: 9, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let subscription = output.state.subscribe(screens.asObserver())
    scheduler.advance(by: SchedulerDuration(ticks: end))
    subscription.dispose()
    return (opened.all, screens)
}

@Test func feedItemsOpenLinkOpensTheItemsOwnLink() {
    let (opened, screens) = openingLinks([(100, .openLink), (200, .open), (201, .openLink)])
    #expect(opened == ["https://example.com/1", "https://example.com/1"])
    #expect(at(201, screens).errorMessage == nil)
}

@Test func feedItemsANumberTypedBeforeOpenLinkOpensThatLink() {
    let (opened, screens) = openingLinks([
        (100, .open), (101, .typeDigit(2)), (102, .openLink), (103, .typeDigit(0)), (104, .typeDigit(1)),
        (105, .openLink),
    ])
    #expect(at(101, screens).linkNumber == 2)
    #expect(at(102, screens).linkNumber == nil)
    #expect(at(104, screens).linkNumber == 1)
    #expect(opened == ["https://b.example", "https://a.example"])
}

@Test func feedItemsANumberIsForgottenByAnyOtherKey() {
    let (opened, screens) = openingLinks([(100, .open), (101, .typeDigit(3)), (102, .scroll(by: 1)), (103, .openLink)])
    #expect(at(102, screens).linkNumber == nil)
    #expect(opened == ["https://example.com/1"])
}

@Test func feedItemsALinkNumberOutOfRangeSaysWhichThereAre() {
    let (opened, screens) = openingLinks([(100, .open), (101, .typeDigit(7)), (102, .openLink)])
    #expect(opened.isEmpty)
    #expect(at(102, screens).errorMessage == "There is no link [7]: this item has links [1] to [3].")
}

@Test func feedItemsAnOpenerFailureIsShownInTheStatusLine() {
    let (opened, screens) = openingLinks([(100, .open), (101, .typeDigit(3)), (102, .openLink), (200, .openLink)])
    #expect(opened == ["https://refused.example", "https://example.com/1"])
    #expect(
        at(102, screens).errorMessage
            == "Could not open the link: refused was not found; set BROWSER to your browser.")
    #expect(at(200, screens).errorMessage == nil)
}

@Test func feedItemsAnErrorGoesAfterItsTimeoutAndTheHintsComeBack() {
    let (_, screens) = openingLinks(until: 20_000, [(100, .open), (101, .typeDigit(7)), (102, .openLink)])
    #expect(at(102 + 7_999, screens).errorMessage == "There is no link [7]: this item has links [1] to [3].")
    #expect(at(102 + 8_000, screens).errorMessage == nil)
    #expect(at(102 + 8_000, screens).status.current == nil)
}

@Test func feedItemsAnErrorGoesWithTheNextKeyWhichStillWorks() {
    let (_, screens) = openingLinks([(100, .open), (101, .typeDigit(7)), (102, .openLink), (200, .scroll(by: 1))])
    #expect(at(199, screens).errorMessage != nil)
    #expect(at(200, screens).errorMessage == nil)
    #expect(at(200, screens).isReading)
}

@Test func feedItemsANewerErrorRestartsTheTimeout() {
    let (_, screens) = openingLinks(
        until: 20_000,
        [(100, .open), (101, .typeDigit(7)), (102, .openLink), (5_000, .typeDigit(3)), (5_001, .openLink)])
    #expect(
        at(8_200, screens).errorMessage
            == "Could not open the link: refused was not found; set BROWSER to your browser.")
    #expect(at(13_000, screens).errorMessage != nil)
    #expect(at(13_001, screens).errorMessage == nil)
}

/// The calls a list of one item, unread until marked, makes for `actions`, and the screens.
private func oneItem(_ actions: [(Int, Action)]) -> (calls: [String], screens: TestableObserver<State>) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let isRead = SanitizerVisibleMutex(false)
    let version = BehaviorRelay(value: 0)
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
        $0.observePageHandler = { _, offset, _, _ in
            version.asObservable().map { _ in
                let read = isRead.withLock { $0 }
                return .success(
                    FeedItemPage(
                        items: [Fixtures.item(1, "Item 1", read: read)], totalCount: 1, unreadCount: read ? 0 : 1,
                        offset: offset))
            }
        }
        $0.setReadHandler = { id, read in
            calls.append("setRead \(id) \(read)")
            isRead.withLock { $0 = read }
            version.accept(version.value + 1)
            return .just(.success(Fixtures.item(id, read: read)))
        }
        $0.openLinkHandler = { url in
            calls.append("open \(url)")
            return .just(.success(()))
        }
        $0.markAllReadHandler = { _ in
            let changed = isRead.withLock { read in
                defer { read = true }
                return read ? 0 : 1
            }
            version.accept(version.value + 1)
            return .just(.success(changed))
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: 5))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedItemsViewModel(service: service, feedID: 9, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let subscription = output.state.subscribe(screens.asObserver())
    scheduler.advance(by: 1_000)
    subscription.dispose()
    return (calls.all, screens)
}

@Test func feedItemsOpeningAnUnreadItemsLinkFromTheListMarksItRead() {
    let (calls, screens) = oneItem([(100, .openLink), (200, .openLink)])
    #expect(calls == ["setRead 1 true", "open https://example.com/items/1", "open https://example.com/items/1"])
    #expect(at(1_000, screens).rows.map(\.isRead) == [true])
}

@Test func feedItemsMarkingEveryItemReadSaysHowManyChanged() {
    let (_, screens) = oneItem([(100, .markAllRead), (200, .select(.down)), (300, .markAllRead)])
    #expect(at(150, screens).message == "Marked 1 item read. \(.undo) undoes it.")
    #expect(at(250, screens).message == nil)
    #expect(at(1_000, screens).message == "Every item of this feed was already read.")
}

@Test func feedItemsUndoAndRedoStepThroughTheOneHistoryWithANote() {
    let scheduler = TestScheduler()
    let steps = CallLog<String>()
    let step = HistoryStep(action: "mark 12 items read in", subject: "Swift news", todoCount: 0)
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
        $0.observePageHandler = { _, offset, _, _ in
            observed(.success(FeedItemPage(items: [], totalCount: 0, unreadCount: 0, offset: offset)))
        }
        $0.undoHandler = {
            steps.append("undo")
            return .just(.success(step))
        }
        $0.redoHandler = {
            steps.append("redo")
            return .just(.success(nil))
        }
    }
    let input = scheduler.createColdObservable([
        .next(0, Action.viewport(height: 5)), .next(100, .undo), .next(200, .redo),
    ])
    let output = FeedItemsViewModel(service: service, feedID: 9, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let subscription = output.state.subscribe(screens.asObserver())
    scheduler.advance(by: 1_000)
    subscription.dispose()
    #expect(steps.all == ["undo", "redo"])
    #expect(at(150, screens).message == "Undid: mark 12 items read in “Swift news”. \(.redo) redoes it.")
    #expect(at(250, screens).message == "Nothing to redo.")
}
