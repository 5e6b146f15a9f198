import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@testable import ViewModels

private typealias Action = FeedListViewModel.Action
private typealias State = FeedListViewModel.State

/// The items a search for `text` finds: `count` of them, newest first, alternately of two feeds.
private func results(_ text: String, count: Int) -> [FeedSearchResult] {
    (0..<count).map { index in
        let feed: Int64 = index % 2 == 0 ? 1 : 2
        return FeedSearchResult(
            item: Fixtures.item(Int64(100 + index), feed: feed, "\(text) \(index)", read: index == 1),
            feedTitle: feed == 1 ? "Feed 1" : "Feed 2")
    }
}

/// The feeds scene over two feeds, whose searches find `found` items 10 ticks after they are
/// asked; a viewport of 6 rows at tick 0 and `actions` at their ticks.
private func run(
    found: Int = 3, _ actions: [(Int, Action)]
) -> (screens: TestableObserver<State>, calls: [String], routes: [Route]) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let feeds = [Fixtures.feed(1, "Feed 1"), Fixtures.feed(2, "Feed 2")]
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in observed(.success(feeds)) }
        $0.observeSearchHandler = { text, limit, _ in
            calls.append("search \(text) \(limit)")
            return scheduler.createColdObservable([.next(10, .success(results(text, count: found)))]).asObservable()
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: 6))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedListViewModel(service: service, scheduler: scheduler)
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

@Test func feedSearchShowsTheResultsAsTheTextIsTypedWithTheirFeeds() {
    let (screens, calls, _) = run([
        (100, .startSearching), (110, .edit(PromptText("s"))), (111, .edit(PromptText("sw"))),
    ])
    #expect(at(100, screens).isShowingSearch)
    #expect(at(100, screens).searchHeader.hasPrefix("Search all feeds' items"))
    // The search of "s" is replaced before it answers.
    #expect(calls == ["search s 201", "search sw 201"])
    #expect(at(115, screens).searchHeader == "Items matching “sw”: searching…")
    #expect(at(121, screens).searchHeader == "Items matching “sw”: 3 items")
    #expect(at(121, screens).visibleSearchRows.map(\.title) == ["sw 0", "sw 1", "sw 2"])
    #expect(at(121, screens).visibleSearchRows.map(\.feedTitle) == ["Feed 1", "Feed 2", "Feed 1"])
    #expect(at(121, screens).visibleSearchRows.map(\.isRead) == [false, true, false])
    // The input line takes a row.
    #expect(at(121, screens).resultsViewport.height == 5)
}

@Test func feedSearchReadsTheSelectedResultInItsFeedAndEscGoesBackToTheFeeds() {
    let (screens, calls, routes) = run([
        (100, .startSearching), (110, .edit(PromptText("rust"))), (200, .submit), (210, .select(.down)),
        (220, .open), (300, .back),
    ])
    #expect(at(200, screens).mode == .searchResults(PromptText("rust")))
    #expect(at(200, screens).resultsViewport.height == 6)
    #expect(at(210, screens).selectedSearchRow?.title == "rust 1")
    #expect(routes == [.feedItems(feedID: 2, openingItemID: 101)])
    #expect(at(300, screens).mode == .browsing)
    #expect(!at(300, screens).isShowingSearch)
    #expect(at(300, screens).search.results.isEmpty)
    #expect(at(300, screens).visibleRows.map(\.title) == ["Feed 1", "Feed 2"])
    #expect(calls == ["search rust 201"])
}

@Test func feedSearchSaysWhenItFindsNothingOrMoreThanItLists() {
    let (none, _, _) = run(found: 0, [(100, .startSearching), (110, .edit(PromptText("zzz")))])
    #expect(at(200, none).searchHeader == "Items matching “zzz”: no items")
    #expect(at(200, none).searchEmptyText == "No item of any feed matches. \(.back) goes back.")
    let (many, _, _) = run(found: 201, [(100, .startSearching), (110, .edit(PromptText("a")))])
    #expect(at(200, many).search.results.count == 200)
    #expect(at(200, many).searchHeader == "Items matching “a”: 200+ items")
}

@Test func feedSearchEditedAgainKeepsItsTextAndEscOnTheLineEndsIt() {
    let (screens, calls, _) = run([
        (100, .startSearching), (110, .edit(PromptText("go"))), (200, .submit), (300, .startSearching),
        (310, .cancel),
    ])
    #expect(at(300, screens).mode == .searching(PromptText("go")))
    #expect(at(310, screens).mode == .browsing)
    #expect(at(310, screens).search.text.isEmpty)
    #expect(calls == ["search go 201"])
}

@Test func feedSearchStateIgnoresResultsOfAnEarlierText() {
    var state = FeedListViewModel.State()
    for action in [Action.startSearching, .edit(PromptText("new"))] {
        _ = FeedListViewModel.reduce(&state, .action(action))
    }
    _ = FeedListViewModel.reduce(&state, .searchLoaded(.words("old"), .success(results("old", count: 2))))
    #expect(state.search.results.isEmpty)
    #expect(state.search.isSearching)
    _ = FeedListViewModel.reduce(&state, .searchLoaded(.words("new"), .failure(SceneError.storage("locked"))))
    #expect(state.search.error == "Could not search: locked")
    #expect(!state.search.isSearching)
}
