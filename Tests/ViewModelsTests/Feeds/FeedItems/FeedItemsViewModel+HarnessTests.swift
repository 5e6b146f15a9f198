import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

/// The feed of the windowing tests: this many items, the newest with the highest identifier.
private let feedLength = 100_000

/// The stored page of `limit` items from `offset` of a feed of ``feedLength`` items, every tenth
/// one read.
private func storedPage(offset: Int, limit: Int) -> FeedItemPage {
    let positions = offset..<min(offset + limit, feedLength)
    let items = positions.map { position in
        Fixtures.item(Int64(feedLength - position), "Item \(position)", read: position % 10 == 0)
    }
    return FeedItemPage(items: items, totalCount: feedLength, unreadCount: feedLength - feedLength / 10, offset: offset)
}

private func positions(_ rows: [FeedItemRow]) -> ClosedRange<Int>? {
    guard let first = rows.first, let last = rows.last else { return nil }
    return first.position...last.position
}

@Test func feedItemsHarnessOpeningAnItemShowsItAndMarksItRead() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let unreadPage = FeedItemPage(items: [Fixtures.item(2, "New")], totalCount: 1, unreadCount: 1, offset: 0)
        let readPage = FeedItemPage(
            items: [Fixtures.item(2, "New", read: true)], totalCount: 1, unreadCount: 0, offset: 0)
        let items = scheduler.createColdObservable([
            .next(5, Result<FeedItemPage, SceneError>.success(unreadPage)), .next(120, .success(readPage)),
        ])
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id, "Swift news"))) }
            $0.observePageHandler = { _, _, _, _ in items.asObservable() }
            $0.setReadHandler = { id, isRead in .just(.success(Fixtures.item(id, read: isRead))) }
        }
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
            .transform(input: .init(open: scheduler.createHotObservable([.next(100, 2)]).asObservable()))
        let unread = harness.record(output.unreadCount, "unreadCount")
        let detail = harness.record(output.detail, "detail")
        scheduler.advance(to: 1000)
        harness.expect(unread, [.next(0, 0), .next(5, 1), .next(120, 0)])
        let opened = FeedItemDetail(
            id: 2, title: "New", text: "Text of 2", link: "https://example.com/items/2", dateText: "2026-12-31")
        harness.expect(detail, [.next(0, nil), .next(100, opened)])
        harness.expectSubscriptions(items, [Subscription(0)])
    }
}

@Test func feedItemsHarnessFollowTheViewportThroughAHundredThousandItems() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let asked = CallLog<String>()
        let windows = [
            (0, 50), (0, 20), (20, 20), (0, 20), (99_980, 20),
        ].map { offset, limit in
            scheduler.createColdObservable([
                .next(5, Result<FeedItemPage, SceneError>.success(storedPage(offset: offset, limit: limit)))
            ])
        }
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id))) }
            $0.observePageHandler = { _, offset, limit, _ in
                asked.append("\(offset)+\(limit)")
                return windows[asked.all.count - 1].asObservable()
            }
        }
        let range = scheduler.createHotObservable([
            .next(100, VisibleRange(offset: 0, limit: 20)),  // the first frame: 20 rows fit
            .next(200, VisibleRange(offset: 20, limit: 20)),  // PgDn
            .next(300, VisibleRange(offset: 0, limit: 20)),  // g
            .next(400, VisibleRange(offset: 99_980, limit: 20)),  // G: the last item at the bottom
        ])
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
            .transform(input: .init(visibleRange: range.asObservable()))
        let rows = harness.record(output.rows.map(positions), "rows")
        let total = harness.record(output.totalCount, "totalCount")
        let loading = harness.record(output.isLoading, "isLoading")
        scheduler.advance(to: 1000)
        harness.expect(
            rows,
            [
                .next(0, nil), .next(5, 0...49), .next(105, 0...19), .next(205, 20...39), .next(305, 0...19),
                .next(405, 99_980...99_999),
            ])
        harness.expect(total, [.next(0, 0), .next(5, feedLength)])
        harness.expect(
            loading,
            [
                .next(0, true), .next(5, false), .next(100, true), .next(105, false), .next(200, true),
                .next(205, false), .next(300, true), .next(305, false), .next(400, true), .next(405, false),
            ])
        // Each window's observation is cancelled as soon as the viewport moves on.
        harness.expectSubscriptions(windows[0], [Subscription(0, 100)])
        harness.expectSubscriptions(windows[1], [Subscription(100, 200)])
        harness.expectSubscriptions(windows[2], [Subscription(200, 300)])
        harness.expectSubscriptions(windows[3], [Subscription(300, 400)])
        harness.expectSubscriptions(windows[4], [Subscription(400)])
        #expect(asked.all == ["0+50", "0+20", "20+20", "0+20", "99980+20"])
    }
}

