import Streams
import StreamsTesting
import Testing

private struct AsyncFailure: Error, Equatable {}

@Test func fromAsyncSequenceSendsItsElementsThenCompletes() async throws {
    try await withSubscriptionTracking {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
        var received: [Int] = []
        for try await value in Observable.from(stream).values { received.append(value) }
        #expect(received == [1, 2, 3])
    }
}

@Test func fromAsyncSequenceForwardsItsError() async {
    await withSubscriptionTracking {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: AsyncFailure())
        var received: [Int] = []
        await #expect(throws: AsyncFailure.self) {
            for try await value in Observable.from(stream).values { received.append(value) }
        }
        #expect(received == [1])
    }
}

@Test func fromAsyncSequenceDisposeCancelsTheIteration() async {
    let tracker = SubscriptionTracker()
    await LiveSubscriptions.withTracker(tracker) {
        let (terminated, terminatedContinuation) = AsyncStream<Void>.makeStream()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { _ in terminatedContinuation.yield() }
        let subscription = Observable.from(stream).subscribe(onNext: { _ in })
        #expect(tracker.live == 2)
        subscription.dispose()
        #expect(tracker.live == 0)
        var iterator = terminated.makeAsyncIterator()
        #expect(await iterator.next() != nil)
    }
    #expect(tracker.live == 0)
}

@Test func fromAsyncSendsTheResultThenCompletes() async throws {
    try await withSubscriptionTracking {
        var received: [String] = []
        for try await value in Observable.fromAsync({ "done" }).values { received.append(value) }
        #expect(received == ["done"])
    }
}

@Test func fromAsyncForwardsTheThrownError() async {
    await withSubscriptionTracking {
        let failing = Observable<Int>.fromAsync { throw AsyncFailure() }
        await #expect(throws: AsyncFailure.self) {
            for try await _ in failing.values {}
        }
    }
}

@Test func fromAsyncDisposeCancelsTheTask() async {
    await withSubscriptionTracking {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let (outcome, outcomeContinuation) = AsyncStream<Bool>.makeStream()
        let slow = Observable<Int>.fromAsync {
            startedContinuation.yield()
            do {
                // Ten minutes: only the cancellation should end it. A minute was not enough
                // when the test task waited that long for a thread beside the rest of the suite.
                try await Task.sleep(for: .seconds(600))
                outcomeContinuation.yield(false)
            } catch {
                outcomeContinuation.yield(error is CancellationError)
            }
            return 1
        }
        let subscription = slow.subscribe(onNext: { _ in })
        var startedIterator = started.makeAsyncIterator()
        _ = await startedIterator.next()
        subscription.dispose()
        var outcomeIterator = outcome.makeAsyncIterator()
        #expect(await outcomeIterator.next() == true)
    }
}
