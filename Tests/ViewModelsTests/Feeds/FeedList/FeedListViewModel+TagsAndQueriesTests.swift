import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@testable import ViewModels

private typealias Action = FeedListViewModel.Action
private typealias State = FeedListViewModel.State

/// A feed with tags.
private func tagged(_ id: Int64, _ title: String, _ tags: [String]) -> Feed {
    Feed(id: id, url: "https://example.com/\(id).xml", title: title, tags: tags)
}

/// The feeds scene over three feeds (two tagged) and the query feed "Rusty", whose items arrive
/// 10 ticks after they are asked, and which removing takes off the list and undo puts back; a
/// viewport of 6 rows at tick 0 and `actions` at their ticks.
private func run(_ actions: [(Int, Action)]) -> (screens: TestableObserver<State>, calls: [String]) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let feeds = [tagged(1, "Alpha", ["tech"]), tagged(2, "Beta", ["news", "tech"]), tagged(3, "Gamma", [])]
    let query = FeedRule(id: 7, name: "Rusty", expression: "unread title~rust", itemCount: 5, unreadCount: 2)
    let queries = BehaviorRelay(value: [query])
    let service = MockFeedListService {
        $0.observeFeedsHandler = { _ in observed(.success(feeds)) }
        $0.observeQueryFeedsHandler = { _ in queries.asObservable().map { .success($0) } }
        $0.observeMatchesHandler = { expression, limit, _ in
            calls.append("matches \(expression) \(limit)")
            let found = [
                FeedSearchResult(item: Fixtures.item(40, feed: 2, "Rust in the news"), feedTitle: "Beta"),
                FeedSearchResult(item: Fixtures.item(30, feed: 1, "Rust 2.0"), feedTitle: "Alpha"),
            ]
            return scheduler.createColdObservable([.next(10, .success(found))]).asObservable()
        }
        $0.removeQueryFeedHandler = { id in
            calls.append("remove query \(id)")
            queries.accept([])
            return .just(.success(query))
        }
        $0.undoHandler = {
            calls.append("undo")
            queries.accept([query])
            return .just(.success(HistoryStep(action: "remove query feed", subject: "Rusty", todoCount: 0)))
        }
    }
    let screens = recordScreens(over: service, on: scheduler, height: 6, actions)
    return (screens, calls.all)
}

private func at(_ tick: Int, _ screens: TestableObserver<State>) -> State {
    screens.events.last { $0.time <= tick }?.value.element ?? State()
}

@Test func tagFilteringListsTheFeedsOfEachTagInTurnThenEveryFeedAgain() {
    let (screens, _) = run([(100, .filterByTag), (200, .filterByTag), (300, .filterByTag), (400, .filterByTag)])
    #expect(at(99, screens).visibleRows.map(\.title) == ["Rusty", "Alpha", "Beta", "Gamma"])
    #expect(at(99, screens).visibleRows.map(\.note).last == "no items · never refreshed")
    #expect(at(99, screens).visibleRows[2].note == "no items · never refreshed · #news #tech")
    #expect(at(100, screens).tagFilter == "news")
    #expect(at(100, screens).visibleRows.map(\.title) == ["Beta"])
    #expect(at(100, screens).countText == "1 of 3 feeds tagged “news”")
    #expect(at(200, screens).visibleRows.map(\.title) == ["Alpha", "Beta"])
    #expect(at(300, screens).tagFilter == nil)
    #expect(at(300, screens).visibleRows.count == 4)
    #expect(at(400, screens).tagFilter == "news")
}

@Test func clearingTheTagFilterListsEveryFeedAndTheQueryFeeds() {
    let (screens, _) = run([(100, .filterByTag), (110, .select(.down)), (200, .clearTagFilter)])
    #expect(at(110, screens).selectedRow?.title == "Beta")
    #expect(at(200, screens).tagFilter == nil)
    #expect(at(200, screens).visibleRows.map(\.title) == ["Rusty", "Alpha", "Beta", "Gamma"])
}

@Test func aQueryFeedOpensAsTheItemsOfEveryFeedItMatches() {
    let (screens, calls) = run([(100, .select(.top)), (110, .open), (200, .back)])
    #expect(at(100, screens).selectedRow?.isQuery == true)
    #expect(at(100, screens).selectedRow?.note == "2 of 5 unread · query feed: unread title~rust")
    #expect(at(110, screens).isShowingSearch)
    #expect(at(115, screens).searchHeader == "Query feed “Rusty” (unread title~rust): searching…")
    #expect(at(120, screens).searchHeader == "Query feed “Rusty” (unread title~rust): 2 items")
    #expect(at(120, screens).visibleSearchRows.map(\.feedTitle) == ["Beta", "Alpha"])
    #expect(calls == ["matches unread title~rust 201"])
    #expect(at(200, screens).mode == .browsing && at(200, screens).search.query == nil)
}

@Test func aQueryFeedIsNotRefreshed() {
    let (screens, calls) = run([(100, .select(.top)), (110, .refresh)])
    #expect(at(110, screens).progress == nil)
    #expect(calls.isEmpty)
}

@Test func aQueryFeedIsRemovedFromTheListOnceConfirmedWithANoteAndUndoBringsItBack() {
    let (screens, calls) = run([
        (100, .select(.top)), (110, .askToRemove), (115, .cancel), (120, .askToRemove), (130, .confirm),
        (140, .undo),
    ])
    #expect(at(110, screens).mode == .confirmingRemove(id: 7, title: "Rusty", isQuery: true))
    #expect(at(115, screens).mode == .browsing)
    #expect(at(130, screens).message == "Removed the query feed “Rusty”. \(.undo) undoes it.")
    #expect(at(130, screens).visibleRows.map(\.title) == ["Alpha", "Beta", "Gamma"])
    #expect(at(140, screens).visibleRows.map(\.title) == ["Rusty", "Alpha", "Beta", "Gamma"])
    #expect(calls == ["remove query 7", "undo"])
}

@Test func errorAndRefreshOnAQueryFeedSayWhatItIsAndAskForNothing() {
    // Rusty is the top row.
    let (screens, calls) = run([(90, .select(.top)), (100, .showError), (200, .refresh)])
    let note: ActionText =
        "“Rusty” is a query feed: it shows matching items of the other feeds and is never fetched itself."
    #expect(at(150, screens).message == note)
    #expect(at(250, screens).message == note)
    #expect(!calls.contains { $0.hasPrefix("refresh") })
}
