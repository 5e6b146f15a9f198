import Streams
import StreamsTesting
import Testing

private struct ValuesFailure: Error, Equatable {}

/// Waits, without a clock, until the consuming task has subscribed to `subject`.
private func untilSubscribed(_ subject: PublishSubject<Int>) async {
    while !subject.hasObservers { await Task.yield() }
}

@Test func valuesArriveInOrder() async throws {
    try await withSubscriptionTracking {
        var received: [Int] = []
        for try await value in Observable.from([1, 2, 3, 4]).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3, 4])
    }
}

@Test func valuesSentWhileTheConsumerWaitsArriveInOrder() async throws {
    try await withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let consumer = Task {
            var received: [Int] = []
            for try await value in subject.values { received.append(value) }
            return received
        }
        await untilSubscribed(subject)
        for value in 0..<1000 { subject.onNext(value) }
        subject.onCompleted()
        let received = try await consumer.value
        #expect(received == Array(0..<1000))
    }
}

@Test func valuesLoopEndsOnCompletion() async throws {
    try await withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 4)
        subject.onNext(7)
        subject.onCompleted()
        var iterator = subject.values.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == 7)
        let end = try await iterator.next()
        #expect(end == nil)
        let afterEnd = try await iterator.next()
        #expect(afterEnd == nil)
    }
}

@Test func valuesThrowTheErrorAfterTheValuesBeforeIt() async throws {
    try await withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 4)
        subject.onNext(1)
        subject.onError(ValuesFailure())
        var iterator = subject.values.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == 1)
        await #expect(throws: ValuesFailure.self) { try await iterator.next() }
        let afterError = try await iterator.next()
        #expect(afterError == nil)
    }
}

@Test func valuesErrorThrowsOutOfTheLoop() async {
    await withSubscriptionTracking {
        let error = await #expect(throws: ValuesFailure.self) {
            for try await _ in Observable<Int>.error(ValuesFailure()).values {}
        }
        #expect(error == ValuesFailure())
    }
}

@Test func valuesTaskCancellationDisposesTheSubscription() async throws {
    let tracker = SubscriptionTracker()
    try await LiveSubscriptions.withTracker(tracker) {
        let subject = PublishSubject<Int>()
        let consumer = Task {
            var received: [Int] = []
            for try await value in subject.values { received.append(value) }
            return received
        }
        await untilSubscribed(subject)
        #expect(tracker.live == 1)
        consumer.cancel()
        let received = try await consumer.value
        #expect(received == [])
        #expect(!subject.hasObservers)
    }
    #expect(tracker.live == 0)
}

@Test func valuesDroppingTheIteratorDisposesTheSubscription() async throws {
    let tracker = SubscriptionTracker()
    try await LiveSubscriptions.withTracker(tracker) {
        let relay = BehaviorRelay(value: 5)
        do {
            var iterator = relay.values.makeAsyncIterator()
            let current = try await iterator.next()
            #expect(current == 5)
            #expect(tracker.live == 1)
        }
        #expect(tracker.live == 0)
    }
    #expect(tracker.live == 0)
}

@Test func valuesSubscribeOnlyWhenAnIteratorIsMade() async {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let values = subject.values
        #expect(!subject.hasObservers)
        let iterator = values.makeAsyncIterator()
        #expect(subject.hasObservers)
        _ = iterator
    }
}

@Test func valuesKeepAHotSourcesValuesSentBeforeTheFirstNext() async throws {
    try await withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        var iterator = subject.values.makeAsyncIterator()
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        let first = try await iterator.next()
        let second = try await iterator.next()
        let end = try await iterator.next()
        #expect(first == 1)
        #expect(second == 2)
        #expect(end == nil)
    }
}
