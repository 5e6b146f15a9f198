import Streams
import StreamsTesting
import Testing

@Test func groupBySendsAGroupAtEachNewKey() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, "apple"), .next(220, "avocado"), .next(230, "banana"), .next(240, "apricot"), .completed(300),
        ])
        let res = scheduler.start {
            xs.groupBy { $0.prefix(1) }.flatMap { group in group.map { "\(group.key):\($0)" } }
        }
        #expect(
            res.events == [
                .next(210, "a:apple"), .next(220, "a:avocado"), .next(230, "b:banana"), .next(240, "a:apricot"),
                .completed(300),
            ])
    }
}

@Test func groupByEndsEveryGroupWithTheSourceError() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError(1))])
        let res = scheduler.start {
            xs.groupBy { $0 % 2 }.flatMap { group in group.materialize() }
        }
        #expect(
            res.events == [
                .next(210, .next(1)), .next(220, .next(2)), .next(230, .error(TestError(1))),
                .next(230, .error(TestError(1))), .error(230, TestError(1)),
            ])
    }
}

@Test func groupByFailsWhenTheKeySelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start {
            xs.groupBy { value throws -> Int in
                if value == 2 { throw TestError(1) }
                return value
            }.map(\.key)
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}
