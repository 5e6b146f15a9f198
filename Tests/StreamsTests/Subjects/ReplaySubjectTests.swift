import Streams
import StreamsTesting
import Testing

@Test func replaySubjectReplaysTheLastValuesToNewSubscribers() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        subject.onNext(4)
        #expect(log.all == [2, 3, 4])
        subscription.dispose()
    }
}

@Test func replaySubjectReplaysValuesThenTheTerminalEventAfterCompletion() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 5)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        #expect(log.all == [.next(1), .next(2), .completed])
    }
}

@Test func replaySubjectWithoutBufferActsLikeAPublishSubject() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 0)
        subject.onNext(1)
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        subject.onNext(2)
        #expect(log.all == [2])
        subscription.dispose()
    }
}

@Test func replaySubjectUnderVirtualTime() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(bufferSize: 1)
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(160) { subject.onNext(2) }
        scheduler.scheduleAt(250) { subject.onNext(3) }
        let res = scheduler.start(disposed: 300) { subject }
        #expect(res.events == [.next(200, 2), .next(250, 3)])
    }
}

@Test func replaySubjectSubscriberAddedInsideOnNextGetsTheReplayOnce() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 3)
        let log = Log<String>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { value in
            log.append("outer \(value)")
            if value == 2 {
                subject.subscribe(onNext: { log.append("inner \($0)") }).disposed(by: bag)
            }
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(log.all == ["outer 1", "outer 2", "inner 1", "inner 2", "outer 3", "inner 3"])
        bag.dispose()
    }
}

@Test func replaySubjectStopsDeliveringToASubscriptionDisposedInsideOnNext() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 3)
        subject.onNext(1)
        let log = Log<Int>()
        let own = SerialDisposable()
        own.set(
            subject.subscribe(onNext: { value in
                log.append(value)
                if value == 2 { own.dispose() }
            }))
        subject.onNext(2)
        subject.onNext(3)
        #expect(log.all == [1, 2])
        #expect(!subject.hasObservers)
    }
}

@Test func replaySubjectQueuesAReentrantSend() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 1)
        let log = Log<String>()
        let subscription = subject.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 1 { subject.onNext(2) }
            log.append("end \(value)")
        })
        subject.onNext(1)
        #expect(log.all == ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }
}

@Test func replaySubjectCreateBufferSizeReplaysTheLastValues() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        #expect(log.all == [2, 3])
        subscription.dispose()
    }
}

@Test func replaySubjectCreateUnboundReplaysEverything() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>.createUnbound()
        for value in 0..<100 { subject.onNext(value) }
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        #expect(log.all == Array(0..<100))
        subscription.dispose()
    }
}

// RxSwift's testMulticastForever_completed and …_error: a subscriber added while the subject
// sends its terminal event gets the replay and that event at once, before the delivery goes on.
@Test func replaySubjectReplaysAtOnceToASubscriberAddedDuringItsTerminalEvent() {
    withSubscriptionTracking {
        for terminal in [Event<Int>.completed, .error(TestError(1))] {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            let log = Log<String>()
            let late = SerialDisposable()
            let first = subject.subscribe { event in
                if event.isTerminal {
                    late.set(subject.subscribe { log.append("late \($0)") })
                }
                log.append("first \(event)")
            }
            subject.onNext(1)
            subject.onNext(2)
            subject.on(terminal)
            #expect(
                log.all == ["first next(1)", "first next(2)", "late next(2)", "late \(terminal)", "first \(terminal)"])
            first.dispose()
            late.dispose()
        }
    }
}
