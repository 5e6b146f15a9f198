import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = FeedItemsViewModel.Action
private typealias State = FeedItemsViewModel.State

/// Two feeds: 9 "Swift news" with items 1…20 and 10 "Rust news" with items 101…110, every item
/// unread but item 2. The unread-only list of feed 9 holds its odd items and the kept ones.
private func items(of feedID: Int64) -> [FeedItem] {
    feedID == 9
        ? (1...20).map { Fixtures.item(Int64($0), feed: 9, "Item \($0)", read: $0 == 2) }
        : (101...110).map { Fixtures.item(Int64($0), feed: 10, "Rust \($0)") }
}

private func page(_ items: [FeedItem], offset: Int, limit: Int, unread: Int) -> FeedItemPage {
    let window = Array(items.dropFirst(offset).prefix(limit))
    return FeedItemPage(items: window, totalCount: items.count, unreadCount: unread, offset: offset)
}

/// The scene over those feeds, opened on feed 9 (reading `opening` at once when given), with a
/// viewport of 5 rows at tick 0 and `actions` at their ticks; `next` answers the next-unread
/// question. Returns the screens, the service calls and the routes.
private func run(
    opening: Int64? = nil, next: @escaping @Sendable (Int64?, Int64) -> FeedItemPlace? = { _, _ in nil },
    _ actions: [(Int, Action)]
) -> (screens: TestableObserver<State>, calls: [String], routes: [Route]) {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, id == 9 ? "Swift news" : "Rust news"))) }
        $0.observePageHandler = { feedID, offset, limit, _ in
            calls.append("page \(feedID) \(offset)+\(limit)")
            let all = items(of: feedID)
            return observed(.success(page(all, offset: offset, limit: limit, unread: all.count)))
        }
        $0.observeUnreadPageHandler = { feedID, kept, offset, limit, _ in
            calls.append("unread page \(feedID) \(offset)+\(limit) keeping \(kept.sorted())")
            let all = items(of: feedID)
            let listed = all.filter { $0.id % 2 == 1 || kept.contains($0.id) }
            return observed(.success(page(listed, offset: offset, limit: limit, unread: all.count)))
        }
        $0.nextUnreadItemHandler = { after, feedID, kept in
            calls.append(
                "next after \(after.map(String.init) ?? "none") in \(feedID) keeping \(kept.map { "\($0.sorted())" } ?? "all")"
            )
            return .just(.success(next(after, feedID)))
        }
        $0.locateItemHandler = { id in
            calls.append("locate \(id)")
            return .just(.success(FeedItemPlace(item: Fixtures.item(id, feed: 9, "Item \(id)"), position: Int(id) - 1)))
        }
        $0.setReadHandler = { id, isRead in
            calls.append("setRead \(id) \(isRead)")
            return .just(.success(Fixtures.item(id, read: isRead)))
        }
        $0.markAllReadHandler = { feedID in
            calls.append("markAllRead \(feedID)")
            return .just(.success(0))
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: 5))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedItemsViewModel(service: service, feedID: 9, openingItemID: opening, scheduler: scheduler)
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

@Test func nextUnreadFromTheListReadsTheSelectedItemWhenItIsUnread() {
    let (screens, calls, _) = run([(100, .nextUnread)])
    #expect(at(100, screens).detail?.title == "Item 1")
    #expect(!calls.contains { $0.hasPrefix("next") })
    #expect(calls.filter { $0.hasPrefix("setRead") } == ["setRead 1 true"])
}

@Test func nextUnreadFromTheListReadsTheItemAfterTheSelectedOneWhenItIsRead() {
    let (screens, calls, _) = run(
        next: { after, _ in FeedItemPlace(item: Fixtures.item(3, feed: 9, "Item 3"), position: 2) },
        [(100, .select(.down)), (200, .nextUnread)])
    #expect(calls.contains("next after 2 in 9 keeping all"))
    #expect(at(200, screens).isReading)
    #expect(at(200, screens).detail?.title == "Item 3")
    #expect(at(200, screens).viewport.selected == 2)
    #expect(calls.filter { $0.hasPrefix("setRead") } == ["setRead 3 true"])
}

@Test func nextUnreadFromTheReaderAsksAfterTheItemBeingRead() {
    let (screens, calls, _) = run(
        next: { after, _ in
            guard let after else { return nil }
            return FeedItemPlace(item: Fixtures.item(after + 1, feed: 9, "Item \(after + 1)"), position: Int(after))
        },
        [(100, .open), (200, .nextUnread), (300, .nextUnread), (400, .close)])
    #expect(
        calls.filter { $0.hasPrefix("next") } == ["next after 1 in 9 keeping all", "next after 2 in 9 keeping all"])
    #expect(at(300, screens).detail?.title == "Item 3")
    #expect(at(400, screens).viewport.selected == 2)
    #expect(calls.filter { $0.hasPrefix("setRead") } == ["setRead 1 true", "setRead 2 true", "setRead 3 true"])
}

