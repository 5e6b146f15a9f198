import Streams
import StreamsTesting
import Testing

@Test func startWithSendsTheGivenValuesFirst() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 3), .completed(300)])
        let res = scheduler.start { xs.startWith(1, 2) }
        #expect(res.events == [.next(200, 1), .next(200, 2), .next(210, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func startWithDisposesTheUpstreamOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 3)])
        let res = scheduler.start(disposed: 400) { xs.startWith(0) }
        #expect(res.events == [.next(200, 0), .next(210, 3)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}

@Test func withLatestFromCombinesWithTheLatestOtherValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(260)])
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(230, "2a"), .next(250, "3b"), .next(270, "4b"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 260)])
    }
}

@Test func withLatestFromWithoutSelectorSendsTheOtherValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .next(250, 2)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(230, "a"), .next(250, "b")])
    }
}

@Test func withLatestFromFailsWhenTheOtherFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .next(250, 2)])
        let ys = scheduler.createHotObservable([.next(220, 1), .error(240, TestError(1))])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.next(230, 2), .error(240, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }
}

@Test func withLatestFromFailsWhenTheSourceFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(230, TestError(2))] as [Recorded<Event<Int>>])
        let ys = scheduler.createHotObservable([.next(220, 1)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.error(230, TestError(2))])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }
}

@Test func withLatestFromSubscribesTheOtherFirst() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.of(1, 2).withLatestFrom(Observable.just("x")) { "\($0)\($1)" } }
        #expect(res.events == [.next(200, "1x"), .next(200, "2x"), .completed(200)])
    }
}

@Test func withLatestFromDisposesBothOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1)])
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let res = scheduler.start(disposed: 300) { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.next(230, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }
}

@Test func ifEmptyDefaultSendsTheDefaultForAnEmptySequence() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.ifEmpty(default: 7) }
        #expect(res.events == [.next(300, 7), .completed(300)])
    }
}

@Test func ifEmptyDefaultPassesANonEmptySequenceThrough() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.ifEmpty(default: 7) }
        #expect(res.events == [.next(210, 1), .completed(300)])
    }
}

@Test func ifEmptySwitchToSubscribesTheOtherOnEmptyCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys) }
        #expect(res.events == [.next(310, 5), .completed(320)])
        #expect(ys.subscriptions == [Subscription(300, 320)])
    }
}

@Test func ifEmptySwitchToForwardsAnErrorWithoutSwitching() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.error(300, TestError(1))] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 5)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys) }
        #expect(res.events == [.error(300, TestError(1))])
        #expect(ys.subscriptions.isEmpty)
    }
}

@Test func withLatestFromFailsWhenTheSelectorThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(220, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(210, "a")])
        let res = scheduler.start {
            xs.withLatestFrom(ys) { value, _ throws -> Int in
                if value == 2 { throw TestError(1) }
                return value
            }
        }
        #expect(res.events == [.next(220, 1), .error(230, TestError(1))])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }
}
