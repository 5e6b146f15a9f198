import Streams
import StreamsTesting
import Testing

@Test func retryWithConstantDelayResubscribesAfterEachWait() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let res = scheduler.start {
            xs.retry(maxAttempts: 3, delay: .constant(.milliseconds(100)), scheduler: scheduler)
        }
        #expect(res.events == [.next(210, 1), .next(330, 1), .next(450, 1), .error(460, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(320, 340), Subscription(440, 460)])
    }
}

@Test func retryWithExponentialDelayDoublesTheWaitUpToTheCap() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(20, TestError(1))] as [Recorded<Event<Int>>])
        let backoff = RetryDelay.exponential(
            initial: .milliseconds(100), multiplier: 2, maxDelay: .milliseconds(300))
        let res = scheduler.start(disposed: 2000) {
            xs.retry(maxAttempts: 5, delay: backoff, scheduler: scheduler)
        }
        #expect(res.events == [.error(1200, TestError(1))])
        #expect(
            xs.subscriptions == [
                Subscription(200, 220), Subscription(320, 340), Subscription(540, 560),
                Subscription(860, 880), Subscription(1180, 1200),
            ])
    }
}

@Test func retryWithDelayForwardsAnErrorTheFilterRejects() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(2))])
        let res = scheduler.start {
            xs.retry(maxAttempts: 3, delay: .constant(.milliseconds(100)), scheduler: scheduler) {
                $0 as? TestError != TestError(2)
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func retryWithDelayCompletesWhenAnAttemptSucceeds() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let succeeding = scheduler.createColdObservable([.next(5, 7), .completed(10)])
        let attempts = BehaviorRelay(value: 0)
        let source = Observable<Int>.deferred {
            attempts.accept(attempts.value + 1)
            return attempts.value == 1 ? failing.asObservable() : succeeding.asObservable()
        }
        let res = scheduler.start { source.retry(maxAttempts: 3, delay: .constant(50), scheduler: scheduler) }
        #expect(res.events == [.next(265, 7), .completed(270)])
        #expect(succeeding.subscriptions == [Subscription(260, 270)])
    }
}

@Test func retryLabelsEachWaitWithItsDelay() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subscription = Observable<Int>.error(TestError(1))
            .retry(maxAttempts: 2, delay: .constant(.milliseconds(200)), scheduler: scheduler)
            .subscribe(onError: { _ in })
        #expect(scheduler.pendingWork.map(\.label) == ["retry backoff(200ms)"])
        subscription.dispose()
    }
}

@Test func retryWithDelayCountsFewerThanOneAttemptAsOne() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.retry(maxAttempts: 0, delay: .constant(1), scheduler: scheduler) }
        #expect(res.events == [.error(210, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func retryDelayExponentialGrowsThenStaysAtTheCap() {
    let backoff = RetryDelay.exponential(initial: .milliseconds(100), multiplier: 3, maxDelay: .seconds(1))
    #expect((1...5).map { backoff.delay(beforeRetry: $0).ticks } == [100, 300, 900, 1000, 1000])
}

@Test func retryDelayExponentialDoesNotOverflow() {
    let backoff = RetryDelay.exponential(initial: .seconds(1), multiplier: 1000, maxDelay: .seconds(60))
    #expect(backoff.delay(beforeRetry: 100) == .seconds(60))
}

@Test func retryWhenWaitsAsDecidedAndStopsOnNil() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start {
            xs.retry(scheduler: scheduler) { _, failures in failures < 3 ? .ticks(failures * 100) : nil }
        }
        #expect(res.events == [.error(530, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 210), Subscription(310, 320), Subscription(520, 530)])
    }
}
