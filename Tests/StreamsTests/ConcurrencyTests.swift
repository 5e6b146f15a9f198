import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// Records what one observer receives from several threads and checks the observer contract:
/// no two deliveries overlap, and nothing arrives after a terminal event.
private final class ContractRecorder<Element: Sendable>: Sendable {
    private let inDelivery = Atomic<Bool>(false)
    private let overlaps = Atomic<Int>(0)
    private let afterTerminal = Atomic<Int>(0)
    private let terminated = Atomic<Bool>(false)
    private let values = SanitizerVisibleMutex<[Element]>([])
    private let terminal = SanitizerVisibleMutex<Event<Element>?>(nil)

    var observer: AnyObserver<Element> { AnyObserver { self.on($0) } }

    func on(_ event: Event<Element>) {
        if inDelivery.exchange(true, ordering: .acquiringAndReleasing) {
            overlaps.wrappingAdd(1, ordering: .relaxed)
        }
        if terminated.load(ordering: .acquiring) { afterTerminal.wrappingAdd(1, ordering: .relaxed) }
        switch event {
        case .next(let value): values.withLock { $0.append(value) }
        case .error, .completed:
            terminal.withLock { $0 = event }
            terminated.store(true, ordering: .releasing)
        }
        inDelivery.store(false, ordering: .releasing)
    }

    var received: [Element] { values.withLock { $0 } }
    var terminalEvent: Event<Element>? { terminal.withLock { $0 } }
    var overlapCount: Int { overlaps.load(ordering: .relaxed) }
    var afterTerminalCount: Int { afterTerminal.load(ordering: .relaxed) }
}

/// Runs `body(index)` on `count` threads at once, each with `tracker` bound so that the
/// subscriptions they start are counted.
private func concurrently(_ count: Int, tracker: SubscriptionTracker, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count) { index in
        LiveSubscriptions.withTracker(tracker) { body(index) }
    }
}

private struct Item: Sendable, Equatable {
    let producer: Int
    let sequence: Int
}

private let producers = 4
private let perProducer = 2_000

@Test func subjectDeliversEveryEventOfConcurrentProducersInOrderWithoutOverlap() {
    let tracker = SubscriptionTracker()
    let subject = PublishSubject<Item>()
    let recorder = ContractRecorder<Item>()
    let churnOverlaps = Atomic<Int>(0)
    LiveSubscriptions.withTracker(tracker) {
        let stable = subject.subscribe(recorder.observer)
        concurrently(producers + 2, tracker: tracker) { index in
            if index < producers {
                for sequence in 0..<perProducer { subject.onNext(Item(producer: index, sequence: sequence)) }
            } else {
                for _ in 0..<300 {
                    let busy = Atomic<Bool>(false)
                    let subscription = subject.subscribe(onNext: { _ in
                        if busy.exchange(true, ordering: .acquiringAndReleasing) {
                            churnOverlaps.wrappingAdd(1, ordering: .relaxed)
                        }
                        busy.store(false, ordering: .releasing)
                    })
                    subscription.dispose()
                }
            }
        }
        stable.dispose()
    }
    let received = recorder.received
    #expect(received.count == producers * perProducer)
    for producer in 0..<producers {
        let sequences = received.filter { $0.producer == producer }.map(\.sequence)
        #expect(sequences == Array(0..<perProducer))
    }
    #expect(recorder.overlapCount == 0)
    #expect(churnOverlaps.load(ordering: .relaxed) == 0)
    #expect(tracker.live == 0)
    #expect(!subject.hasObservers)
}

@Test func subjectDeliversNothingAfterATerminalEventSentConcurrently() {
    let tracker = SubscriptionTracker()
    let subject = PublishSubject<Int>()
    let recorder = ContractRecorder<Int>()
    LiveSubscriptions.withTracker(tracker) {
        _ = subject.subscribe(recorder.observer)
        concurrently(producers, tracker: tracker) { index in
            for value in 0..<perProducer {
                if index == 0 && value == perProducer / 2 { subject.onCompleted() }
                subject.onNext(value)
            }
        }
    }
    #expect(recorder.terminalEvent == .completed)
    #expect(recorder.afterTerminalCount == 0)
    #expect(recorder.overlapCount == 0)
    #expect(tracker.live == 0)
}

