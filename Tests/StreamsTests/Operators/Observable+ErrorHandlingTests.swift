import Streams
import StreamsTesting
import Testing

@Test func catchContinuesWithTheFallback() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let fallback = scheduler.createColdObservable([.next(10, 100), .completed(20)])
        let res = scheduler.start { xs.catch { _ in fallback } }
        #expect(res.events == [.next(210, 1), .next(230, 100), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(fallback.subscriptions == [Subscription(220, 240)])
    }
}

@Test func catchPassesTheErrorToTheHandler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(220, TestError("boom"))] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.catch { error in Observable.just("\(error)") } }
        #expect(res.events == [.next(220, "\(TestError("boom"))"), .completed(220)])
    }
}

@Test func catchFailsWhenTheHandlerThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(220, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.catch { _ -> Observable<Int> in throw TestError(2) } }
        #expect(res.events == [.error(220, TestError(2))])
    }
}

@Test func catchDisposesTheFallbackOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(220, TestError(1))] as [Recorded<Event<Int>>])
        let fallback = scheduler.createColdObservable([.next(10, 1)])
        let res = scheduler.start(disposed: 300) { xs.catch { _ in fallback } }
        #expect(res.events == [.next(230, 1)])
        #expect(fallback.subscriptions == [Subscription(220, 300)])
    }
}

@Test func catchInfersAFallbackMadeWithoutItsTypeName() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.catch { _ in .just(-1) } }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
    }
}

@Test func catchInfersAnEmptyFallback() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(220, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.catch { _ in .empty() } }
        #expect(res.events == [.completed(220)])
    }
}

@Test func catchInfersAFailingFallback() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(220, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.catch { _ in .error(TestError(2)) } }
        #expect(res.events == [.error(220, TestError(2))])
    }
}

@Test func catchIgnoresCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.catch { _ in Observable.just(0) } }
        #expect(res.events == [.next(210, 1), .completed(220)])
    }
}

@Test func catchAndReturnSendsTheValueAndCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.catchAndReturn(-1) }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
    }
}

@Test func retryResubscribesAfterEachError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let res = scheduler.start(disposed: 265) { xs.retry() }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1)])
        #expect(
            xs.subscriptions == [
                Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 265),
            ])
    }
}

@Test func retryWithCountStopsAfterMaxAttempts() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let res = scheduler.start { xs.retry(3) }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }
}

@Test func retryCompletesWhenAnAttemptSucceeds() {
    withSubscriptionTracking {
        let attempts = Log<Int>()
        let source = Observable<Int>.deferred {
            attempts.append(1)
            return attempts.count < 3 ? .error(TestError(1)) : .just(42)
        }
        let log = Log<Event<Int>>()
        _ = source.retry(5).subscribe { log.append($0) }
        #expect(log.all == [.next(42), .completed])
        #expect(attempts.count == 3)
    }
}

@Test func retryOfASynchronousFailureDoesNotRecurse() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable<Int>.error(TestError(1)).retry(20_000).subscribe { log.append($0) }
        #expect(log.all == [.error(TestError(1))])
    }
}

@Test func retryBelowOneMeansASingleAttempt() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.retry(0) }
        #expect(res.events == [.error(210, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func catchSequenceMovesToTheNextSourceOnError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let res = scheduler.start { Observable.catch([first.asObservable(), second.asObservable()]) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
        #expect(second.subscriptions == [Subscription(220, 240)])
    }
}

@Test func catchSequenceSendsTheLastError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let second = scheduler.createColdObservable([.error(10, TestError(2))] as [Recorded<Event<Int>>])
        let res = scheduler.start { Observable.catch([first.asObservable(), second.asObservable()]) }
        #expect(res.events == [.error(220, TestError(2))])
    }
}

@Test func retryWhenResubscribesAtEachTriggerValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let res = scheduler.start {
            xs.retry { (errors: Observable<TestError>) in errors.take(2) }
        }
        // The trigger's second value resubscribes; its completion, right behind, finds no
        // failure pending, so it waits for the third attempt's failure and ends the result then.
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }
}

