import Streams
import StreamsTesting
import Testing

@Test func driverMapAndFilterStayDrivers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let driver: Driver<String> = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
            .filter { $0 != 2 }
            .map { "#\($0)" }
        let res = scheduler.start { driver }
        #expect(res.events == [.next(210, "#1"), .next(230, "#3")])
    }
}

@Test func driverDistinctUntilChangedDropsRepeats() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .next(230, 2)])
        let res = scheduler.start { xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler).distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
    }
}

@Test func driverMapSharesOneUpstreamSubscription() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let mapped = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler).map { $0 * 10 }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            mapped.subscribe(first.asObserver()).disposed(by: bag)
            mapped.subscribe(second.asObserver()).disposed(by: bag)
        }
        scheduler.scheduleAt(300) { bag.dispose() }
        scheduler.advance(to: 400)
        #expect(first.events == [.next(210, 10)])
        #expect(second.events == [.next(210, 10)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func driverCompactMapDropsNilResults() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "3")])
        let res = scheduler.start { xs.asDriver(onErrorJustReturn: "", scheduler: scheduler).compactMap { Int($0) } }
        #expect(res.events == [.next(210, 1), .next(230, 3)])
    }
}

@Test func driverScanSendsTheRunningResult() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start { xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler).scan(0, accumulator: +) }
        #expect(res.events == [.next(210, 1), .next(220, 3), .next(230, 6)])
    }
}

@Test func driverStartWithSendsTheFirstValueOnSubscription() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler).startWith(-1) }
        #expect(res.events == [.next(200, -1), .next(210, 1)])
    }
}

@Test func driverFlatMapLatestSwitchesToTheNewestInnerDriver() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])
        let first = scheduler.createColdObservable([.next(10, "a"), .next(50, "stale")])
        let second = scheduler.createColdObservable([.next(10, "b")])
        let res = scheduler.start {
            xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler).flatMapLatest { value in
                (value == 1 ? first : second).asDriver(onErrorJustReturn: "", scheduler: scheduler)
            }
        }
        #expect(res.events == [.next(220, "a"), .next(260, "b")])
        #expect(first.subscriptions == [Subscription(210, 250)])
    }
}
