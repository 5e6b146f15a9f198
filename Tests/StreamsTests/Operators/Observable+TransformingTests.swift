import Streams
import StreamsTesting
import Testing

@Test func mapTransformsEachValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        #expect(res.events == [.next(210, 4), .next(240, 6), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func mapForwardsErrorsAndDisposesUpstream() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1)), .next(230, 2)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        #expect(res.events == [.next(210, 2), .error(220, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func compactMapDropsNilResults() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300)])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        #expect(res.events == [.next(210, 1), .next(230, 3), .completed(300)])
    }
}

@Test func compactMapFailsWithTheErrorItsTransformThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "!"), .completed(300)])
        let res = scheduler.start {
            xs.compactMap { text -> Int? in
                if text == "!" { throw TestError(1) }
                return Int(text)
            }
        }
        #expect(res.events == [.next(210, 1), .error(230, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}

@Test func filterKeepsMatchingValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.filter { $0 % 2 == 1 } }
        #expect(res.events == [.next(210, 1), .next(230, 3), .completed(300)])
    }
}

@Test func scanSendsRunningResults() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        #expect(res.events == [.next(210, 11), .next(220, 13), .next(230, 16), .completed(300)])
    }
}

@Test func tryMapTransformsValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.tryMap { $0 * 10 } }
        #expect(res.events == [.next(210, 10), .next(220, 20), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func tryMapFailsWithTheThrownErrorAndDisposesUpstream() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, -1), .next(230, 3), .completed(300)])
        let res = scheduler.start {
            xs.tryMap { value -> Int in
                if value < 0 { throw TestError("negative") }
                return value
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError("negative"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func tryMapStopsASynchronousSourceAfterThrowing() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        let calls = Log<Int>()
        _ = Observable.from(1...5)
            .tryMap { value -> Int in
                calls.append(value)
                if value == 2 { throw TestError(2) }
                return value
            }
            .subscribe { log.append($0) }
        #expect(log.all == [.next(1), .error(TestError(2))])
        #expect(calls.all == [1, 2])
    }
}

@Test func tryMapForwardsUpstreamErrors() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(210, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.tryMap { $0 } }
        #expect(res.events == [.error(210, TestError(1))])
    }
}

@Test func throwingMapFailsWithTheThrownError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.map { value throws -> Int in
                if value == 2 { throw TestError(1) }
                return value * 10
            }
        }
        #expect(res.events == [.next(210, 10), .error(220, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func throwingScanFailsWithTheThrownError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.scan(0) { sum, value throws -> Int in
                if value == 2 { throw TestError(1) }
                return sum + value
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
    }
}

@Test func scanIntoUpdatesTheStateInPlace() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.scan(into: [Int]()) { all, value in all.append(value) } }
        #expect(res.events == [.next(210, [1]), .next(220, [1, 2]), .completed(300)])
    }
}

@Test func enumeratedCountsFromZero() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
        let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
        #expect(res.events == [.next(210, "0a"), .next(220, "1b"), .completed(300)])
    }
}

@Test func reduceSendsTheFoldOnCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.reduce(10, accumulator: +) }
        #expect(res.events == [.next(300, 16), .completed(300)])
    }
}

@Test func reduceOfAnEmptySequenceSendsTheSeed() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        #expect(res.events == [.next(300, 42), .completed(300)])
    }
}

@Test func reduceMapsTheResult() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }
        #expect(res.events == [.next(300, "sum 3"), .completed(300)])
    }
}

@Test func reduceFailsWhenTheAccumulatorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.reduce(0) { (_: Int, _: Int) throws -> Int in throw TestError(1) } }
        #expect(res.events == [.error(210, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func reduceFailsWhenMapResultThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start {
            xs.reduce(0, accumulator: +, mapResult: { (_: Int) throws -> Int in throw TestError(1) })
        }
        #expect(res.events == [.error(300, TestError(1))])
    }
}

@Test func reduceForwardsAnUpstreamError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(3))])
        let res = scheduler.start { xs.reduce(0, accumulator: +) }
        #expect(res.events == [.error(250, TestError(3))])
    }
}
