import Streams
import StreamsTesting
import Testing

@Test func asInfallibleReplacesAnErrorWithTheValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).map { $0 * 2 } }
        #expect(res.events == [.next(210, 2), .next(220, 0), .completed(220)])
    }
}

@Test func asInfallibleFallsBackToAnotherInfallible() {
    withSubscriptionTracking {
        let log = Log<Int>()
        Observable<Int>.error(TestError(1)).asInfallible(onErrorFallbackTo: .of(7, 8))
            .subscribe(onNext: { log.append($0) })
        #expect(log.all == [7, 8])
    }
}

@Test func asInfallibleRecoversFromTheError() {
    withSubscriptionTracking {
        let log = Log<Int>()
        Observable<Int>.error(TestError(3)).asInfallible(onErrorRecover: { _ in .just(3) })
            .filter { $0 > 0 }
            .subscribe(onNext: { log.append($0) })
        #expect(log.all == [3])
    }
}

@Test func infallibleCreateSendsValuesAndCompletion() {
    withSubscriptionTracking {
        let log = Log<String>()
        let source = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.completed)
            return Disposables.empty
        }
        source.scan(0, accumulator: +).subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("end") })
        #expect(log.all == ["1", "end"])
    }
}

@Test func infallibleCombineLatestOfTwoToEightSourcesStaysInfallible() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let s = (0..<8).map { _ in
            scheduler.createColdObservable([.next(1, 1)]).asInfallible(onErrorFallbackTo: .never())
        }
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) { () -> Infallible<[Int]> in
            let two: Infallible<Int> = Infallible.combineLatest(s[0], s[1]) { $0 + $1 }
            let pair: Infallible<(Int, Int)> = Infallible.combineLatest(s[0], s[1])
            let three = Infallible.combineLatest(s[0], s[1], s[2]).map { $0 + $1 + $2 }
            let four = Infallible.combineLatest(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }
            let five = Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { $0.0 + $0.4 }
            let six = Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { a, _, _, _, _, f in a + f }
            let seven = Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { $0.6 }
            let eight: Infallible<Int> = Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
            return Infallible.combineLatest([two, pair.map { $0 * 10 + $1 }, three, four, five, six, seven, eight])
        }
        #expect(res.events == [.next(1, [2, 11, 3, 4, 2, 2, 1, 8])])
    }
}

@Test func infallibleCombineLatestCompletesWhenEverySourceHas() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, "b"), .next(230, "c"), .completed(260)])
        let res = scheduler.start {
            Infallible.combineLatest(a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: "")) {
                "\($0)\($1)"
            }
        }
        #expect(res.events == [.next(220, "1b"), .next(230, "1c"), .completed(260)])
    }
}

@Test func relaysAreInfallible() {
    withSubscriptionTracking {
        let behavior = BehaviorRelay(value: 1)
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(5)
        let log = Log<Int>()
        let subscriptions = [
            behavior.asInfallible().subscribe(onNext: { log.append($0) }),
            publish.asInfallible().map { $0 * 10 }.subscribe(onNext: { log.append($0) }),
            replay.asInfallible().subscribe(onNext: { log.append($0) }),
        ]
        behavior.accept(2)
        publish.accept(3)
        #expect(log.all == [1, 5, 2, 30])
        subscriptions.forEach { $0.dispose() }
    }
}
