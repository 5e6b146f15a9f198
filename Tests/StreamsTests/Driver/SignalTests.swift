import Streams
import StreamsTesting
import Testing

@Test func signalDoesNotReplayToALateSubscriber() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let signal = xs.asSignal(onErrorJustReturn: 0, scheduler: scheduler)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { signal.subscribe(early.asObserver()).disposed(by: bag) }
        scheduler.scheduleAt(300) { signal.subscribe(late.asObserver()).disposed(by: bag) }
        scheduler.scheduleAt(500) { bag.dispose() }
        scheduler.advance(to: 600)
        #expect(early.events == [.next(210, 1), .next(400, 2)])
        #expect(late.events == [.next(400, 2)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }
}

@Test func signalTurnsAnErrorIntoTheFallbackValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.asSignal(onErrorJustReturn: -1, scheduler: scheduler).map { $0 * 2 } }
        #expect(res.events == [.next(210, 2), .next(220, -2), .completed(220)])
    }
}

@Test func signalRecoversWithTheSignalMadeFromTheError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError(4))] as [Recorded<Event<String>>])
        let res = scheduler.start {
            xs.asSignal(onErrorRecover: { Signal.just("\($0)", scheduler: scheduler) }, scheduler: scheduler)
        }
        #expect(res.events == [.next(220, "\(TestError(4))"), .completed(220)])
    }
}

@Test func signalRecoveryMadeWithoutASchedulerDeliversOnTheSignalsScheduler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(4))])
        let res = scheduler.start { xs.asSignal(onErrorRecover: { _ in Signal.of(7, 8) }, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 7), .next(220, 8), .completed(220)])
    }
}

@Test func signalRecoveryWithoutATypeNameStillTakesAnObservable() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(4))])
        let emptied = scheduler.start { xs.asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler) }
        #expect(emptied.events == [.next(210, 1), .completed(220)])
    }
}

@Test func signalRecoveryByAValueWithoutATypeNameDeliversOnTheSignalsScheduler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError(4))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.asSignal(onErrorRecover: { _ in .just(-1) }, scheduler: scheduler) }
        #expect(res.events == [.next(220, -1), .completed(220)])
    }
}
