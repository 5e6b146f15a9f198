import Streams
import StreamsTesting
import Testing

@Test func shareConnectsOnceForAllSubscribers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let shared = xs.share()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { shared.subscribe(first.asObserver()).disposed(by: bag) }
        scheduler.scheduleAt(215) { shared.subscribe(second.asObserver()).disposed(by: bag) }
        scheduler.run()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(second.events == [.next(220, 2), .next(230, 3), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }
}

@Test func shareReplaysTheLastValuesToLateSubscribers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let shared = xs.share(replay: 2)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) { shared.subscribe(onNext: { _ in }).disposed(by: bag) }
        scheduler.scheduleAt(225) { shared.subscribe(late.asObserver()).disposed(by: bag) }
        scheduler.scheduleAt(300) { bag.dispose() }
        scheduler.run()
        #expect(late.events == [.next(225, 1), .next(225, 2), .next(230, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func shareDisconnectsWhenTheLastSubscriberLeaves() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let shared = xs.share()
        let first = SerialDisposable()
        let second = SerialDisposable()
        scheduler.scheduleAt(200) { first.set(shared.subscribe(onNext: { _ in })) }
        scheduler.scheduleAt(220) { second.set(shared.subscribe(onNext: { _ in })) }
        scheduler.scheduleAt(250) { first.dispose() }
        scheduler.scheduleAt(270) { second.dispose() }
        scheduler.run()
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }
}

@Test func shareReconnectsWithAnEmptyReplayBuffer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 2), .next(330, 3)])
        let shared = xs.share(replay: 1)
        let again = scheduler.createObserver(Int.self)
        let first = SerialDisposable()
        let second = SerialDisposable()
        scheduler.scheduleAt(200) { first.set(shared.subscribe(onNext: { _ in })) }
        scheduler.scheduleAt(250) { first.dispose() }
        scheduler.scheduleAt(300) { second.set(shared.subscribe(again.asObserver())) }
        scheduler.scheduleAt(400) { second.dispose() }
        scheduler.run()
        #expect(again.events == [.next(310, 2), .next(330, 3)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(300, 400)])
    }
}

@Test func shareStartsANewConnectionAfterTheUpstreamCompleted() {
    withSubscriptionTracking {
        let subscriptions = Log<Int>()
        let shared = Observable<Int>.deferred {
            subscriptions.append(1)
            return .of(1, 2)
        }.share(replay: 1)
        let first = Log<Event<Int>>()
        let second = Log<Event<Int>>()
        _ = shared.subscribe { first.append($0) }
        _ = shared.subscribe { second.append($0) }
        #expect(first.all == [.next(1), .next(2), .completed])
        #expect(second.all == [.next(1), .next(2), .completed])
        #expect(subscriptions.count == 2)
    }
}

@Test func shareSendsTheErrorToEverySubscriber() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let shared = xs.share()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = shared.subscribe(first.asObserver())
            _ = shared.subscribe(second.asObserver())
        }
        scheduler.run()
        #expect(first.events == [.next(210, 1), .error(220, TestError(1))])
        #expect(second.events == first.events)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

// RxSwift's testMulticast_Cold_Zip and testMulticast_SubjectSelectorThrows.
@Test func multicastWithASelectorSharesOneSubscriptionPerSubscriber() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3), .next(240, 4), .completed(390)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in Observable.zip(shared, shared) { $0 + $1 } })
        }
        #expect(res.events == [.next(210, 6), .next(240, 8), .completed(390)])
        #expect(xs.subscriptions == [Subscription(200, 390)])
        let failing = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError(1) }, selector: { $0 })
        }
        #expect(failing.events == [.error(1200, TestError(1))])
    }
}
