import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

/// A feed's items over a fake service: item 2 unread, item 1 read.
private struct Scene {
    let scheduler = TestScheduler()
    let calls = CallLog<String>()

    func output(_ input: FeedItemsViewModel.Input) -> FeedItemsViewModel.Output {
        let calls = calls
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
            $0.observePageHandler = { feedID, offset, limit, _ in
                calls.append("items \(feedID) \(offset) \(limit)")
                let items = [Fixtures.item(2, "New"), Fixtures.item(1, "Old", read: true)]
                return observed(.success(FeedItemPage(items: items, totalCount: 2, unreadCount: 1, offset: 0)))
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
        return FeedItemsViewModel(service: service, feedID: 9, scheduler: scheduler).transform(input: input)
    }

    func hot<T: Sendable>(_ events: [Recorded<Event<T>>]) -> Observable<T> {
        scheduler.createHotObservable(events).asObservable()
    }
}

@Test func feedItemsShowTheFeedsItemsNewestFirst() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init())
        let title = record(output.title, on: scene.scheduler)
        let rows = record(output.rows, on: scene.scheduler)
        let unread = record(output.unreadCount, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(title.events.last == .next(200, "Swift news"))
        #expect(rows.elements.last?.map(\.title) == ["New", "Old"])
        #expect(unread.events == [.next(200, 1)])
        #expect(scene.calls.all == ["items 9 0 50"])
    }
}

@Test func feedItemsOpeningAnUnreadItemShowsItAndMarksItRead() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(open: scene.hot([.next(300, 2)]), close: scene.hot([.next(400, ())])))
        let detail = record(output.detail, on: scene.scheduler)
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
        let output = scene.output(.init(open: scene.hot([.next(300, 1)])))
        _ = record(output.detail, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["items 9 0 50"])
    }
}

@Test func feedItemsToggleReadFlipsTheReadState() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(toggleRead: scene.hot([.next(300, 1), .next(310, 2), .next(320, 99)])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all.dropFirst() == ["setRead 1 false", "setRead 2 true"])
    }
}

@Test func feedItemsMarkAllReadFailureIsShown() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(markAllRead: scene.hot([.next(300, ())])))
        let error = record(output.errorMessage, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all.last == "markAllRead 9")
        #expect(error.events == [.next(200, nil), .next(300, "Could not mark the items read: locked")])
    }
}

@Test func feedItemsRoutesHelpAndBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(help: scene.hot([.next(300, ())]), back: scene.hot([.next(310, ())])))
        let route = record(output.route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .help(.feedItems)), .next(310, .back)])
    }
}

@Test func feedItemsAskForTheVisibleWindowOnly() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            .init(
                visibleRange: scene.hot([
                    .next(300, VisibleRange(offset: 0, limit: 20)), .next(400, VisibleRange(offset: 20, limit: 20)),
                ])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["items 9 0 50", "items 9 0 20", "items 9 20 20"])
    }
}

@Test func feedItemsSameVisibleRangeTwiceAsksOnce() {
    withSubscriptionTracking {
        let scene = Scene()
        let range = VisibleRange(offset: 10, limit: 20)
        let output = scene.output(.init(visibleRange: scene.hot([.next(300, range), .next(400, range)])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.calls.all == ["items 9 0 50", "items 9 10 20"])
    }
}

@Test func feedItemsReportTheFeedsTotalCount() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init())
        let total = record(output.totalCount, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(total.events == [.next(200, 0), .next(200, 2)])
    }
}
