import Streams
import StreamsTesting
import Testing

@Test func publishRelaySendsAcceptedValuesToCurrentSubscribers() {
    withSubscriptionTracking {
        let relay = PublishRelay<Int>()
        relay.accept(0)
        let log = Log<Int>()
        let subscription = relay.subscribe(onNext: { log.append($0) })
        relay.accept(1)
        relay.accept(2)
        #expect(log.all == [1, 2])
        subscription.dispose()
    }
}

@Test func publishRelayUnderVirtualTime() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let relay = PublishRelay<String>()
        scheduler.scheduleAt(210) { relay.accept("a") }
        scheduler.scheduleAt(220) { relay.accept("b") }
        let res = scheduler.start(disposed: 215) { relay }
        #expect(res.events == [.next(210, "a")])
    }
}

@Test func publishRelayQueuesAReentrantAccept() {
    withSubscriptionTracking {
        let relay = PublishRelay<Int>()
        let log = Log<String>()
        let subscription = relay.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { relay.accept(2) }
            log.append("end \(value)")
        })
        relay.accept(1)
        #expect(log.all == ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }
}
