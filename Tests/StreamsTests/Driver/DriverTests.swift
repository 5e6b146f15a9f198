import Streams
import StreamsTesting
import Testing

@Test func driverTurnsAnErrorIntoTheFallbackValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.asDriver(onErrorJustReturn: -1, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
    }
}

@Test func driverContinuesWithTheFallbackDriverOnError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let fallback = Observable.of(8, 9).asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let res = scheduler.start { xs.asDriver(onErrorDriveWith: fallback, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 8), .next(220, 9), .completed(220)])
    }
}

@Test func driverRecoversWithTheDriverMadeFromTheError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError(4))] as [Recorded<Event<String>>])
        let res = scheduler.start {
            xs.asDriver(onErrorRecover: { Driver.just("\($0)", scheduler: scheduler) }, scheduler: scheduler)
        }
        #expect(res.events == [.next(220, "\(TestError(4))"), .completed(220)])
    }
}

@Test func driverRecoveryMadeWithoutASchedulerDeliversOnTheDriversScheduler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(4))])
        let res = scheduler.start { xs.asDriver(onErrorRecover: { _ in .just(-1) }, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
    }
}

@Test func driverReplaysTheLatestValueToALateSubscriber() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(400, 3)])
        let driver = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { driver.subscribe(early.asObserver()).disposed(by: bag) }
        scheduler.scheduleAt(300) { driver.subscribe(late.asObserver()).disposed(by: bag) }
        scheduler.scheduleAt(500) { bag.dispose() }
        scheduler.advance(to: 600)
        #expect(early.events == [.next(210, 1), .next(220, 2), .next(400, 3)])
        #expect(late.events == [.next(300, 2), .next(400, 3)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }
}

@Test func driverDeliversNothingUntilItsSchedulerRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let received = SanitizerVisibleMutex<[Int]>([])
        let subscription = subject.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
            .drive(onNext: { value in received.withLock { $0.append(value) } })
        subject.onNext(1)
        #expect(received.withLock { $0 }.isEmpty)
        scheduler.advance(by: 0)
        #expect(received.withLock { $0 } == [1])
        subscription.dispose()
    }
}

@Test func driverDrivesARelay() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: "")
        let subscription = Observable.of("a", "b").asDriver(onErrorJustReturn: "", scheduler: scheduler)
            .drive(relay)
        scheduler.advance(by: 0)
        #expect(relay.value == "b")
        subscription.dispose()
    }
}

@Test func driverJustSendsItsValueThroughTheScheduler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Driver.just(5, scheduler: scheduler) }
        #expect(res.events == [.next(200, 5), .completed(200)])
    }
}
