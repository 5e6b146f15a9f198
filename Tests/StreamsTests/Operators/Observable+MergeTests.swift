import Streams
import StreamsTesting
import Testing

@Test func mergeInterleavesValuesInArrivalOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(320)])
        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }
}

@Test func mergeOfAnArrayCompletesWhenAllComplete() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = (0..<3).map { index in
            scheduler.createHotObservable([.next(210 + index, index), .completed(300 + index * 10)])
        }
        let res = scheduler.start { Observable.merge(sources.map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 0), .next(211, 1), .next(212, 2), .completed(320)])
    }
}

@Test func mergeFailsAtTheFirstErrorAndDisposesTheOthers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(1))])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.merge(with: ys) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .error(250, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }
}

@Test func mergeOfNothingCompletesAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.merge([]) }
        #expect(res.events == [.completed(200)])
    }
}

@Test func mergeDisposesEverySourceOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start(disposed: 500) { xs.merge(with: ys) }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys.subscriptions == [Subscription(200, 500)])
    }
}

@Test func mergeStopsSubscribingAfterASynchronousError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start { Observable.merge(Observable<Int>.error(TestError(1)), ys.asObservable()) }
        #expect(res.events == [.error(200, TestError(1))])
        #expect(ys.subscriptions.isEmpty)
    }
}

@Test func mergeQueuesAReentrantSendBehindTheCurrentValue() {
    withSubscriptionTracking {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let log = Log<Int>()
        let subscription = a.merge(with: b).subscribe(onNext: { value in
            log.append(value)
            if value == 1 { b.onNext(2) }
            log.append(-value)
        })
        a.onNext(1)
        #expect(log.all == [1, -1, 2, -2])
        subscription.dispose()
    }
}

@Test func mergeOfObservablesSendsEveryInnersValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])
        let b = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(220, b.asObservable()), .completed(230),
        ])
        let res = scheduler.start { outer.merge() }
        #expect(res.events == [.next(220, 1), .next(230, 3), .next(250, 2), .completed(260)])
    }
}

@Test func mergeMaxConcurrentQueuesInnersBeyondTheLimit() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(220, b.asObservable()), .next(230, c.asObservable()), .completed(240),
        ])
        let res = scheduler.start { outer.merge(maxConcurrent: 2) }
        #expect(res.events == [.next(220, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(c.subscriptions == [Subscription(240, 260)])
    }
}

@Test func mergeMaxConcurrentOfOneRunsInnersOneAfterAnother() {
    withSubscriptionTracking {
        let log = Log<Int>()
        let inners = Observable.from((0..<1_000).map { Observable.of($0, $0) })
        _ = inners.merge(maxConcurrent: 1).subscribe(onNext: { log.append($0) })
        #expect(log.count == 2_000)
        #expect(log.all.prefix(4) == [0, 0, 1, 1])
    }
}

@Test func mergeMaxConcurrentFailsAtAnInnerError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let b = scheduler.createColdObservable([.next(10, 2)])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable()), .next(215, b.asObservable())])
        let res = scheduler.start { outer.merge(maxConcurrent: 1) }
        #expect(res.events == [.next(220, 1), .error(230, TestError(1))])
        #expect(b.subscriptions.isEmpty)
    }
}
