import Streams
import StreamsTesting
import Testing

@Test func behaviorRelayHoldsTheLatestValue() {
    let relay = BehaviorRelay(value: 1)
    #expect(relay.value == 1)
    relay.accept(2)
    #expect(relay.value == 2)
}

@Test func behaviorRelaySendsTheCurrentValueThenLaterOnes() {
    withSubscriptionTracking {
        let relay = BehaviorRelay(value: "a")
        let log = Log<String>()
        let subscription = relay.subscribe(onNext: { log.append($0) })
        relay.accept("b")
        #expect(log.all == ["a", "b"])
        subscription.dispose()
    }
}

@Test func behaviorRelayAcceptInsideOnNextUpdatesTheValueInOrder() {
    withSubscriptionTracking {
        let relay = BehaviorRelay(value: 0)
        let log = Log<Int>()
        let subscription = relay.subscribe(onNext: { value in
            log.append(value)
            if value < 3 { relay.accept(relay.value + 1) }
        })
        #expect(log.all == [0, 1, 2, 3])
        #expect(relay.value == 3)
        subscription.dispose()
    }
}
