import Streams
import StreamsTesting
import Synchronization
import Testing

@Test func publishSubjectDeliversInSubscriptionOrder() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<String>()
        let bag = DisposeBag()
        for name in ["a", "b", "c"] {
            subject.subscribe(onNext: { log.append("\(name)\($0)") }).disposed(by: bag)
        }
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.all == ["a1", "b1", "c1", "a2", "b2", "c2"])
    }
}

@Test func publishSubjectSendsOnlyLaterValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(250) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onCompleted() }
        let res = scheduler.start { subject }
        #expect(res.events == [.next(250, 2), .completed(300)])
    }
}

@Test func publishSubjectSendsTheTerminalEventToLateSubscribers() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onError(TestError(1))
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        #expect(log.all == [.error(TestError(1))])
        #expect(!subject.hasObservers)
    }
}

@Test func publishSubjectIgnoresEventsAfterTheTerminalEvent() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        subject.onCompleted()
        subject.onNext(1)
        subject.onError(TestError(1))
        subject.onCompleted()
        #expect(log.all == [.completed])
    }
}

@Test func publishSubjectQueuesAReentrantSendBehindTheCurrentDelivery() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<String>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { value in
            log.append("a begin \(value)")
            if value == 1 { subject.onNext(2) }
            log.append("a end \(value)")
        }).disposed(by: bag)
        subject.subscribe(onNext: { log.append("b \($0)") }).disposed(by: bag)
        subject.onNext(1)
        #expect(log.all == ["a begin 1", "a end 1", "b 1", "a begin 2", "a end 2", "b 2"])
    }
}

@Test func publishSubjectStopsDeliveringToASubscriptionDisposedInsideOnNext() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<Int>()
        let own = SerialDisposable()
        own.set(
            subject.subscribe(onNext: { value in
                log.append(value)
                own.dispose()
            }))
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.all == [1])
        #expect(!subject.hasObservers)
    }
}

@Test func publishSubjectSkipsALaterSubscriberDisposedDuringTheSameDelivery() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<String>()
        let second = SerialDisposable()
        let first = subject.subscribe(onNext: { value in
            log.append("first \(value)")
            second.dispose()
        })
        second.set(subject.subscribe(onNext: { log.append("second \($0)") }))
        subject.onNext(1)
        #expect(log.all == ["first 1"])
        first.dispose()
    }
}

@Test func publishSubjectSubscriberAddedInsideOnNextGetsOnlyLaterValues() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
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
        #expect(log.all == ["outer 1", "outer 2", "inner 2"])
        bag.dispose()
    }
}

@Test func publishSubjectHasObserversFollowsSubscriptions() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        #expect(!subject.hasObservers)
        let subscription = subject.subscribe(onNext: { _ in })
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }
}

@Test func publishSubjectDisposeIsIdempotent() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        subscription.dispose()
        subscription.dispose()
        subject.onNext(1)
        #expect(log.all.isEmpty)
    }
}

@Test func publishSubjectSendsTheTerminalEventToASubscriberAddedInsideTheTerminalDelivery() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<String>()
        _ = subject.subscribe(onCompleted: {
            _ = subject.subscribe(onCompleted: { log.append("late completed") })
            log.append("completed")
        })
        subject.onCompleted()
        // As in RxSwift, the ended subject answers the new subscriber during its subscribe call.
        #expect(log.all == ["late completed", "completed"])
    }
}

@Test func publishSubjectSkipsARawObserverDisposedDuringTheSameDelivery() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<String>()
        let second = SerialDisposable()
        let first = subject.subscribe(
            AnyObserver { event in
                log.append("first \(event)")
                second.dispose()
            })
        second.set(subject.subscribe(AnyObserver { log.append("second \($0)") }))
        subject.onNext(1)
        #expect(log.all == ["first next(1)"])
        first.dispose()
    }
}