@Test func feedItemsHarnessUnreadCountIsTheWholeFeedsWhateverTheWindow() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id))) }
            $0.observePageHandler = { _, offset, limit, _ in
                observed(.success(storedPage(offset: offset, limit: limit)))
            }
        }
        let range = scheduler.createHotObservable([.next(100, VisibleRange(offset: 99_990, limit: 10))])
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
            .transform(input: .init(visibleRange: range.asObservable()))
        let unread = harness.record(output.unreadCount, "unreadCount")
        scheduler.advance(to: 1000)
        harness.expect(unread, [.next(0, 0), .next(0, 90_000)])
    }
}

@Test func feedItemsHarnessPageFailureIsShownAndTheNextWindowStillLoads() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let failing = scheduler.createColdObservable([
            .next(5, Result<FeedItemPage, SceneError>.failure(SceneError.storage("disk I/O error")))
        ])
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id))) }
            $0.observePageHandler = { _, offset, limit, _ in
                offset == 0 ? failing.asObservable() : observed(.success(storedPage(offset: offset, limit: limit)))
            }
        }
        let range = scheduler.createHotObservable([.next(100, VisibleRange(offset: 40, limit: 10))])
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
            .transform(input: .init(visibleRange: range.asObservable()))
        let error = harness.record(output.errorMessage, "errorMessage")
        let rows = harness.record(output.rows.map(positions), "rows")
        scheduler.advance(to: 1000)
        harness.expect(error, [.next(0, nil), .next(5, "Could not load the items: disk I/O error")])
        harness.expect(rows, [.next(0, nil), .next(100, 40...49)])
        harness.expectSubscriptions(failing, [Subscription(0, 100)])
    }
}

@Test func feedItemsHarnessMarkAllReadWritesOnceAndTheWindowFollows() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let unread = FeedItemPage(
            items: [Fixtures.item(2), Fixtures.item(1)], totalCount: 2, unreadCount: 2, offset: 0)
        let read = FeedItemPage(
            items: [Fixtures.item(2, read: true), Fixtures.item(1, read: true)], totalCount: 2, unreadCount: 0,
            offset: 0)
        let page = scheduler.createColdObservable([
            .next(5, Result<FeedItemPage, SceneError>.success(unread)), .next(130, .success(read)),
        ])
        let write = scheduler.createColdObservable([.next(20, Result<Int, SceneError>.success(2)), .completed(20)])
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id))) }
            $0.observePageHandler = { _, _, _, _ in page.asObservable() }
            $0.markAllReadHandler = { _ in write.asObservable() }
        }
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
            .transform(input: .init(markAllRead: scheduler.createHotObservable([.next(100, ())]).asObservable()))
        let unreadCount = harness.record(output.unreadCount, "unreadCount")
        let rows = harness.record(output.rows.map { $0.map(\.isRead) }, "rows")
        scheduler.advance(to: 1000)
        harness.expect(unreadCount, [.next(0, 0), .next(5, 2), .next(130, 0)])
        harness.expect(rows, [.next(0, []), .next(5, [false, false]), .next(130, [true, true])])
        harness.expectSubscriptions(write, [Subscription(100, 120)])
        harness.expectSubscriptions(page, [Subscription(0)])
    }
}

@Test func feedItemsHarnessReadingAnItemThenMarkingItUnreadKeepsItOpen() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let unreadPage = FeedItemPage(items: [Fixtures.item(2, "New")], totalCount: 1, unreadCount: 1, offset: 0)
        let readPage = FeedItemPage(
            items: [Fixtures.item(2, "New", read: true)], totalCount: 1, unreadCount: 0, offset: 0)
        let page = scheduler.createColdObservable([
            .next(5, Result<FeedItemPage, SceneError>.success(unreadPage)), .next(110, .success(readPage)),
            .next(210, .success(unreadPage)),
        ])
        let writes = CallLog<String>()
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in observed(.success(Fixtures.feed(id))) }
            $0.observePageHandler = { _, _, _, _ in page.asObservable() }
            $0.setReadHandler = { id, isRead in
                writes.append("\(id) \(isRead)")
                return .just(.success(Fixtures.item(id, read: isRead)))
            }
        }
        let input = FeedItemsViewModel.Input(
            open: scheduler.createHotObservable([.next(100, 2)]).asObservable(),
            toggleRead: scheduler.createHotObservable([.next(200, 2)]).asObservable())
        let output = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler).transform(input: input)
        let detail = harness.record(output.detail.map { $0?.id }, "detail")
        let unread = harness.record(output.unreadCount, "unreadCount")
        scheduler.advance(to: 1000)
        harness.expect(detail, [.next(0, nil), .next(100, 2)])
        harness.expect(unread, [.next(0, 0), .next(5, 1), .next(110, 0), .next(210, 1)])
        #expect(writes.all == ["2 true", "2 false"])
    }
}
