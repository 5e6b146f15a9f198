import Streams
import StreamsTesting
import Testing

@Test func replayRelayReplaysItsLastValues() {
    withSubscriptionTracking {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        let log = Log<Int>()
        let subscription = relay.subscribe(onNext: { log.append($0) })
        relay.accept(4)
        #expect(log.all == [2, 3, 4])
        subscription.dispose()
    }
}

@Test func replayRelayUnboundReplaysEverything() {
    withSubscriptionTracking {
        let relay = ReplayRelay<Int>.createUnbound()
        relay.accept(1)
        relay.accept(2)
        let log = Log<Int>()
        let subscription = relay.subscribe(onNext: { log.append($0) })
        #expect(log.all == [1, 2])
        subscription.dispose()
    }
}
