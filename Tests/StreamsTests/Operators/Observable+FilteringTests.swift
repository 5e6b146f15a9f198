import Streams
import StreamsTesting
import Testing

@Test func distinctUntilChangedDropsConsecutiveDuplicates() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func distinctUntilChangedUsesTheComparer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 11), .next(230, 2), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { $0 % 10 == $1 % 10 } }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(300)])
    }
}

@Test func distinctUntilChangedByKeyComparesKeys() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "b"), .next(230, "cc"), .next(240, "dd"), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(by: \.count) }
        #expect(res.events == [.next(210, "a"), .next(230, "cc"), .completed(300)])
    }
}

@Test func distinctUntilChangedForwardsErrors() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func distinctUntilChangedKeepsStatePerSubscription() {
    withSubscriptionTracking {
        let source = Observable.of(1, 1, 2).distinctUntilChanged()
        let first = Log<Int>()
        let second = Log<Int>()
        _ = source.subscribe(onNext: { first.append($0) })
        _ = source.subscribe(onNext: { second.append($0) })
        #expect(first.all == [1, 2])
        #expect(second.all == [1, 2])
    }
}

@Test func takeCompletesAfterCountAndDisposesUpstream() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.take(2) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func takeOneDisposesUpstreamAfterTheFirstValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let res = scheduler.start { xs.take(1) }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func takeZeroCompletesWithoutSubscribing() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.take(0) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions.isEmpty)
    }
}

@Test func takeForwardsAnEarlierError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1)), .next(230, 3)])
        let res = scheduler.start { xs.take(3) }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func takeStopsASynchronousSource() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.from(1...100).take(2).subscribe { log.append($0) }
        #expect(log.all == [.next(1), .next(2), .completed])
    }
}

@Test func takeOneIgnoresAReentrantSendFromItsObserver() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<Event<Int>>()
        _ = subject.take(1).subscribe { event in
            log.append(event)
            subject.onNext(99)
        }
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.all == [.next(1), .completed])
        #expect(!subject.hasObservers)
    }
}

@Test func takeWhileCompletesAtTheFirstFailingValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}

@Test func takeUntilCompletesWhenTheOtherSendsAValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let stop = scheduler.createHotObservable([.next(250, "stop"), .completed(400)])
        let res = scheduler.start { xs.take(until: stop) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(stop.subscriptions == [Subscription(200, 250)])
    }
}

@Test func takeUntilIgnoresTheOtherCompletingWithoutValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let stop = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.take(until: stop) }
        #expect(res.events == [.next(210, 1), .next(260, 2), .completed(300)])
        #expect(stop.subscriptions == [Subscription(200, 250)])
    }
}

@Test func takeUntilFailsWhenTheOtherFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let stop = scheduler.createHotObservable([.error(250, TestError(2))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.take(until: stop) }
        #expect(res.events == [.next(210, 1), .error(250, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}

@Test func takeUntilDisposesBothWhenTheSourceCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let stop = scheduler.createHotObservable([.next(250, 0)])
        let res = scheduler.start { xs.take(until: stop) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(stop.subscriptions == [Subscription(200, 230)])
    }
}

@Test func takeUntilNeverSubscribesTheSourceIfTheOtherFiresAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.take(until: Observable.just(())) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions.isEmpty)
    }
}

@Test func skipDropsTheFirstValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.skip(2) }
        #expect(res.events == [.next(230, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func skipForwardsAnErrorDuringSkipping() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.skip(5) }
        #expect(res.events == [.error(220, TestError(1))])
    }
}

@Test func skipWhileSendsEverythingFromTheFirstFailingValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 5), .next(230, 1), .completed(300),
        ])
        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
        #expect(res.events == [.next(220, 5), .next(230, 1), .completed(300)])
    }
}

@Test func ignoreElementsPassesOnlyTheTerminalEvent() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events == [.completed(300)])
    }
}

@Test func firstSendsTheFirstValueAndDisposesUpstream() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.first() }
        #expect(res.events == [.next(210, Optional(1)), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func firstSendsNilForAnEmptySequence() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.first() }
        #expect(res.events == [.next(250, nil), .completed(250)])
    }
}

@Test func takeUntilDisposesBothOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let stop = scheduler.createHotObservable([.next(400, 0)])
        let res = scheduler.start(disposed: 300) { xs.take(until: stop) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(stop.subscriptions == [Subscription(200, 300)])
    }
}

@Test func throwingFilterFailsWithTheThrownError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start {
            xs.filter { value throws -> Bool in
                if value == 2 { throw TestError(1) }
                return true
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func throwingDistinctUntilChangedFailsWithTheThrownError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw TestError(1) } }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
    }
}

