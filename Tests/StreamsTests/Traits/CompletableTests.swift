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
