import Streams
import StreamsTesting
import Testing

@testable import ViewModels

@Test func exhaustMapIgnoresValuesWhileTheInnerObservableRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(10, "done"), .completed(100)])
        let source = scheduler.createHotObservable([.next(300, 1), .next(350, 2), .next(450, 3)])
        let result = scheduler.start {
            source.asObservable().exhaustMap { value in inner.asObservable().map { "\(value) \($0)" } }
        }
        #expect(result.events == [.next(310, "1 done"), .next(460, "3 done")])
        #expect(inner.subscriptions == [Subscription(300, 400), Subscription(450, 550)])
    }
}

@Test func exhaustMapStartsAgainRightAfterTheInnerObservableEnds() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(10, 0), .completed(49)])
        let source = scheduler.createHotObservable([.next(300, 1), .next(350, 2)])
        let result = scheduler.start { source.asObservable().exhaustMap { _ in inner.asObservable() } }
        #expect(result.events == [.next(310, 0), .next(360, 0)])
        #expect(inner.subscriptions == [Subscription(300, 349), Subscription(350, 399)])
    }
}

@Test func exhaustMapDisposalEndsTheRunningInnerObservable() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let inner = scheduler.createColdObservable([.next(10, 0), .completed(5000)])
        let source = scheduler.createHotObservable([.next(300, 1)])
        let result = scheduler.start { source.asObservable().exhaustMap { _ in inner.asObservable() } }
        #expect(result.events == [.next(310, 0)])
        #expect(inner.subscriptions == [Subscription(300, 1000)])
    }
}
