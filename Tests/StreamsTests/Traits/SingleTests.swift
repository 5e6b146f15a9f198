import Streams
import StreamsTesting
import Testing

@Test func singleCreateSendsTheValueAndCompletes() {
    withSubscriptionTracking {
        let log = Log<SingleEvent<Int>>()
        let single = Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            return Disposables.empty
        }
        single.subscribe { log.append($0) }
        #expect(log.all.count == 1)
        #expect((try? log.all.first?.get()) == 1)
    }
}

@Test func singleSubscribeReportsTheFailure() {
    withSubscriptionTracking {
        let failures = Log<String>()
        Single<Int>.error(TestError(1)).subscribe(onSuccess: { _ in }, onFailure: { failures.append("\($0)") })
        #expect(failures.all == ["TestError(1)"])
    }
}

@Test func singleMapAndFlatMapChainValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start {
            Single.just(2).map { $0 * 10 }.flatMap { Single.just($0 + 1) }.asObservable()
        }
        #expect(res.events == [.next(200, 21), .completed(200)])
    }
}

@Test func singleZipWaitsForBoth() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])
        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 }.asObservable() }
        #expect(res.events == [.next(230, 3), .completed(230)])
    }
}

@Test func singleZipOfNoSinglesSucceedsWithAnEmptyArray() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Single<[Int]>.zip([Single<Int>]()).asObservable() }
        #expect(res.events == [.next(200, []), .completed(200)])
    }
}

@Test func asSingleSendsTheValueWhenTheSourceCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.next(300, 1), .completed(300)])
    }
}

@Test func asSingleFailsAtASecondValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.error(220, StreamsError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func asSingleFailsWhenEmpty() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.error(300, StreamsError.noElements)])
    }
}

@Test func singleValueAwaitsTheResult() async throws {
    try await withSubscriptionTracking {
        let value = try await Single.just(5).value
        #expect(value == 5)
    }
}

@Test func singleValueThrowsTheFailure() async {
    await withSubscriptionTracking {
        await #expect(throws: TestError.self) { try await Single<Int>.error(TestError(1)).value }
        return ()
    }
}

@Test func singleCatchAndReturnRecovers() {
    withSubscriptionTracking {
        let log = Log<Int>()
        Single<Int>.error(TestError(1)).catchAndReturn(9).subscribe(onSuccess: { log.append($0) })
        #expect(log.all == [9])
    }
}

@Test func singleFilterGivesAMaybe() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let kept = scheduler.start { Single.just(2).filter { $0 > 1 } }
        #expect(kept.events == [.next(200, 2), .completed(200)])
        let dropped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Single.just(2).filter { $0 > 5 }
        }
        #expect(dropped.events == [.completed(1200)])
        let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
            Single.just(2).filter { _ in throw TestError(1) }
        }
        #expect(failed.events == [.error(2200, TestError(1))])
    }
}

@Test func singleZipOfACollectionCombinesTheValuesWithTheSelector() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let singles = [10, 30, 20].map { Single.just($0).delay(.ticks($0), scheduler: scheduler) }
        let res = scheduler.start { Single.zip(singles) { $0.map(String.init).joined(separator: ",") } }
        #expect(res.events == [.next(230, "10,30,20"), .completed(230)])
    }
}

@Test func singleZipOfACollectionFailsAtTheFirstFailureOrTheSelectorsError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let failing = scheduler.start {
            Single.zip([Single.just(1), .error(TestError(1))]) { $0.reduce(0, +) }
        }
        #expect(failing.events == [.error(200, TestError(1))])
        let throwing = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Single.zip(Set([1, 2]).map { Single.just($0) }) { (_: [Int]) -> Int in throw TestError(2) }
        }
        #expect(throwing.events == [.error(1200, TestError(2))])
    }
}

@Test func singleZipOfNoSinglesCallsTheSelectorAtEachSubscription() {
    withSubscriptionTracking {
        let calls = Log<[Int]>()
        let zipped = Single<Int>.zip([Single<Int>]()) { values in
            calls.append(values)
            return values.count
        }
        #expect(calls.all.isEmpty)
        let outcomes = Log<Int>()
        zipped.subscribe(onSuccess: { outcomes.append($0) })
        zipped.subscribe(onSuccess: { outcomes.append($0) })
        #expect(calls.all == [[], []])
        #expect(outcomes.all == [0, 0])
    }
}

@Test func singleJustOnASchedulerTakesAnActionForTheValueAndOneForTheEnd() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(simulateProcessingDelay: true)
        let res = scheduler.start { Single.just(1, scheduler: scheduler) }
        #expect(res.events == [.next(201, 1), .completed(202)])
    }
}
