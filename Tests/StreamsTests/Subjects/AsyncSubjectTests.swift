import Streams
import StreamsTesting
import Testing

@Test func asyncSubjectSendsOnlyTheLastValueOnCompletion() {
    withSubscriptionTracking {
        let subject = AsyncSubject<Int>()
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.all.isEmpty)
        subject.onCompleted()
        #expect(log.all == [.next(2), .completed])
    }
}

@Test func asyncSubjectReplaysTheOutcomeToLateSubscribers() {
    withSubscriptionTracking {
        let subject = AsyncSubject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(3)
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        #expect(log.all == [.next(1), .completed])
    }
}

@Test func asyncSubjectSendsOnlyTheErrorOnFailure() {
    withSubscriptionTracking {
        let subject = AsyncSubject<Int>()
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        subject.onNext(1)
        subject.onError(TestError(1))
        _ = subject.subscribe { log.append($0) }
        #expect(log.all == [.error(TestError(1)), .error(TestError(1))])
    }
}

@Test func asyncSubjectCompletesEmptyWithoutAValue() {
    withSubscriptionTracking {
        let subject = AsyncSubject<Int>()
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        subject.onCompleted()
        #expect(log.all == [.completed])
    }
}
