import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

private struct Failure: Error, Equatable {}

@Test func blockingToArrayWaitsForTheEndAndFirstAndLastPickTheirValue() throws {
    try withSubscriptionTracking { () throws in
        let source = Observable.of(1, 2, 3).map { $0 * 10 }
        #expect(try source.toBlocking().toArray() == [10, 20, 30])
        #expect(try source.toBlocking().first() == 10)
        #expect(try source.toBlocking().last() == 30)
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
        #expect(try Observable<Int>.empty().toBlocking().last() == nil)
        #expect(try Observable<Int>.empty().toBlocking().toArray().isEmpty)
    }
}

@Test func blockingCallsThrowTheSequencesError() {
    withSubscriptionTracking {
        let failing = Observable.just(1).concat(Observable<Int>.error(Failure()))
        #expect(throws: Failure.self) { try failing.toBlocking().toArray() }
        #expect(throws: Failure.self) { try failing.toBlocking().last() }
        #expect(throws: Failure.self) { try Observable<Int>.error(Failure()).toBlocking().first() }
        // The first value comes before the error: first() has its answer.
        #expect(try! failing.toBlocking().first() == 1)
    }
}

@Test func blockingSingleWantsExactlyOneValue() throws {
    try withSubscriptionTracking { () throws in
        #expect(try Observable.just(7).toBlocking().single() == 7)
        #expect(throws: StreamsError.noElements) { try Observable<Int>.empty().toBlocking().single() }
        #expect(throws: StreamsError.moreThanOneElement) { try Observable.of(1, 2).toBlocking().single() }
        #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
        #expect(throws: StreamsError.noElements) { try Observable.of(1, 2, 3).toBlocking().single { $0 > 5 } }
        #expect(throws: StreamsError.moreThanOneElement) {
            try Observable.of(1, 2, 3).toBlocking().single { $0 > 1 }
        }
        #expect(throws: Failure.self) { try Observable.of(1, 2).toBlocking().single { _ in throw Failure() } }
    }
}

@Test func blockingMaterializeKeepsTheValuesAndTheWayTheSequenceEnded() {
    withSubscriptionTracking {
        guard case .completed(let values) = Observable.of(1, 2).toBlocking().materialize() else {
            Issue.record("not completed")
            return
        }
        #expect(values == [1, 2])
        let failing = Observable.of(1, 2).concat(Observable<Int>.error(Failure()))
        guard case .failed(let sent, let error) = failing.toBlocking().materialize() else {
            Issue.record("not failed")
            return
        }
        #expect(sent == [1, 2])
        #expect(error is Failure)
    }
}

@Test func blockingWaitsForValuesSentFromAnotherThread() throws {
    let subject = PublishSubject<Int>()
    let queue = DispatchQueue(label: "sender")
    let delivered = subject.asObservable().do(onSubscribe: {
        queue.asyncAfter(deadline: .now() + .milliseconds(20)) {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }
    })
    #expect(try delivered.toBlocking(timeout: 10).toArray() == [1, 2])
}

@Test func blockingTimesOutAndEndsTheSubscription() {
    let disposed = Atomic(false)
    let silent = Observable<Int>.never().do(onDispose: { disposed.store(true, ordering: .relaxed) })
    let started = DispatchTime.now()
    #expect(throws: StreamsError.timeout) { try silent.toBlocking(timeout: 0.05).first() }
    let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    #expect(waited >= 0.05 && waited < 5)
    let wasDisposed = disposed.load(ordering: .relaxed)
    #expect(wasDisposed)
    #expect(throws: StreamsError.timeout) { try silent.toBlocking(timeout: .nan).toArray() }
}

@Test func blockingFirstEndsTheSubscriptionAtTheFirstValue() throws {
    let subject = PublishSubject<Int>()
    let queue = DispatchQueue(label: "sender")
    let source = subject.asObservable().do(onSubscribe: {
        queue.asyncAfter(deadline: .now() + .milliseconds(20)) { subject.onNext(1) }
    })
    #expect(try source.toBlocking(timeout: 10).first() == 1)
    queue.sync {}
    #expect(!subject.hasObservers)
}

@Test func blockingMaterializeReportsATimeoutWithTheValuesSentBeforeIt() {
    let stalled = Observable.of(1, 2).concat(Observable<Int>.never())
    guard case .failed(let sent, let error) = stalled.toBlocking(timeout: 0.05).materialize() else {
        Issue.record("not failed")
        return
    }
    #expect(sent == [1, 2])
    #expect(error as? StreamsError == .timeout)
}

@Test func blockingWorksOnTheTraitsToo() throws {
    #expect(try Single.just(3).toBlocking().single() == 3)
    #expect(try Maybe<Int>.empty().toBlocking().first() == nil)
    #expect(try Completable.empty().toBlocking().toArray().isEmpty)
    #expect(throws: Failure.self) { try Completable.error(Failure()).toBlocking().toArray() }
}
