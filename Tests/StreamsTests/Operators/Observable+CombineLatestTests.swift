import Streams
import StreamsTesting
import Testing

@Test func combineLatestWaitsForEverySourceThenCombinesEachChange() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(320)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(220, "1a"), .next(230, "2a"), .next(240, "2b"), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }
}

@Test func combineLatestKeepsCombiningAfterOneSourceCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(250)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(230, 11), .next(240, 21), .completed(250)])
    }
}

@Test func combineLatestFailsAtOnceAndDisposesTheOthers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(1))])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(300)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 3), .error(230, TestError(1))])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }
}

@Test func combineLatestCompletesWhenAValueCanNeverFindAPartner() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createHotObservable([.next(220, 1), .next(230, 2)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.completed(220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }
}

@Test func combineLatestTuplesOfTwo() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let res = scheduler.start { Observable.combineLatest(xs, ys).map { [$0.0, $0.1] } }
        #expect(res.events == [.next(220, [1, 2]), .completed(300)])
    }
}

@Test func combineLatestOfThreeWithSelector() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(250, 20), .completed(300)])
        let c = scheduler.createHotObservable([.next(230, 100), .completed(310)])
        let res = scheduler.start { Observable.combineLatest(a, b, c) { $0 + $1 + $2 } }
        #expect(res.events == [.next(230, 111), .next(250, 121), .completed(310)])
        #expect(a.subscriptions == [Subscription(200, 300)])
        #expect(c.subscriptions == [Subscription(200, 310)])
    }
}

@Test func combineLatestOfThreeTuples() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1)])
        let b = scheduler.createHotObservable([.next(220, "b")])
        let c = scheduler.createHotObservable([.next(230, true)])
        let res = scheduler.start { Observable.combineLatest(a, b, c).map { "\($0.0)\($0.1)\($0.2)" } }
        #expect(res.events == [.next(230, "1btrue")])
    }
}

@Test func combineLatestOfFourWithSelector() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1)])
        let b = scheduler.createHotObservable([.next(220, 10)])
        let c = scheduler.createHotObservable([.next(230, 100)])
        let d = scheduler.createHotObservable([.next(240, 1000), .next(250, 2000)])
        let res = scheduler.start { Observable.combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 } }
        #expect(res.events == [.next(240, 1111), .next(250, 2111)])
    }
}

@Test func combineLatestOfFourTuples() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1)])
        let b = scheduler.createHotObservable([.next(220, 2)])
        let c = scheduler.createHotObservable([.next(230, 3)])
        let d = scheduler.createHotObservable([.next(240, 4), .error(250, TestError(4))])
        let res = scheduler.start { Observable.combineLatest(a, b, c, d).map { $0.0 + $0.1 + $0.2 + $0.3 } }
        #expect(res.events == [.next(240, 10), .error(250, TestError(4))])
        #expect(a.subscriptions == [Subscription(200, 250)])
    }
}

@Test func combineLatestOfAnArraySendsArraysInSourceOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(230, 1), .completed(300)]),
            scheduler.createHotObservable([.next(210, 2), .next(240, 5), .completed(310)]),
            scheduler.createHotObservable([.next(220, 3), .completed(290)]),
        ]
        let res = scheduler.start { Observable.combineLatest(sources) }
        #expect(res.events == [.next(230, [1, 2, 3]), .next(240, [1, 5, 3]), .completed(310)])
        #expect(
            sources.map(\.subscriptions) == [
                [Subscription(200, 300)], [Subscription(200, 310)], [Subscription(200, 290)],
            ])
    }
}

@Test func combineLatestOfAnArrayFailsAtTheFirstError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(210, 1), .error(230, TestError(1))]),
            scheduler.createHotObservable([.next(220, 2), .next(240, 3)]),
        ]
        let res = scheduler.start { Observable.combineLatest(sources) }
        #expect(res.events == [.next(220, [1, 2]), .error(230, TestError(1))])
        #expect(sources[1].subscriptions == [Subscription(200, 230)])
    }
}

@Test func combineLatestOfAnEmptyArraySendsAnEmptyArrayAndCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.combineLatest([Observable<Int>]()) }
        #expect(res.events == [.next(200, []), .completed(200)])
    }
}

