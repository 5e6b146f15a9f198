import Streams
import StreamsTesting
import Testing

/// An owner object for `subscribe(with:)`.
private final class Owner: Sendable {
    let seen = Log<Int>()
}

@Test func subscribeWithPassesTheObjectToTheHandlers() {
    withSubscriptionTracking {
        let owner = Owner()
        let ended = Log<Bool>()
        _ = Observable.of(1, 2).subscribe(
            with: owner, onNext: { owner, value in owner.seen.append(value) },
            onCompleted: { _ in ended.append(true) })
        #expect(owner.seen.all == [1, 2])
        #expect(ended.all == [true])
    }
}

@Test func subscribeWithSkipsHandlersOnceTheObjectIsGone() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<Int>()
        var owner: Owner? = Owner()
        let subscription = subject.subscribe(with: owner ?? Owner(), onNext: { _, value in log.append(value) })
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        #expect(log.all == [1])
        #expect(owner == nil)
        subscription.dispose()
    }
}

@Test func bindToObserversSendsEveryEvent() {
    withSubscriptionTracking {
        let first = Log<Event<Int>>()
        let second = Log<Event<Int>>()
        _ = Observable.of(1).bind(to: AnyObserver { first.append($0) }, AnyObserver { second.append($0) })
        #expect(first.all == [.next(1), .completed])
        #expect(second.all == [.next(1), .completed])
    }
}

@Test func bindToSubjectsForwardsTheTerminalEvent() {
    withSubscriptionTracking {
        let subject = ReplaySubject<Int>(bufferSize: 5)
        _ = Observable.of(1, 2).bind(to: subject)
        let log = Log<Event<Int>>()
        _ = subject.subscribe { log.append($0) }
        #expect(log.all == [.next(1), .next(2), .completed])
    }
}

@Test func bindToRelaysSendsOnlyValues() {
    withSubscriptionTracking {
        let relay = BehaviorRelay(value: 0)
        let publish = PublishRelay<Int>()
        let log = Log<Int>()
        let subscription = publish.subscribe(onNext: { log.append($0) })
        _ = Observable.of(1, 2).bind(to: relay)
        _ = Observable<Int>.error(TestError(1)).startWith(5).bind(to: publish)
        #expect(relay.value == 2)
        #expect(log.all == [5])
        subscription.dispose()
    }
}

@Test func bindToABinderFunctionReturnsItsResult() {
    withSubscriptionTracking {
        let log = Log<Int>()
        let subscription = Observable.of(3).bind { source in source.subscribe(onNext: { log.append($0) }) }
        #expect(log.all == [3])
        subscription.dispose()
    }
}

private final class Screen: Sendable {
    let shown = SanitizerVisibleMutex<[String]>([])
}

@Test func bindReachesReplayRelaysObserversOfOptionalsHandlersAndWeakOwners() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let optional = ReplaySubject<Int?>.createUnbound()
        let handled = SanitizerVisibleMutex<[Int]>([])
        var screen: Screen? = Screen()
        let kept = screen
        let bag = DisposeBag()
        subject.bind(to: replay).disposed(by: bag)
        subject.bind(to: optional).disposed(by: bag)
        subject.bind(onNext: { value in handled.withLock { $0.append(value) } }).disposed(by: bag)
        subject.bind(with: screen!, onNext: { screen, value in screen.shown.withLock { $0.append("\(value)") } })
            .disposed(by: bag)
        subject.onNext(1)
        screen = nil
        subject.onNext(2)
        subject.onCompleted()
        let replayed = SanitizerVisibleMutex<[Int]>([])
        replay.subscribe(onNext: { value in replayed.withLock { $0.append(value) } }).disposed(by: bag)
        let optionals = SanitizerVisibleMutex<[Event<Int?>]>([])
        optional.subscribe { event in optionals.withLock { $0.append(event) } }.disposed(by: bag)
        #expect(replayed.withLock { $0 } == [1, 2])
        #expect(optionals.withLock { $0 } == [.next(1), .next(2), .completed])
        #expect(handled.withLock { $0 } == [1, 2])
        #expect(kept?.shown.withLock { $0 } == ["1", "2"])
        _ = bag
    }
}
