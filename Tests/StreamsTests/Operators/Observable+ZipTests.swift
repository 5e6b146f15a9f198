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

@Test func zipCompletesOnlyWhenEverySourceCompleted() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, 10), .next(250, 20), .next(260, 30), .completed(270)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(240, 11), .next(250, 22), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 270)])
    }
}

@Test func zipWaitsForTheOtherSourceWhenOneCompletesEmpty() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createHotObservable([.next(215, 2), .completed(220)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }
}

@Test func zipNeverCompletesBesideASilentSource() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events.isEmpty)
        #expect(ys.subscriptions == [Subscription(200, 1000)])
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
        #expect(sums.events == [.next(230, 111), .next(260, 222)])
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
        #expect(res.events == [.next(230, [1, 10]), .next(240, [2, 20])])
        #expect(sources[0].subscriptions == [Subscription(200, 300)])
        #expect(sources[1].subscriptions == [Subscription(200, 1000)])
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

@Test func zipOfAnArrayCompletesAtAValueThatCanNeverBeGrouped() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(210, 1), .completed(220)]),
            scheduler.createHotObservable([.next(230, 10), .next(240, 20), .next(250, 30)]),
        ]
        let res = scheduler.start { Observable.zip(sources) }
        #expect(res.events == [.next(230, [1, 10]), .completed(240)])
        #expect(sources[1].subscriptions == [Subscription(200, 240)])
    }
}

@Test func zipOfAnArrayCombinesWithASelector() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(210, 1), .completed(300)]),
            scheduler.createHotObservable([.next(220, 2), .completed(300)]),
        ]
        let res = scheduler.start { Observable.zip(sources) { $0.reduce(0, +) } }
        #expect(res.events == [.next(220, 3), .completed(300)])
    }
}

@Test func zipFailsWhenTheSelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 1), .next(240, 2)])
        let res = scheduler.start {
            Observable.zip(xs, ys) { a, _ throws -> Int in
                if a == 2 { throw TestError(1) }
                return a
            }
        }
        #expect(res.events == [.next(220, 1), .error(240, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }
}

@Test func zipOfEightSourcesGroupsTheirValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let s = (1...8).map { index in
            scheduler.createHotObservable([.next(200 + index * 10, index), .completed(400)])
        }
        let res = scheduler.start {
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        #expect(res.events == [.next(280, 36), .completed(400)])
        #expect(s[7].subscriptions == [Subscription(200, 400)])
    }
}

@Test func zipOfFiveTuplesKeepsEachSourcesType() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(210, "b"), .completed(300)])
        let c = scheduler.createHotObservable([.next(210, true), .completed(300)])
        let d = scheduler.createHotObservable([.next(210, 2.5), .completed(300)])
        let e = scheduler.createHotObservable([.next(220, Int?.none), .completed(300)])
        let res = scheduler.start {
            Observable.zip(a, b, c, d, e).map { "\($0.0)\($0.1)\($0.2)\($0.3)\(String(describing: $0.4))" }
        }
        #expect(res.events == [.next(220, "1btrue2.5nil"), .completed(300)])
    }
}

@Test func zipOfThreeCompletesOnlyWhenEverySourceCompleted() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let b = scheduler.createHotObservable([.next(215, 1), .completed(230)])
        let c = scheduler.createHotObservable([.next(225, 1), .next(235, 2), .completed(240)])
        let res = scheduler.start { Observable.zip(a, b, c) { $0 + $1 + $2 } }
        #expect(res.events == [.next(225, 3), .completed(240)])
    }
}
