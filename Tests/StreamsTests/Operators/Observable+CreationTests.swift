import Streams
import StreamsTesting
import Testing

@Test func fromOptionalSendsTheValueAndCompletes() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.from(optional: 3).subscribe { log.append($0) }
        _ = Observable<Int>.from(optional: nil).subscribe { log.append($0) }
        #expect(log.all == [.next(3), .completed, .completed])
    }
}

@Test func rangeSendsConsecutiveValues() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.range(start: 5, count: 3).subscribe { log.append($0) }
        #expect(log.all == [.next(5), .next(6), .next(7), .completed])
    }
}

@Test func rangeReachesTheMaximumValue() {
    withSubscriptionTracking {
        let log = Log<Event<Int8>>()
        _ = Observable<Int8>.range(start: .max, count: 1).subscribe { log.append($0) }
        _ = Observable<Int8>.range(start: 120, count: 8).subscribe { log.append($0) }
        #expect(log.all == [.next(127), .completed] + (120...127).map { .next($0) } + [.completed])
    }
}

@Test func rangeRefusesAnOverflowingRange() {
    withSubscriptionTracking {
        let log = Log<Event<Int8>>()
        _ = Observable<Int8>.range(start: 120, count: 10).subscribe { log.append($0) }
        #expect(log.all.count == 1)
        #expect(log.all.first?.error != nil)
    }
}

@Test func generateSendsStatesWhileTheConditionHolds() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 }).subscribe {
            log.append($0)
        }
        #expect(log.all == [.next(1), .next(3), .next(9), .completed])
    }
}

@Test func generateFailsWhenIterateThrows() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.generate(initialState: 1, condition: { _ in true }, iterate: { _ in throw TestError(1) })
            .subscribe { log.append($0) }
        #expect(log.all == [.next(1), .error(TestError(1))])
    }
}

/// A resource that counts its disposals.
private final class Resource: Disposable, Sendable {
    let disposals = Log<Int>()
    func dispose() { disposals.append(1) }
}

@Test func usingDisposesTheResourceWhenTheSequenceEnds() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let resource = Resource()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { Observable.using({ resource }, observableFactory: { _ in xs.asObservable() }) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(resource.disposals.count == 1)
    }
}

@Test func usingDisposesTheResourceOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let resource = Resource()
        let xs = scheduler.createColdObservable([.next(10, 1)])
        _ = scheduler.start(disposed: 300) {
            Observable.using({ resource }, observableFactory: { _ in xs.asObservable() })
        }
        #expect(resource.disposals.count == 1)
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func usingFailsAndDisposesTheResourceWhenTheFactoryThrows() {
    withSubscriptionTracking {
        let resource = Resource()
        let log = Log<Event<Int>>()
        _ = Observable<Int>.using({ resource }, observableFactory: { _ in throw TestError(1) })
            .subscribe { log.append($0) }
        #expect(log.all == [.error(TestError(1))])
        #expect(resource.disposals.count == 1)
    }
}

@Test func asyncSequenceAsObservableSendsItsElements() async throws {
    try await withSubscriptionTracking {
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
        }
        var values: [Int] = []
        for try await value in stream.asObservable().values { values.append(value) }
        #expect(values == [1, 2])
    }
}
