import Streams
import StreamsTesting
import Testing

@Test func flatMapMergesEveryInner() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start {
            xs.flatMap { value in
                scheduler.createColdObservable([.next(10, value * 10), .next(30, value * 100), .completed(40)])
            }
        }
        #expect(
            res.events == [
                .next(220, 10), .next(230, 20), .next(240, 100), .next(250, 200), .completed(260),
            ])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}

@Test func flatMapDisposesEachInnerWhenItCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(5, "a"), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])
        let res = scheduler.start(disposed: 400) { xs.flatMap { _ in inner } }
        #expect(res.events == [.next(215, "a"), .next(255, "a")])
        #expect(inner.subscriptions == [Subscription(210, 220), Subscription(250, 260)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}

@Test func flatMapFailsWhenAnInnerFailsAndDisposesEverything() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let good = scheduler.createColdObservable([.next(10, 1), .next(50, 2)])
        let bad = scheduler.createColdObservable([.error(20, TestError(9))] as [Recorded<Event<Int>>])
        let xs = scheduler.createHotObservable([.next(210, true), .next(220, false)])
        let res = scheduler.start { xs.flatMap { $0 ? good : bad } }
        #expect(res.events == [.next(220, 1), .error(240, TestError(9))])
        #expect(good.subscriptions == [Subscription(210, 240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }
}

@Test func flatMapFailsWhenTheSelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start {
            xs.flatMap { value -> Observable<Int> in
                if value == 2 { throw TestError(2) }
                return .never()
            }
        }
        #expect(res.events == [.error(220, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func flatMapWaitsForInnersAfterTheSourceCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let res = scheduler.start {
            xs.flatMap { _ in scheduler.createColdObservable([.next(20, 7), .completed(30)]) }
        }
        #expect(res.events == [.next(230, 7), .completed(240)])
    }
}

@Test func flatMapLatestSwitchesToTheNewestInner() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, "a1"), .next(30, "a2"), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, "b1"), .next(20, "b2"), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 1 ? first : second } }
        #expect(res.events == [.next(220, "a1"), .next(240, "b1"), .next(250, "b2"), .completed(260)])
        #expect(first.subscriptions == [Subscription(210, 230)])
        #expect(second.subscriptions == [Subscription(230, 260)])
    }
}

@Test func flatMapLatestCompletesWhenTheSourceCompletesWithoutInner() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.flatMapLatest { _ in Observable<Int>.never() } }
        #expect(res.events == [.completed(250)])
    }
}

@Test func flatMapLatestFailsWhenTheCurrentInnerFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(5, 1), .error(10, TestError(3))])
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.flatMapLatest { _ in inner } }
        #expect(res.events == [.next(215, 1), .error(220, TestError(3))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func flatMapLatestDropsValuesOfAReplacedInner() {
    withSubscriptionTracking {
        let first = PublishSubject<String>()
        let second = PublishSubject<String>()
        let source = PublishSubject<Int>()
        let log = Log<String>()
        let subscription = source.flatMapLatest { $0 == 1 ? first : second }.subscribe(onNext: { log.append($0) })
        source.onNext(1)
        first.onNext("a")
        source.onNext(2)
        first.onNext("stale")
        second.onNext("b")
        #expect(log.all == ["a", "b"])
        #expect(!first.hasObservers)
        subscription.dispose()
    }
}

@Test func concatMapRunsInnersOneAfterAnother() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start {
            xs.concatMap { value in
                scheduler.createColdObservable([.next(10, value), .next(20, value * 10), .completed(30)])
            }
        }
        #expect(
            res.events == [.next(220, 1), .next(230, 10), .next(250, 2), .next(260, 20), .completed(270)])
    }
}

@Test func concatMapSubscribesTheNextInnerWhenThePreviousCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(10, "x"), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(300, 3)])
        let res = scheduler.start(disposed: 500) { xs.concatMap { _ in inner } }
        #expect(res.events == [.next(220, "x"), .next(250, "x"), .next(310, "x")])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(240, 270), Subscription(300, 330)])
    }
}

@Test func concatMapFailsWhenAnInnerFailsAndDropsTheQueue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let bad = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let good = scheduler.createColdObservable([.next(1, 5), .completed(2)])
        let xs = scheduler.createHotObservable([.next(210, false), .next(215, true)])
        let res = scheduler.start { xs.concatMap { $0 ? good : bad } }
        #expect(res.events == [.error(220, TestError(1))])
        #expect(good.subscriptions.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func concatMapHandlesManySynchronousInnersWithoutRecursion() {
    withSubscriptionTracking {
        let gate = PublishSubject<Int>()
        let count = Log<Int>()
        let subscription = Observable.from(0..<5000)
            .concatMap { value in value == 0 ? gate.take(1) : Observable.just(value) }
            .subscribe(onNext: { count.append($0) })
        gate.onNext(-1)
        #expect(count.count == 5000)
        subscription.dispose()
    }
}

@Test func concatMapCompletesAfterTheLastInner() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.of(1, 2, 3).concatMap { Observable.of($0, $0) }.subscribe { log.append($0) }
        #expect(log.all == [.next(1), .next(1), .next(2), .next(2), .next(3), .next(3), .completed])
    }
}

@Test func flatMapLatestDisposesACompletedInnerAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(5, "a"), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 400) { xs.flatMapLatest { _ in inner } }
        #expect(res.events == [.next(215, "a")])
        #expect(inner.subscriptions == [Subscription(210, 220)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}

@Test func flatMapLatestDisposesTheSourceAndTheInnerOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(5, "a")])
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 300) { xs.flatMapLatest { _ in inner } }
        #expect(res.events == [.next(215, "a")])
        #expect(inner.subscriptions == [Subscription(210, 300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func concatMapDisposesTheSourceAndTheInnerOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(5, "a")])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start(disposed: 300) { xs.concatMap { _ in inner } }
        #expect(res.events == [.next(215, "a")])
        #expect(inner.subscriptions == [Subscription(210, 300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func switchLatestSendsOnlyTheNewestInner() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let b = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(230, b.asObservable()), .completed(235),
        ])
        let res = scheduler.start { outer.switchLatest() }
        #expect(res.events == [.next(220, 1), .next(240, 3), .completed(250)])
        #expect(a.subscriptions == [Subscription(210, 230)])
    }
}

@Test func switchLatestFailsAtAnInnerError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let outer = scheduler.createHotObservable([.next(210, a.asObservable())])
        let res = scheduler.start { outer.switchLatest() }
        #expect(res.events == [.error(220, TestError(1))])
    }
}

@Test func flatMapFirstIgnoresValuesWhileAnInnerRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
        let res = scheduler.start {
            xs.flatMapFirst { value in Observable<Int>.timer(.ticks(30), scheduler: scheduler).map { _ in value * 10 } }
        }
        #expect(res.events == [.next(240, 10), .next(280, 30), .completed(300)])
    }
}

@Test func flatMapFirstWaitsForTheInnerBeforeCompleting() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(10, 5), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.flatMapFirst { _ in inner } }
        #expect(res.events == [.next(220, 5), .completed(310)])
    }
}

@Test func flatMapFirstFailsWhenTheSelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.flatMapFirst { _ -> Observable<Int> in throw TestError(2) } }
        #expect(res.events == [.error(210, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}
