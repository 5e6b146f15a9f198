import Streams
import StreamsTesting
import Testing

// The worked example of the "Porting RxSwift tests" article, kept compiling and passing.

@Test func portedSkipUntilSendsValuesOnceTheOtherSent() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let l = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }
}

@Test func portedRecordingIntoATestBox() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let values = TestBox([Int]())
        let subscription = xs.subscribe(onNext: { values.append($0) })
        scheduler.advance(to: 300)
        #expect(values.value == [1, 2])
        subscription.dispose()
    }
}