@Test func nextUnreadInAnotherFeedShowsThatFeedsItemsAndGoesBackToIt() {
    let (screens, calls, routes) = run(
        next: { _, feedID in
            feedID == 9 ? FeedItemPlace(item: Fixtures.item(107, feed: 10, "Rust 107"), position: 6) : nil
        },
        [(50, .select(.down)), (100, .nextUnread), (200, .close), (300, .markAllRead), (400, .back)])
    #expect(at(100, screens).heading == "Rust news")
    #expect(at(100, screens).detail?.title == "Rust 107")
    // Esc leaves the reader for the list of the feed it belongs to, on its item.
    #expect(!at(200, screens).isReading)
    #expect(at(200, screens).viewport.selected == 6)
    #expect(at(200, screens).visibleRows.map(\.title).contains("Rust 107"))
    #expect(calls.contains("page 10 2+5"))
    // The list's commands are the shown feed's; q goes back to the feeds.
    #expect(calls.contains("markAllRead 10"))
    #expect(routes == [.back])
}

@Test func nextUnreadWithNothingUnreadSaysSoAndStaysWhereItWas() {
    let (screens, calls, _) = run([(100, .select(.down)), (200, .nextUnread), (300, .select(.down))])
    #expect(calls.contains("next after 2 in 9 keeping all"))
    #expect(at(200, screens).message == "No unread items in any feed.")
    #expect(!at(200, screens).isReading)
    #expect(at(200, screens).viewport.selected == 1)
    #expect(at(200, screens).heading == "Swift news")
    #expect(!calls.contains { $0.hasPrefix("setRead") })
}

@Test func unreadOnlyListsUnreadItemsAndKeepsThoseReadMeanwhileUntilToggledAgain() {
    let (screens, calls, _) = run([
        (100, .toggleUnreadOnly), (200, .select(.down)), (300, .open), (400, .close), (500, .toggleUnreadOnly),
    ])
    #expect(at(100, screens).isUnreadOnly)
    #expect(at(100, screens).visibleRows.map(\.title) == ["Item 1", "Item 3", "Item 5", "Item 7", "Item 9"])
    #expect(at(100, screens).listHeader == "Unread only: 10 listed (\(.showAll) lists all)")
    #expect(at(100, screens).unreadCount == 20)
    #expect(calls.contains("unread page 9 0+5 keeping []"))
    // Reading item 3 keeps it listed, under the selection.
    #expect(at(300, screens).detail?.title == "Item 3")
    #expect(calls.contains("unread page 9 0+5 keeping [3]"))
    #expect(at(400, screens).viewport.selected == 1)
    #expect(at(400, screens).selectedRow?.title == "Item 3")
    // Toggled off: every item again, from the top.
    #expect(!at(500, screens).isUnreadOnly)
    #expect(at(500, screens).listHeader == nil)
    #expect(at(500, screens).viewport.selected == 0)
    #expect(at(500, screens).visibleRows.map(\.title) == ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"])
}

@Test func nextUnreadInTheUnreadOnlyListAsksForThePositionThere() {
    let (screens, calls, _) = run(
        next: { _, _ in FeedItemPlace(item: Fixtures.item(5, feed: 9, "Item 5"), position: 2) },
        [(100, .toggleUnreadOnly), (150, .open), (200, .nextUnread), (300, .close)])
    #expect(calls.contains("next after 1 in 9 keeping [1]"))
    #expect(calls.contains("unread page 9 0+5 keeping [1, 5]"))
    #expect(at(300, screens).selectedRow?.title == "Item 5")
}

@Test func anItemToOpenWithIsReadAtOnceAndSelectedAndClosingItGoesBackToTheSearchThatFoundIt() {
    let (screens, calls, routes) = run(opening: 12, [(100, .close)])
    #expect(calls.contains("locate 12"))
    #expect(at(99, screens).detail?.title == "Item 12")
    #expect(calls.filter { $0.hasPrefix("setRead") } == ["setRead 12 true"])
    #expect(at(99, screens).viewport.selected == 11)
    #expect(at(99, screens).selectedRow?.title == "Item 12")
    // The reader was opened for one item a search or a query feed found: q goes back there,
    // not to that item's feed, which the person never opened.
    #expect(routes == [.back])
}

@Test func closingAnItemReadFromTheFeedsOwnListGoesBackToThatList() {
    let (screens, _, routes) = run([(100, .open), (200, .close)])
    #expect(at(200, screens).isReading == false)
    #expect(routes.isEmpty)
}