@Test func retryWhenLetsTheSourceEndWhenTheTriggerEndedFirst() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(250)])
        let trigger = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start(disposed: 300) { xs.retry { (_: Observable<TestError>) in trigger } }
        #expect(res.events == [.next(230, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(trigger.subscriptions == [Subscription(200, 250)])
    }
}

@Test func retryWhenHoldsTheTriggersEndUntilTheNextFailure() {
    withSubscriptionTracking {
        for end in [Event<Int>.completed, .error(TestError(2))] {
            let scheduler = TestScheduler()
            let xs = scheduler.createColdObservable([.next(10, 1), .error(40, TestError(1))])
            let trigger = scheduler.createHotObservable([Recorded(time: 220, value: end)])
            let res = scheduler.start { xs.retry { (_: Observable<TestError>) in trigger } }
            #expect(res.events == [.next(210, 1), Recorded(time: 240, value: end)])
            #expect(xs.subscriptions == [Subscription(200, 240)])
        }
    }
}

@Test func retryWhenDropsTriggerValuesWhileNoFailureIsPending() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(50, TestError(1))])
        let trigger = scheduler.createHotObservable([.next(220, "early"), .next(300, "retry"), .completed(400)])
        let res = scheduler.start { xs.retry { (_: Observable<TestError>) in trigger } }
        #expect(res.events == [.next(210, 1), .next(310, 1), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(300, 350)])
        #expect(trigger.subscriptions == [Subscription(200, 400)])
    }
}

@Test func retryWhenCountsFailuresUntilTheTriggerThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError(1)), .completed(40)])
        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) in
                errors.scan(0) { count, _ in
                    if count == 1 { throw TestError(9) }
                    return count + 1
                }
            }
        }
        #expect(
            res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, TestError(9))])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
    }
}

@Test func retryWhenOfASynchronousFailureDoesNotRecurse() {
    withSubscriptionTracking {
        let attempts = Log<Int>()
        let log = Log<Event<Int>>()
        _ = Observable<Int>.deferred {
            attempts.append(1)
            return .error(TestError(1))
        }
        .retry { (errors: Observable<TestError>) in errors.take(20_000) }
        .subscribe { log.append($0) }
        // The last value of the trigger resubscribes; its completion ends the attempt after it.
        #expect(attempts.count == 20_001)
        #expect(log.all == [.completed])
    }
}

@Test func retryWhenFailsWhenTheTriggerFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start {
            xs.retry { (errors: Observable<TestError>) in
                errors.flatMap { Observable<Int>.error(TestError(($0.code ?? 0) + 10)) }
            }
        }
        #expect(res.events == [.error(210, TestError(11))])
    }
}

@Test func retryWhenCanWaitBeforeResubscribing() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(1))])
        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) in
                errors.flatMap { _ in Observable<Int>.timer(.ticks(30), scheduler: scheduler) }
            }
        }
        #expect(res.events == [.next(210, 1), .next(260, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(250, 270)])
    }
}

@Test func retryWhenTakesTheErrorsUntyped() {
    withSubscriptionTracking {
        let attempts = Log<Int>()
        let log = Log<Event<Int>>()
        _ = Observable<Int>.deferred {
            attempts.append(1)
            return attempts.count < 3 ? .error(TestError(attempts.count)) : .just(9)
        }
        .retry(when: { errors in errors.map { _ in () } })
        .subscribe { log.append($0) }
        #expect(attempts.count == 3)
        #expect(log.all == [.next(9), .completed])
    }
}

@Test func catchSequenceMovesOnToTheNextSourceOnError() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.catch(sequence: [Observable.error(TestError(1)), .just(2), .just(3)]).subscribe {
            log.append($0)
        }
        #expect(log.all == [.next(2), .completed])
    }
}
