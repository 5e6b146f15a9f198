import Streams
import StreamsTesting
import Testing

@Test func behaviorSubjectSendsTheCurrentValueFirst() {
    withSubscriptionTracking {
        let subject = BehaviorSubject(value: 1)
        subject.onNext(2)
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        subject.onNext(3)
        #expect(log.all == [2, 3])
        subscription.dispose()
    }
}

@Test func behaviorSubjectValueIsTheLatestValue() throws {
    let subject = BehaviorSubject(value: "a")
    #expect(try subject.value == "a")
    subject.onNext("b")
    #expect(try subject.value == "b")
}

@Test func behaviorSubjectValueThrowsAfterAnError() {
    let subject = BehaviorSubject(value: 1)
    subject.onError(TestError(7))
    #expect(throws: TestError(7)) { try subject.value }
}

@Test func behaviorSubjectValueKeepsTheLastValueAfterCompletion() throws {
    let subject = BehaviorSubject(value: 1)
    subject.onNext(2)
    subject.onCompleted()
    #expect(try subject.value == 2)
}

@Test func behaviorSubjectSendsOnlyTheTerminalEventToLateSubscribers() {
    withSubscriptionTracking {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        #expect(log.all == [.completed])
    }
}

@Test func behaviorSubjectUnderVirtualTime() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject(value: 0)
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(250) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onError(TestError(1)) }
        let res = scheduler.start { subject }
        #expect(res.events == [.next(200, 1), .next(250, 2), .error(300, TestError(1))])
    }
}

@Test func behaviorSubjectQueuesAReentrantSend() {
    withSubscriptionTracking {
        let subject = BehaviorSubject(value: 0)
        let log = Log<String>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value < 2 { subject.onNext(value + 1) }
            log.append("end \(value)")
        }).disposed(by: bag)
        #expect(log.all == ["begin 0", "end 0", "begin 1", "end 1", "begin 2", "end 2"])
        #expect((try? subject.value) == 2)
    }
}

@Test func behaviorSubjectValueReadInsideOnNextIsTheValueBeingDelivered() {
    withSubscriptionTracking {
        let subject = BehaviorSubject(value: 0)
        let seen = Log<Int>()
        let subscription = subject.subscribe(onNext: { _ in
            if let value = try? subject.value { seen.append(value) }
        })
        subject.onNext(5)
        #expect(seen.all == [0, 5])
        subscription.dispose()
    }
}

@Test func behaviorSubjectSubscriberAddedInsideOnNextGetsTheCurrentValue() {
    withSubscriptionTracking {
        let subject = BehaviorSubject(value: 0)
        let log = Log<String>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { value in
            log.append("outer \(value)")
            if value == 1 {
                subject.subscribe(onNext: { log.append("inner \($0)") }).disposed(by: bag)
            }
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.all == ["outer 0", "outer 1", "inner 1", "outer 2", "inner 2"])
        bag.dispose()
    }
}

@Test func behaviorSubjectStopsDeliveringToASubscriptionDisposedInsideOnNext() {
    withSubscriptionTracking {
        let subject = BehaviorSubject(value: 0)
        let log = Log<Int>()
        let own = SerialDisposable()
        own.set(
            subject.subscribe(onNext: { value in
                log.append(value)
                if value == 1 { own.dispose() }
            }))
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.all == [0, 1])
        #expect(!subject.hasObservers)
    }
}
