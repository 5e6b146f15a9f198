import Streams
import StreamsTesting
import Testing

@Test func bufferSendsAnArrayEveryTimeSpan() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(330)])
        let res = scheduler.start { xs.buffer(timeSpan: .ticks(50), count: 10, scheduler: scheduler) }
        #expect(res.events == [.next(250, [1, 2]), .next(300, [3]), .next(330, []), .completed(330)])
    }
}

@Test func bufferSendsAFullArrayEarlyAndRestartsTheTimeSpan() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 300) { xs.buffer(timeSpan: .ticks(50), count: 2, scheduler: scheduler) }
        #expect(res.events == [.next(220, [1, 2]), .next(270, [3])])
    }
}

@Test func bufferDropsCollectedValuesOnError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.buffer(timeSpan: .ticks(50), count: 5, scheduler: scheduler) }
        #expect(res.events == [.error(220, TestError(1))])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func windowOpensANewWindowEveryTimeSpanAndCount() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(280, 4), .completed(290),
        ])
        let res = scheduler.start {
            xs.window(timeSpan: .ticks(50), count: 2, scheduler: scheduler)
                .enumerated()
                .flatMap { window in window.element.map { "\(window.index):\($0)" } }
        }
        #expect(
            res.events == [
                .next(210, "0:1"), .next(220, "0:2"), .next(230, "1:3"), .next(280, "2:4"), .completed(290),
            ])
    }
}

@Test func windowSendsTheFirstWindowAtSubscription() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.window(timeSpan: .ticks(60), count: 5, scheduler: scheduler).map { _ in "w" } }
        #expect(res.events == [.next(200, "w"), .next(260, "w"), .completed(300)])
    }
}

@Test func windowPassesAnErrorToTheOpenWindow() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start {
            xs.window(timeSpan: .ticks(50), count: 5, scheduler: scheduler).flatMap { $0.materialize() }
        }
        #expect(res.events == [.next(210, .next(1)), .next(220, .error(TestError(1))), .error(220, TestError(1))])
    }
}