@Test func subjectDeliversAtMostOneMoreValueAfterDisposeReturns() {
    let tracker = SubscriptionTracker()
    let subject = PublishSubject<Int>()
    let count = Atomic<Int>(0)
    let countAtDispose = Atomic<Int>(-1)
    let producerDone = Atomic<Bool>(false)
    LiveSubscriptions.withTracker(tracker) {
        let subscription = subject.subscribe(onNext: { _ in count.wrappingAdd(1, ordering: .relaxed) })
        concurrently(2, tracker: tracker) { index in
            if index == 0 {
                for value in 0..<20_000 { subject.onNext(value) }
                producerDone.store(true, ordering: .releasing)
            } else {
                // Bounded: if the two run one after the other, the producer is already done.
                while count.load(ordering: .relaxed) < 100 && !producerDone.load(ordering: .acquiring) {}
                subscription.dispose()
                countAtDispose.store(count.load(ordering: .relaxed), ordering: .relaxed)
            }
        }
    }
    #expect(count.load(ordering: .relaxed) <= countAtDispose.load(ordering: .relaxed) + 1)
    #expect(tracker.live == 0)
}

@Test func subjectObserverSendingToItsOwnSubjectWhileOthersSendNeitherDeadlocksNorLosesEvents() {
    let tracker = SubscriptionTracker()
    let subject = PublishSubject<Int>()
    let recorder = ContractRecorder<Int>()
    LiveSubscriptions.withTracker(tracker) {
        let echo = subject.subscribe(onNext: { value in
            if value >= 0 { subject.onNext(-1) }
        })
        let stable = subject.subscribe(recorder.observer)
        concurrently(producers, tracker: tracker) { _ in
            for value in 0..<500 { subject.onNext(value) }
        }
        echo.dispose()
        stable.dispose()
    }
    #expect(recorder.received.count == producers * 500 * 2)
    #expect(recorder.overlapCount == 0)
    #expect(tracker.live == 0)
}

@Test func behaviorSubjectValueStaysReadableWhileOtherThreadsSend() {
    let subject = BehaviorSubject(value: 0)
    let bad = Atomic<Int>(0)
    concurrently(producers, tracker: SubscriptionTracker()) { index in
        for value in 1...perProducer {
            if index % 2 == 0 {
                subject.onNext(value)
            } else if let current = try? subject.value, current < 0 || current > perProducer {
                bad.wrappingAdd(1, ordering: .relaxed)
            }
        }
    }
    #expect(bad.load(ordering: .relaxed) == 0)
    #expect((try? subject.value) == perProducer)
}

@Test func mergeFedFromSeveralThreadsSerializesDelivery() {
    let tracker = SubscriptionTracker()
    let subjects = (0..<producers).map { _ in PublishSubject<Item>() }
    let recorder = ContractRecorder<Item>()
    LiveSubscriptions.withTracker(tracker) {
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(recorder.observer)
        concurrently(producers, tracker: tracker) { index in
            for sequence in 0..<perProducer { subjects[index].onNext(Item(producer: index, sequence: sequence)) }
            subjects[index].onCompleted()
        }
        subscription.dispose()
    }
    let received = recorder.received
    #expect(received.count == producers * perProducer)
    for producer in 0..<producers {
        #expect(received.filter { $0.producer == producer }.map(\.sequence) == Array(0..<perProducer))
    }
    #expect(recorder.terminalEvent == .completed)
    #expect(recorder.overlapCount == 0)
    #expect(tracker.live == 0)
}

@Test func mergeDeliversNothingAfterAConcurrentError() {
    let tracker = SubscriptionTracker()
    let subjects = (0..<producers).map { _ in PublishSubject<Int>() }
    let recorder = ContractRecorder<Int>()
    LiveSubscriptions.withTracker(tracker) {
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(recorder.observer)
        concurrently(producers, tracker: tracker) { index in
            for value in 0..<perProducer {
                if index == 0 && value == perProducer / 4 { subjects[0].onError(TestError(1)) }
                subjects[index].onNext(value)
            }
        }
        subscription.dispose()
    }
    #expect(recorder.terminalEvent == .error(TestError(1)))
    #expect(recorder.afterTerminalCount == 0)
    #expect(recorder.overlapCount == 0)
    #expect(subjects.allSatisfy { !$0.hasObservers })
    #expect(tracker.live == 0)
}

