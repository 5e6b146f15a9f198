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
