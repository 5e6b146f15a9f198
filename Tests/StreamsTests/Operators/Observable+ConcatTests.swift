import Streams
import StreamsTesting
import Testing

@Test func concatSubscribesTheSecondAfterTheFirstCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { xs.concat(ys) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }
}

@Test func concatStopsAtTheFirstError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
        #expect(ys.subscriptions.isEmpty)
    }
}

@Test func concatOfAnEmptyArrayCompletesAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }
        #expect(res.events == [.completed(200)])
    }
}

@Test func concatDisposesTheCurrentSourceOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let ys = scheduler.createColdObservable([.next(500, 3), .completed(900)])
        let res = scheduler.start(disposed: 400) { Observable.concat([xs.asObservable(), ys.asObservable()]) }
        #expect(res.events == [.next(210, 1)])
        #expect(ys.subscriptions == [Subscription(230, 400)])
    }
}

@Test func concatWalksALongSequenceOfSynchronousSourcesWithoutRecursion() {
    withSubscriptionTracking {
        let log = Log<Int>()
        _ = Observable.concat((0..<10_000).map { Observable.just($0) }).subscribe(onNext: { log.append($0) })
        #expect(log.count == 10_000)
    }
}

@Test func concatOfObservablesWaitsForEachInnerInOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(220, second.asObservable()), .completed(230),
        ])
        let res = scheduler.start { outer.concat() }
        #expect(res.events == [.next(220, 1), .next(270, 2), .completed(280)])
        #expect(second.subscriptions == [Subscription(260, 280)])
    }
}
