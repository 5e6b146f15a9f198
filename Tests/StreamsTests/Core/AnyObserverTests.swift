import Streams
import StreamsTesting
import Testing

@Test func mapObserverTransformsValuesBeforeSending() {
    let log = Log<Event<String>>()
    let observer = AnyObserver<String> { log.append($0) }.mapObserver { (value: Int) in "\(value)" }
    observer.onNext(1)
    observer.onCompleted()
    #expect(log.all == [.next("1"), .completed])
}

@Test func mapObserverSendsATransformErrorAsAnError() {
    let log = Log<Event<String>>()
    let observer = AnyObserver<String> { log.append($0) }.mapObserver { (_: Int) throws -> String in throw TestError(1)
    }
    observer.onNext(1)
    #expect(log.all == [.error(TestError(1))])
}

/// A generic helper as a user would write it: it accepts any observer, an `AnyObserver` or a subject.
private func sendOneThenComplete<Observer: ObserverType>(to observer: Observer) where Observer.Element == Int {
    observer.onNext(1)
    observer.onCompleted()
}

@Test func observerTypeTakesAnAnyObserverAndASubjectAlike() {
    let direct = Log<Event<Int>>()
    sendOneThenComplete(to: AnyObserver { direct.append($0) })
    #expect(direct.all == [.next(1), .completed])

    let subject = PublishSubject<Int>()
    let throughSubject = Log<Event<Int>>()
    let subscription = subject.subscribe { throughSubject.append($0) }
    sendOneThenComplete(to: subject)
    #expect(throughSubject.all == [.next(1), .completed])
    subscription.dispose()
}

@Test func anAnyObserverMadeFromASubjectForwardsEveryEventToIt() {
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    let observer = AnyObserver(subject)
    observer.onNext(1)
    observer.onError(TestError(2))
    let log = Log<Event<Int>>()
    subject.subscribe { log.append($0) }.dispose()
    #expect(log.all == [.next(1), .error(TestError(2))])
}

@Test func anAnyObserverMadeFromAnAnyObserverSendsToTheSameHandler() {
    let log = Log<Event<Int>>()
    let original = AnyObserver<Int> { log.append($0) }
    let rewrapped = AnyObserver(AnyObserver(original))
    rewrapped.onNext(1)
    rewrapped.onCompleted()
    #expect(log.all == [.next(1), .completed])
}

@Test func aTestableObserverIsAnObserverThatSubscribeTakesAsItIs() {
    let scheduler = TestScheduler()
    let observer = scheduler.createObserver(Int.self)
    let subscription = Observable.of(1, 2).subscribe(observer)
    sendOneThenComplete(to: observer)
    #expect(observer.elements == [1, 2, 1])
    subscription.dispose()
}

@Test func onResultSendsASuccessAsOneValueThenTheEndAndAFailureAsAnError() {
    let log = Log<Event<Int>>()
    AnyObserver<Int> { log.append($0) }.onResult(Result<Int, TestError>.success(7))
    #expect(log.all == [.next(7), .completed])

    let failed = Log<Event<Int>>()
    AnyObserver<Int> { failed.append($0) }.onResult(Result<Int, TestError>.failure(TestError(2)))
    #expect(failed.all == [.error(TestError(2))])
}

@Test func mapObserverWorksOnAnyObserverType() {
    withSubscriptionTracking {
        let subject = PublishSubject<String>()
        let log = Log<String>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        let numbers = subject.mapObserver { (value: Int) in "#\(value)" }
        numbers.onNext(3)
        #expect(log.all == ["#3"])
        subscription.dispose()
    }
}

@Test func binderAppliesValuesOnItsSchedulerWhileTheTargetLives() {
    withSubscriptionTracking {
        final class Label: Sendable {
            let text = TestBox("")
        }
        let scheduler = TestScheduler(initialClock: 0)
        var label: Label? = Label()
        let text = TestBox("")
        let binder = Binder(label!, scheduler: scheduler) { label, value in
            label.text.value = value
            text.value = value
        }
        let subscription = Observable.of("a", "b").concat(Observable.error(TestError(1))).bind(to: binder)
        #expect(text.value == "")
        scheduler.advance(by: .ticks(1))
        #expect(text.value == "b")
        label = nil
        binder.onNext("c")
        scheduler.advance(by: .ticks(1))
        #expect(text.value == "b")
        subscription.dispose()
    }
}
