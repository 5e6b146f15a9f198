import Dispatch
import StreamsTesting
import Synchronization
import Testing

@testable import Streams

@Test func serializerDeliversQueuedEventsInOrder() {
    let log = Log<Event<Int>>()
    let serializer = _Serializer<Int, Int>(0, deliver: { log.append($0) })
    serializer.update { count, outbox in
        count += 2
        outbox.next(1)
        outbox.next(2)
    }
    #expect(log.all == [.next(1), .next(2)])
    #expect(serializer.read { $0 } == 2)
}

@Test func serializerQueuesAReentrantSendBehindTheCurrentDelivery() {
    let log = Log<String>()
    let serializer = SanitizerVisibleMutex<_Serializer<Void, Int>?>(nil)
    let instance = _Serializer<Void, Int>(
        (),
        deliver: { event in
            log.append("begin \(event)")
            if case .next(1) = event { serializer.withLock { $0 }?.send(.next(2)) }
            log.append("end \(event)")
        })
    serializer.withLock { $0 = instance }
    instance.send(.next(1))
    #expect(log.all == ["begin next(1)", "end next(1)", "begin next(2)", "end next(2)"])
}

@Test func serializerRefusesEventsAfterATerminalEvent() {
    let log = Log<Event<Int>>()
    let serializer = _Serializer<Void, Int>((), deliver: { log.append($0) })
    serializer.send(.next(1))
    serializer.send(.completed)
    serializer.send(.next(2))
    serializer.send(.error(TestError(1)))
    #expect(log.all == [.next(1), .completed])
    #expect(serializer.isStopped)
}

@Test func serializerCloseDropsPendingAndLaterEvents() {
    let log = Log<Event<Int>>()
    let serializer = SanitizerVisibleMutex<_Serializer<Void, Int>?>(nil)
    let instance = _Serializer<Void, Int>(
        (),
        deliver: { event in
            log.append(event)
            if case .next(1) = event {
                let current = serializer.withLock { $0 }
                current?.send(.next(2))
                current?.close()
            }
        })
    serializer.withLock { $0 = instance }
    instance.send(.next(1))
    instance.send(.next(3))
    #expect(log.all == [.next(1)])
}

@Test func serializerNeverDeliversConcurrently() {
    let inDelivery = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let delivered = Atomic<Int>(0)
    let serializer = _Serializer<Int, Int>(
        0,
        deliver: { _ in
            if inDelivery.exchange(true, ordering: .acquiringAndReleasing) {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            delivered.wrappingAdd(1, ordering: .relaxed)
            inDelivery.store(false, ordering: .releasing)
        })
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for value in 0..<2_000 {
            serializer.update { count, outbox in
                count += 1
                outbox.next(value)
            }
        }
    }
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(delivered.load(ordering: .relaxed) == 8_000)
    #expect(serializer.read { $0 } == 8_000)
}
