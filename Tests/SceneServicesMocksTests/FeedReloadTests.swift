import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

// The app's automatic feed reload, in virtual time: at start, then every period, never two at
// once, and nothing at all when the plan says never.

/// A feed list service whose feeds are 1 and 2 and whose refresh of them takes `duration`
/// ticks; `calls` records the virtual time of each refresh.
private func service(
    _ scheduler: TestScheduler, duration: Int, calls: TestBox<[Int]>, feeds: [Feed]? = nil
) -> MockFeedListService {
    let stored = feeds ?? [Feed(id: 1, url: "https://a.test/feed", title: "A"), Feed(id: 2, url: "b.xml", title: "B")]
    return MockFeedListService {
        $0.observeFeedsHandler = { _ in .just(.success(stored)) }
        $0.refreshHandler = { ids in
            calls.append(scheduler.now)
            return Observable.from(
                ids.map { FeedRefreshEvent.finished(feedID: $0, .success(FeedRefreshCount(newItemCount: 0))) }
            )
            .delay(.ticks(duration), scheduler: scheduler)
            .startWith(.started(feedIDs: ids))
        }
    }
}

@Test func reloadFetchesEveryFeedAtStartThenEachPeriod() {
    let scheduler = TestScheduler()
    let calls = TestBox<[Int]>([])
    let feeds = service(scheduler, duration: 10, calls: calls)
    let plan = FeedReload(period: .ticks(1000), atStart: true)
    let observer = scheduler.start(disposed: 3500) { feeds.reloading(plan, scheduler: scheduler) }
    #expect(calls.value == [200, 1200, 2200, 3200])
    #expect(observer.events.first == Recorded.next(200, FeedRefreshEvent.started(feedIDs: [1, 2])))
    #expect(observer.elements.filter { if case .finished = $0 { true } else { false } }.count == 8)
}

@Test func aReloadStillRunningWhenTheNextIsDueIsLeftToFinish() {
    let scheduler = TestScheduler()
    let calls = TestBox<[Int]>([])
    let feeds = service(scheduler, duration: 1500, calls: calls)
    let plan = FeedReload(period: .ticks(1000), atStart: true)
    _ = scheduler.start(disposed: 4000) { feeds.reloading(plan, scheduler: scheduler) }
    // 200 runs until 1700, so the tick at 1200 is skipped; 2200 runs until 3700; 3200 is skipped.
    #expect(calls.value == [200, 2200])
}

@Test func aPlanWithoutStartWaitsForTheFirstPeriod() {
    let scheduler = TestScheduler()
    let calls = TestBox<[Int]>([])
    let feeds = service(scheduler, duration: 1, calls: calls)
    _ = scheduler.start(disposed: 2500) {
        feeds.reloading(FeedReload(period: .ticks(1000), atStart: false), scheduler: scheduler)
    }
    #expect(calls.value == [1200, 2200])
}

@Test func neverReloadsNothingAndNoFeedsMeansNoRefresh() {
    let scheduler = TestScheduler()
    let calls = TestBox<[Int]>([])
    let none = scheduler.start {
        service(scheduler, duration: 1, calls: calls).reloading(FeedReload.never, scheduler: scheduler)
    }
    #expect(none.events == [Recorded<Event<FeedRefreshEvent>>.completed(200)])
    let empty = service(scheduler, duration: 1, calls: calls, feeds: [])
    _ = TestScheduler().start { empty.reloading(FeedReload(period: nil, atStart: true), scheduler: scheduler) }
    #expect(calls.value.isEmpty)
    #expect(FeedReload.every(minutes: 0) == .never)
    #expect(FeedReload.every(minutes: 30) == FeedReload(period: .seconds(1800), atStart: true))
}