@Test func combineLatestFedFromSeveralThreadsSerializesDeliveryAndCompletesOnce() {
    let tracker = SubscriptionTracker()
    let left = PublishSubject<Int>()
    let right = PublishSubject<Int>()
    let recorder = ContractRecorder<Int>()
    LiveSubscriptions.withTracker(tracker) {
        let subscription = Observable.combineLatest(left, right) { $0 + $1 }.subscribe(recorder.observer)
        concurrently(2, tracker: tracker) { index in
            let subject = index == 0 ? left : right
            for value in 1...perProducer { subject.onNext(value) }
            subject.onCompleted()
        }
        subscription.dispose()
    }
    let received = recorder.received
    #expect(received.last == perProducer * 2)
    #expect(received.count <= perProducer * 2)
    #expect(recorder.terminalEvent == .completed)
    #expect(recorder.afterTerminalCount == 0)
    #expect(recorder.overlapCount == 0)
    #expect(tracker.live == 0)
}

@Test func zipFedFromSeveralThreadsPairsEveryValue() {
    let tracker = SubscriptionTracker()
    let left = PublishSubject<Int>()
    let right = PublishSubject<Int>()
    let recorder = ContractRecorder<Int>()
    LiveSubscriptions.withTracker(tracker) {
        let subscription = Observable.zip(left, right) { $0 - $1 }.subscribe(recorder.observer)
        concurrently(2, tracker: tracker) { index in
            let subject = index == 0 ? left : right
            for value in 0..<perProducer { subject.onNext(value) }
            subject.onCompleted()
        }
        subscription.dispose()
    }
    #expect(recorder.received == Array(repeating: 0, count: perProducer))
    #expect(recorder.terminalEvent == .completed)
    #expect(recorder.overlapCount == 0)
    #expect(tracker.live == 0)
}

@Test func flatMapLatestFedFromSeveralThreadsSerializesDeliveryAndLeaksNothing() {
    let tracker = SubscriptionTracker()
    let outer = PublishSubject<Int>()
    let inners = (0..<producers).map { _ in PublishSubject<Int>() }
    let recorder = ContractRecorder<Int>()
    LiveSubscriptions.withTracker(tracker) {
        let subscription = outer.flatMapLatest { inners[$0] }.subscribe(recorder.observer)
        concurrently(producers + 1, tracker: tracker) { index in
            if index == producers {
                for step in 0..<perProducer { outer.onNext(step % producers) }
                outer.onCompleted()
            } else {
                for value in 0..<perProducer { inners[index].onNext(value) }
            }
        }
        #expect(inners.filter(\.hasObservers).count <= 1)
        for inner in inners { inner.onCompleted() }
        subscription.dispose()
    }
    #expect(recorder.terminalEvent == .completed)
    #expect(recorder.afterTerminalCount == 0)
    #expect(recorder.overlapCount == 0)
    #expect(inners.allSatisfy { !$0.hasObservers })
    #expect(tracker.live == 0)
}

@Test func flatMapFedFromSeveralThreadsDeliversEverythingWithoutOverlap() {
    let tracker = SubscriptionTracker()
    let inners = (0..<producers).map { _ in PublishSubject<Item>() }
    let recorder = ContractRecorder<Item>()
    LiveSubscriptions.withTracker(tracker) {
        let subscription = Observable.from(0..<producers).flatMap { inners[$0] }.subscribe(recorder.observer)
        concurrently(producers, tracker: tracker) { index in
            for sequence in 0..<perProducer { inners[index].onNext(Item(producer: index, sequence: sequence)) }
            inners[index].onCompleted()
        }
        subscription.dispose()
    }
    #expect(recorder.received.count == producers * perProducer)
    #expect(recorder.terminalEvent == .completed)
    #expect(recorder.overlapCount == 0)
    #expect(tracker.live == 0)
}

@Test func shareSubscribedAndDisposedFromSeveralThreadsLeaksNothing() {
    let tracker = SubscriptionTracker()
    let subject = PublishSubject<Int>()
    let connections = Atomic<Int>(0)
    let shared = subject.do(onSubscribe: { connections.wrappingAdd(1, ordering: .relaxed) }).share(replay: 1)
    LiveSubscriptions.withTracker(tracker) {
        concurrently(producers, tracker: tracker) { index in
            for value in 0..<500 {
                if index == 0 {
                    subject.onNext(value)
                } else {
                    shared.subscribe(onNext: { _ in }).dispose()
                }
            }
        }
    }
    #expect(connections.load(ordering: .relaxed) >= 1)
    #expect(!subject.hasObservers)
    #expect(tracker.live == 0)
}