@Test func combineLatestOfAnEmptyArrayCallsTheSelectorOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.combineLatest([Observable<Int>]()) { "\($0.count) values" } }
        #expect(res.events == [.next(200, "0 values"), .completed(200)])
    }
}

@Test func combineLatestSerializesAReentrantSend() {
    withSubscriptionTracking {
        let a = PublishSubject<Int>()
        let b = BehaviorSubject(value: 0)
        let log = Log<String>()
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { b.onNext(10) }
            log.append("end \(value)")
        })
        a.onNext(1)
        #expect(log.all == ["begin 1", "end 1", "begin 11", "end 11"])
        subscription.dispose()
    }
}

@Test func combineLatestDisposesEverySourceOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start(disposed: 300) { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }
}

@Test func combineLatestFailsWhenTheSelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(220, 1)])
        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { a, b throws -> Int in
                if a == 2 { throw TestError(1) }
                return a + b
            }
        }
        #expect(res.events == [.next(220, 2), .error(230, TestError(1))])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }
}

@Test func combineLatestOfAnArrayFailsWhenTheSelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createHotObservable([.next(210, 1)]),
            scheduler.createHotObservable([.next(220, 2)]),
        ]
        let res = scheduler.start {
            Observable.combineLatest(sources) { (_: [Int]) throws -> Int in throw TestError(1) }
        }
        #expect(res.events == [.error(220, TestError(1))])
        #expect(sources[0].subscriptions == [Subscription(200, 220)])
    }
}

@Test func combineLatestOfEightSourcesCombinesEachChange() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let s = (1...8).map { index in
            scheduler.createHotObservable([.next(200 + index * 10, index), .completed(400)])
        }
        let res = scheduler.start {
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
        }
        #expect(res.events == [.next(280, 36), .completed(400)])
    }
}

@Test func combineLatestOfSixTuplesKeepsEachSourcesType() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1)])
        let b = scheduler.createHotObservable([.next(210, "b")])
        let c = scheduler.createHotObservable([.next(210, true)])
        let d = scheduler.createHotObservable([.next(210, 2)])
        let e = scheduler.createHotObservable([.next(210, 3)])
        let f = scheduler.createHotObservable([.next(220, 4), .next(230, 5)])
        let res = scheduler.start { Observable.combineLatest(a, b, c, d, e, f).map { "\($0.0)\($0.1)\($0.2)\($0.5)" } }
        #expect(res.events == [.next(220, "1btrue4"), .next(230, "1btrue5")])
    }
}

// RxSwift's collection forms: `Observable.combineLatest([a, b])` and `Observable.zip([a, b])`
// of `Observable<Int>` are `Observable<[Int]>`, for any collection; Infallible's too.
@Test func combineLatestAndZipOfACollectionSendArrays() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let latest = scheduler.start { Observable.combineLatest([a, b]) }
        #expect(latest.events == [.next(220, [1, 2]), .next(230, [3, 2]), .completed(300)])
        let zipped = scheduler.start(created: 100, subscribed: 200, disposed: 1000) {
            Observable.zip(ArraySlice([a.asObservable(), b.asObservable()]))
        }
        #expect(zipped.events.isEmpty)
        let infallible = Observable.combineLatest([Infallible.just(1), Infallible.just(2)])
        let log = Log<[Int]>()
        _ = Infallible.combineLatest([Infallible.just(1), Infallible.of(2, 3)]).subscribe(onNext: { log.append($0) })
        _ = infallible.subscribe(onNext: { log.append($0) })
        _ = Infallible.zip([Infallible.just(5), Infallible.just(6)]).subscribe(onNext: { log.append($0) })
        #expect(log.all == [[1, 2], [1, 3], [1, 2], [5, 6]])
    }
}

@Test func mergeAndCompletableFormsTakeAnyCollection() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.merge(ArraySlice([Observable.just(1), Observable.just(2)])).subscribe { log.append($0) }
        #expect(log.all == [.next(1), .next(2), .completed])
        let completed = Log<String>()
        let set = ContiguousArray([Completable.empty(), Completable.empty()])
        _ = Completable.zip(set).subscribe(onCompleted: { completed.append("zip") })
        _ = Completable.merge(set).subscribe(onCompleted: { completed.append("merge") })
        _ = Completable.concat(set).subscribe(onCompleted: { completed.append("concat") })
        #expect(completed.all == ["zip", "merge", "concat"])
    }
}