@Test func takeWhileInclusiveSendsTheValueThatEndedIt() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }, behavior: .inclusive) }
        #expect(res.events == [.next(210, 1), .next(220, 5), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func takeWhileExclusiveDropsTheValueThatEndedIt() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }, behavior: .exclusive) }
        #expect(res.events == [.next(210, 1), .completed(220)])
    }
}

@Test func takeWhileFailsWhenThePredicateThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5)])
        let res = scheduler.start {
            xs.take(while: { value throws -> Bool in
                if value == 5 { throw TestError(1) }
                return true
            })
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
    }
}

@Test func skipWhileFailsWhenThePredicateThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5)])
        let res = scheduler.start { xs.skip(while: { (_: Int) throws -> Bool in throw TestError(1) }) }
        #expect(res.events == [.error(210, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func takeLastSendsTheLastValuesOnCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events == [.next(300, 2), .next(300, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func takeLastDropsTheBufferOnError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(300, TestError(1))])
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events == [.error(300, TestError(1))])
    }
}

@Test func takeLastZeroOnlyCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.takeLast(0) }
        #expect(res.events == [.completed(300)])
    }
}

@Test func skipUntilSendsValuesAfterTheOtherSends() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
        let start = scheduler.createHotObservable([.next(225, "go"), .completed(250)])
        let res = scheduler.start { xs.skip(until: start) }
        #expect(res.events == [.next(230, 2), .next(240, 3), .completed(300)])
        #expect(start.subscriptions == [Subscription(200, 225)])
    }
}

@Test func skipUntilNeverSendsWhenTheOtherCompletesEmpty() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let start = scheduler.createHotObservable([.completed(220)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.skip(until: start) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func skipUntilFailsWhenTheOtherFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let start = scheduler.createHotObservable([.error(220, TestError(2))] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.skip(until: start) }
        #expect(res.events == [.error(220, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func elementAtSendsTheValueAtTheIndexAndCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.element(at: 1) }
        #expect(res.events == [.next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func elementAtFailsWhenTheSequenceIsTooShort() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.error(300, StreamsError.argumentOutOfRange)])
    }
}

@Test func singleSendsTheOnlyValueAndCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 1), .completed(300)])
    }
}

@Test func singleFailsAtASecondValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 1), .error(220, StreamsError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func singleFailsWhenEmpty() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.error(300, StreamsError.noElements)])
    }
}

@Test func singleWithPredicateConsidersOnlyMatchingValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.single { $0 == 2 } }
        #expect(res.events == [.next(220, 2), .completed(300)])
    }
}

/// Holds the observer of a `create` source, so a downstream can send back into it.
private final class ProducerHandle: @unchecked Sendable {
    var observer: AnyObserver<Int>?
}

/// What `makeOperator`'s operator sends when its downstream, on receiving 1, sends 2 back into the upstream
/// (a `create` source, which does not queue such a send), and the upstream then sends 3.
private func eventsWhenTheDownstreamSendsBack(
    through makeOperator: (Observable<Int>) -> Observable<Int>
) -> [Event<Int>] {
    let handle = ProducerHandle()
    let source = Observable<Int>.create { observer in
        handle.observer = observer
        return Disposables.empty
    }
    let log = Log<Event<Int>>()
    let subscription = makeOperator(source).subscribe { event in
        log.append(event)
        if case .next(1) = event { handle.observer?.onNext(2) }
    }
    handle.observer?.onNext(1)
    handle.observer?.onNext(3)
    subscription.dispose()
    return log.all
}

@Test func takeTakesNoValueSentBackIntoTheUpstreamWhileItsLastOneIsDelivered() {
    #expect(eventsWhenTheDownstreamSendsBack { $0.take(1) } == [.next(1), .completed])
}

@Test func firstSendsNoValueSentBackIntoTheUpstreamWhileTheFirstIsDelivered() {
    #expect(eventsWhenTheDownstreamSendsBack { $0.first().map { $0 ?? -1 } } == [.next(1), .completed])
}

@Test func elementAtSendsNoValueSentBackIntoTheUpstreamWhileItsValueIsDelivered() {
    #expect(eventsWhenTheDownstreamSendsBack { $0.element(at: 0) } == [.next(1), .completed])
}

@Test func takeUntilPredicateStopsAtTheFirstMatch() {
    withSubscriptionTracking {
        let exclusive = Log<Event<Int>>()
        let inclusive = Log<Event<Int>>()
        _ = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }).subscribe { exclusive.append($0) }
        _ = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive).subscribe { inclusive.append($0) }
        #expect(exclusive.all == [.next(1), .next(2), .completed])
        #expect(inclusive.all == [.next(1), .next(2), .next(3), .completed])
    }
}
