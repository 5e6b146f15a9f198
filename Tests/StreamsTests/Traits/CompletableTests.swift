import Streams
import StreamsTesting
import Testing

@Test func completableAndThenRunsTheNextAfterCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.completed(20)] as [Recorded<Event<Int>>])
        let second = scheduler.createColdObservable([.next(10, 5), .completed(10)])
        let res = scheduler.start { first.asCompletable().andThen(second.asSingle()).asObservable() }
        #expect(res.events == [.next(230, 5), .completed(230)])
        #expect(second.subscriptions == [Subscription(220, 230)])
    }
}

@Test func completableAndThenSkipsTheNextOnFailure() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let second = scheduler.createColdObservable([.next(10, 5), .completed(10)])
        let res = scheduler.start { Completable.error(TestError(1)).andThen(second).asObservable() }
        #expect(res.events == [.error(200, TestError(1))])
        #expect(second.subscriptions.isEmpty)
    }
}

@Test func completableAndThenAnotherCompletable() {
    withSubscriptionTracking {
        let log = Log<String>()
        Completable.empty().andThen(.empty()).subscribe(onCompleted: { log.append("done") })
        #expect(log.all == ["done"])
    }
}

@Test func completableCreateReportsTheFirstEvent() {
    withSubscriptionTracking {
        let log = Log<String>()
        let completable = Completable.create { observer in
            observer(.error(TestError(1)))
            observer(.completed)
            return Disposables.empty
        }
        completable.subscribe(onCompleted: { log.append("completed") }, onError: { log.append("\($0)") })
        #expect(log.all == ["TestError(1)"])
    }
}

@Test func asCompletableDropsValues() {
    withSubscriptionTracking {
        let log = Log<String>()
        Observable.of(1, 2).asCompletable().subscribe(onCompleted: { log.append("done") })
        #expect(log.all == ["done"])
    }
}

@Test func completableValueAwaitsCompletion() async throws {
    try await withSubscriptionTracking {
        try await Completable.empty().value
        await #expect(throws: TestError.self) { try await Completable.error(TestError(2)).value }
    }
}

@Test func completableOutcomesCompareKindAndErrorByTypeAndDescription() {
    withSubscriptionTracking {
        let outcomes = Log<CompletableEvent>()
        Completable.empty().subscribe { outcomes.append($0) }
        Completable.error(TestError(1)).subscribe { outcomes.append($0) }
        #expect(outcomes.all == [.completed, .error(TestError(1))])
        #expect(outcomes.all != [.completed, .error(TestError("1"))])
        #expect(CompletableEvent.completed != .error(TestError(1)))
    }
}

@Test func completableConcatRunsTheSecondAfterTheFirst() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Never>>])
        let second = scheduler.createColdObservable([.completed(20)] as [Recorded<Event<Never>>])
        let res = scheduler.start { first.asCompletable().concat(second.asCompletable()) }
        #expect(res.events == [.completed(230)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(210, 230)])
    }
}

@Test func completableConcatOfASequenceStopsAtTheFirstFailure() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let sources = [
            scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Never>>]),
            scheduler.createColdObservable([.error(10, TestError(1))] as [Recorded<Event<Never>>]),
            scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Never>>]),
        ]
        let res = scheduler.start {
            // A sequence that is not a collection.
            Completable.concat(
                sequence(state: sources.makeIterator()) { iterator in iterator.next()?.asCompletable() })
        }
        #expect(res.events == [.error(220, TestError(1))])
        #expect(sources.map(\.subscriptions) == [[Subscription(200, 210)], [Subscription(210, 220)], []])
        let listed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Completable.concat(sources[0].asCompletable(), sources[2].asCompletable())
        }
        #expect(listed.events == [.completed(1220)])
        let none = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { Completable.concat([]) }
        #expect(none.events == [.completed(2200)])
    }
}
