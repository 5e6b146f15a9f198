import Streams
import StreamsTesting
import Testing

@Test func ambMirrorsTheFirstSourceToSendAndDisposesTheOthers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(210, 10), .next(250, 20), .completed(400)])
        let res = scheduler.start { xs.amb(ys) }
        #expect(res.events == [.next(210, 10), .next(250, 20), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 400)])
    }
}

@Test func ambLetsATerminalEventWin() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(210, TestError(1))] as [Recorded<Event<Int>>])
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start { Observable.amb([xs.asObservable(), ys.asObservable()]) }
        #expect(res.events == [.error(210, TestError(1))])
        #expect(ys.subscriptions == [Subscription(200, 210)])
    }
}

@Test func ambOfNoSourcesNeverSends() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }
        #expect(res.events.isEmpty)
    }
}

@Test func ambStopsSubscribingOnceASynchronousSourceWon() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start { Observable.just(1).amb(ys) }
        #expect(res.events == [.next(200, 1), .completed(200)])
        #expect(ys.subscriptions.isEmpty)
    }
}

@Test func ambDisposesEverySourceOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(220, 1)])
        let ys = scheduler.createHotObservable([.next(230, 2)])
        let res = scheduler.start(disposed: 225) { xs.amb(ys) }
        #expect(res.events == [.next(220, 1)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }
}
