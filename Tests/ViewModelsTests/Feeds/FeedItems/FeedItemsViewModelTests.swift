import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@testable import ViewModels

private typealias VM = FeedItemsViewModel

/// A feed's items over a fake service: item 2 unread, item 1 read, of `total` items in all.
private struct Scene {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()
    var total = 2

    /// The scene's output, with `actions` sent at their ticks.
    func output(_ actions: [Recorded<Event<VM.Action>>] = []) -> ScreenOutput<VM.State> {
        let (calls, total) = (calls, total)
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
            $0.observePageHandler = { feedID, offset, limit, _ in
                calls.append("items \(feedID) \(offset) \(limit)")
                let items = [Fixtures.item(2, "New"), Fixtures.item(1, "Old", read: true)]
                return observed(.success(FeedItemPage(items: items, totalCount: total, unreadCount: 1, offset: 0)))
            }
            $0.setReadHandler = { id, isRead in
                calls.append("setRead \(id) \(isRead)")
                return .just(.success(Fixtures.item(id, read: isRead)))
            }
            $0.markAllReadHandler = { feedID in
                calls.append("markAllRead \(feedID)")
                return .just(.failure(SceneError.storage("locked")))
            }
        }
        let actions = scheduler.createHotObservable(actions).asObservable()
        return VM(service: service, feedID: 9, scheduler: scheduler).transform(input: ScreenInput(actions: actions))
    }
}

/// One part of the scene's state, each time it changes.
private func part<Value: Equatable & Sendable>(
    _ output: ScreenOutput<VM.State>, _ pick: @escaping @Sendable (VM.State) -> Value
) -> Observable<Value> {
    output.state.asObservable().map(pick).distinctUntilChanged()
}

@Test func feedItemsShowTheFeedsItemsNewestFirst() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output()
        let title = record(part(output, \.feedTitle), on: scene.scheduler)
        let rows = record(part(output, \.rows), on: scene.scheduler)
        let unread = record(part(output, \.unreadCount), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(title.events.last == .next(200, "Swift news"))
        #expect(rows.elements.last?.map(\.title) == ["New", "Old"])
        #expect(unread.events == [.next(200, 0), .next(200, 1)])
        #expect(scene.calls.all == ["items 9 0 50"])
    }
}

@Test func feedItemsOpeningAnUnreadItemShowsItAndMarksItRead() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .open), .next(400, .close)])
        let detail = record(part(output, \.detail), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all.last == "setRead 2 true")
        #expect(detail.elements.compactMap { $0?.id } == [2])
        #expect(detail.events.last == .next(400, nil))
        #expect(detail.elements.compactMap { $0?.link } == ["https://example.com/items/2"])
    }
}

@Test func feedItemsOpeningAReadItemWritesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .select(.down)), .next(300, .open)])
        let detail = record(part(output, \.detail?.id), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(detail.events.last == .next(300, 1))
        #expect(scene.calls.all == ["items 9 0 50"])
    }
}

@Test func feedItemsToggleReadFlipsTheReadState() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([
            .next(300, .select(.down)), .next(300, .toggleRead), .next(310, .select(.up)), .next(310, .toggleRead),
        ])
        _ = record(part(output, \.rows), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all.dropFirst() == ["setRead 1 false", "setRead 2 true"])
    }
    // A row whose item has not arrived yet writes nothing.
    var state = VM.State()
    let page = FeedItemPage(items: [Fixtures.item(2)], totalCount: 100, unreadCount: 1, offset: 0)
    _ = VM.reduce(&state, .pageLoaded(FeedItemWindow(), .success(page)))
    _ = VM.reduce(&state, .action(.select(.bottom)))
    #expect(VM.reduce(&state, .action(.toggleRead)).isEmpty)
}

@Test func feedItemsMarkAllReadFailureIsShown() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .markAllRead)])
        let error = record(part(output, \.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all.last == "markAllRead 9")
        #expect(error.events == [.next(200, nil), .next(300, "Could not mark the items read: locked")])
    }
}

@Test func feedItemsRoutesHelpAndBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([.next(300, .help), .next(310, .back)])
        let route = record(output.route, on: scene.scheduler)
        _ = record(output.state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .help(.feedItems)), .next(310, .back)])
    }
}

@Test func feedItemsAskForTheVisibleWindowOnly() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.total = 100
        let output = scene.output([.next(300, .viewport(height: 20)), .next(400, .select(.bottom))])
        _ = record(part(output, \.rows), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["items 9 0 50", "items 9 0 20", "items 9 80 20"])
    }
}

@Test func feedItemsSameVisibleRangeTwiceAsksOnce() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([
            .next(300, .viewport(height: 20)), .next(400, .viewport(height: 20)), .next(400, .select(.down)),
        ])
        _ = record(part(output, \.rows), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["items 9 0 50", "items 9 0 20"])
    }
}

@Test func feedItemsReportTheFeedsTotalCount() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output()
        let total = record(part(output, \.totalCount), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(total.events == [.next(200, 0), .next(200, 2)])
    }
}
