import Streams
import StreamsTesting
import Testing

@Test func maybeCompletesWithoutAValue() {
    withSubscriptionTracking {
        let log = Log<String>()
        Maybe<Int>.empty().subscribe(onSuccess: { _ in log.append("value") }, onCompleted: { log.append("empty") })
        #expect(log.all == ["empty"])
    }
}

@Test func maybeWithAValueDoesNotReportCompletion() {
    withSubscriptionTracking {
        let log = Log<String>()
        Maybe.just(1).subscribe(onSuccess: { log.append("value \($0)") }, onCompleted: { log.append("empty") })
        #expect(log.all == ["value 1"])
    }
}

@Test func maybeCreateTakesTheFirstEventOnly() {
    withSubscriptionTracking {
        let log = Log<String>()
        let maybe = Maybe<Int>.create { observer in
            observer(.completed)
            observer(.success(1))
            return Disposables.empty
        }
        maybe.subscribe { event in
            if case .completed = event { log.append("completed") } else { log.append("other") }
        }
        #expect(log.all == ["completed"])
    }
}

@Test func asMaybeFailsAtASecondValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.asMaybe().asObservable() }
        #expect(res.events == [.error(220, StreamsError.moreThanOneElement)])
    }
}

@Test func maybeIfEmptyMakesASingle() {
    withSubscriptionTracking {
        let log = Log<Int>()
        Maybe<Int>.empty().ifEmpty(default: 4).subscribe(onSuccess: { log.append($0) })
        #expect(log.all == [4])
    }
}

@Test func maybeValueIsNilWhenEmpty() async throws {
    try await withSubscriptionTracking {
        let empty = try await Maybe<Int>.empty().value
        let full = try await Maybe.just(3).map { $0 + 1 }.value
        #expect(empty == nil)
        #expect(full == 4)
    }
}

@Test func compactMapOnSingleAndMaybeGivesAMaybe() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let kept = scheduler.start { Single.just(4).compactMap { $0 > 3 ? "\($0)" : nil }.asObservable() }
        #expect(kept.events == [.next(200, "4"), .completed(200)])
        let dropped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Maybe.just(2).compactMap { $0 > 3 ? $0 : nil }.asObservable()
        }
        #expect(dropped.events == [.completed(1200)])
    }
}

@Test func maybeOutcomesCompareKindValueAndErrorByTypeAndDescription() {
    withSubscriptionTracking {
        let outcomes = Log<MaybeEvent<Int>>()
        Maybe.just(1).subscribe { outcomes.append($0) }
        Maybe<Int>.empty().subscribe { outcomes.append($0) }
        Maybe<Int>.error(TestError(1)).subscribe { outcomes.append($0) }
        #expect(outcomes.all == [.success(1), .completed, .error(TestError(1))])
        #expect(outcomes.all != [.success(2), .completed, .error(TestError(1))])
        #expect(outcomes.all != [.success(1), .completed, .error(TestError(2))])
        #expect(MaybeEvent<Int>.completed != .error(TestError(1)))
    }
}

@Test func maybeCatchAndReturnRecoversWithAValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let failed = scheduler.start { Maybe<Int>.error(TestError(1)).catchAndReturn(5) }
        #expect(failed.events == [.next(200, 5), .completed(200)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Maybe<Int>.empty().catchAndReturn(5)
        }
        #expect(empty.events == [.completed(1200)])
    }
}

@Test func maybeIfEmptySwitchesToAnotherMaybe() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let other = scheduler.createColdObservable([.next(10, 7), .completed(10)])
        let switched = scheduler.start { Maybe<Int>.empty().ifEmpty(switchTo: other.asMaybe()) }
        #expect(switched.events == [.next(210, 7), .completed(210)])
        let kept = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Maybe.just(1).ifEmpty(switchTo: other.asMaybe())
        }
        #expect(kept.events == [.next(1200, 1), .completed(1200)])
        // Only the empty maybe subscribed to the other one.
        #expect(other.subscriptions == [Subscription(200, 210)])
    }
}

@Test func maybeJustOnASchedulerTakesAnActionForTheValueAndOneForTheEnd() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(simulateProcessingDelay: true)
        let res = scheduler.start { Maybe.just(1, scheduler: scheduler) }
        #expect(res.events == [.next(201, 1), .completed(202)])
    }
}
