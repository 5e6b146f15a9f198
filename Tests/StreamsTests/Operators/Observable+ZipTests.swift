import Streams
import StreamsTesting
import Testing

@Test func zipPairsValuesByIndex() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(400)])
        let ys = scheduler.createHotObservable([.next(250, "a"), .next(260, "b"), .completed(400)])
        let res = scheduler.start { Observable.zip(xs, ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(250, "1a"), .next(260, "2b"), .completed(400)])
    }
}

@Test func zipCompletesWhenACompletedSourceHasNothingQueued() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, 10), .next(250, 20), .next(260, 30)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(240, 11), .next(250, 22), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }
}

@Test func zipCompletesAtOnceWhenASourceCompletesEmpty() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createHotObservable([.next(220, 1)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.completed(210)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
    }
}

@Test func zipFailsAtTheFirstError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let ys = scheduler.createHotObservable([.next(215, 1), .next(230, 2)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(215, 2), .error(220, TestError(1))])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }
}

@Test func zipTuplesOfTwo() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createHotObservable([.next(220, true)])
        let res = scheduler.start { Observable.zip(xs, ys).map { "\($0.0) \($0.1)" } }
        #expect(res.events == [.next(220, "1 true")])
    }
}

@Test func zipOfThreeWithSelectorAndTuples() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(250, 20)])
        let c = scheduler.createHotObservable([.next(230, 100), .next(260, 200), .completed(270)])
        let sums = scheduler.start { Observable.zip(a, b, c) { $0 + $1 + $2 } }
        #expect(sums.events == [.next(230, 111), .next(260, 222), .completed(270)])
    }
}

@Test func zipOfThreeTuples() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, "b"), .completed(20)])
        let c = scheduler.createColdObservable([.next(15, 3.5), .completed(20)])
        let res = scheduler.start { Observable.zip(a, b, c).map { "\($0.0)\($0.1)\($0.2)" } }
        #expect(res.events == [.next(215, "1b3.5"), .completed(220)])
    }
}

@Test func zipOfAnArraySendsGroupsInSourceOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)]),
            scheduler.createHotObservable([.next(230, 10), .next(240, 20), .next(250, 30)]),
        ]
        let res = scheduler.start { Observable.zip(sources) }
        #expect(res.events == [.next(230, [1, 10]), .next(240, [2, 20]), .completed(300)])
        #expect(sources[1].subscriptions == [Subscription(200, 300)])
    }
}

@Test func zipOfAnArrayFailsAtTheFirstError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(210, 1)]),
            scheduler.createHotObservable([.error(220, TestError(1))]),
        ]
        let res = scheduler.start { Observable.zip(sources) }
        #expect(res.events == [.error(220, TestError(1))])
        #expect(sources[0].subscriptions == [Subscription(200, 220)])
    }
}

@Test func zipOfAnEmptyArrayCompletesAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.zip([Observable<Int>]()) }
        #expect(res.events == [.completed(200)])
    }
}

@Test func zipDisposesEverySourceOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start(disposed: 300) { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }
}
