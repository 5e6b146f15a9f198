import Streams
import StreamsTesting
import Testing

@Test func publishSubscribesToTheSourceOnlyOnConnect() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(400)])
        let shared = xs.publish()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let firstSubscription = SerialDisposable()
        let secondSubscription = SerialDisposable()
        let connection = SerialDisposable()
        scheduler.scheduleAt(200) { firstSubscription.set(shared.subscribe { first.on($0) }) }
        scheduler.scheduleAt(230) { connection.set(shared.connect()) }
        scheduler.scheduleAt(250) { secondSubscription.set(shared.subscribe { second.on($0) }) }
        scheduler.scheduleAt(300) { connection.dispose() }
        scheduler.advance(to: 1000)
        #expect(first.events == [.next(240, 2), .next(260, 3)])
        #expect(second.events == [.next(260, 3)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
        firstSubscription.dispose()
        secondSubscription.dispose()
    }
}

@Test func replaySendsTheBufferedValuesToLateSubscribers() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let replayed = subject.replay(2)
        let connection = replayed.connect()
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let log = Log<Int>()
        let subscription = replayed.subscribe(onNext: { log.append($0) })
        #expect(log.all == [2, 3])
        subscription.dispose()
        connection.dispose()
    }
}

@Test func replayAllSendsEveryValueToLateSubscribersOfTheConnection() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let replayed = subject.replayAll()
        let connection = replayed.connect()
        subject.onNext(1)
        subject.onNext(2)
        let log = Log<Int>()
        let subscription = replayed.subscribe(onNext: { log.append($0) })
        subject.onNext(3)
        #expect(log.all == [1, 2, 3])
        subscription.dispose()
        connection.dispose()
    }
}

// RxSwift's testReplayCount_Basic, testReplayOneCount_Basic, testReplayAll_Basic: publish,
// replay and replayAll multicast through a subject factory, so every connection has a new
// subject and nothing of an earlier connection is replayed.
@Test func replayMakesANewSubjectForEachConnection() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(320, 3), .next(420, 4),
        ])
        let replayed = xs.replay(1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let connection = SerialDisposable()
        let subscriptions = CompositeDisposable()
        scheduler.scheduleAt(200) { connection.set(replayed.connect()) }
        scheduler.scheduleAt(230) { subscriptions.insert(replayed.subscribe(early)) }
        scheduler.scheduleAt(300) { connection.set(Disposables.empty) }
        scheduler.scheduleAt(400) { connection.set(replayed.connect()) }
        scheduler.scheduleAt(410) { subscriptions.insert(replayed.subscribe(late)) }
        scheduler.scheduleAt(500) {
            connection.dispose()
            subscriptions.dispose()
        }
        scheduler.run()
        #expect(early.events == [.next(230, 2)])
        // The second connection's subject replays nothing of the first (2 or 3).
        #expect(late.events == [.next(420, 4)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400, 500)])
    }
}

@Test func replayAllAndPublishMakeANewSubjectForEachConnection() {
    withSubscriptionTracking {
        let replayed = Observable.of(1, 2, 3).replayAll()
        _ = replayed.connect()
        let log = Log<Event<Int>>()
        // The connection ended with the source; a later subscriber waits for the next one.
        let subscription = replayed.subscribe { log.append($0) }
        #expect(log.all.isEmpty)
        _ = replayed.connect()
        #expect(log.all == [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()

        let published = Observable.of(1, 2).publish()
        _ = published.connect()
        let publishedLog = Log<Event<Int>>()
        _ = published.subscribe { publishedLog.append($0) }
        _ = published.connect()
        #expect(publishedLog.all == [.next(1), .next(2), .completed])
    }
}

// RxSwift's testRefCount_DoesntConnectsOnFirstInCaseSynchronousCompleted and …Error.
@Test func refCountDoesNotConnectWhenAnEndedSubjectFinishedTheFirstSubscriber() {
    withSubscriptionTracking {
        for terminal in [Event<Int>.completed, .error(TestError("boom"))] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let subject = PublishSubject<Int>()
            subject.on(terminal)
            let res = scheduler.start { xs.multicast(subject).refCount() }
            #expect(res.events == [Recorded(time: 200, value: terminal)])
            #expect(xs.subscriptions.isEmpty)
        }
    }
}

@Test func connectTwiceReturnsTheSameConnection() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1)])
        let shared = xs.publish()
        scheduler.scheduleAt(200) {
            let first = shared.connect()
            _ = shared.connect()
            scheduler.scheduleAt(300) { first.dispose() }
        }
        scheduler.advance(to: 400)
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func multicastWithAFactoryUsesANewSubjectPerConnection() {
    withSubscriptionTracking {
        let source = PublishSubject<Int>()
        let shared = source.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
        let first = shared.connect()
        source.onNext(1)
        first.dispose()
        let second = shared.connect()
        let log = Log<Int>()
        let subscription = shared.subscribe(onNext: { log.append($0) })
        source.onNext(2)
        #expect(log.all == [2])
        subscription.dispose()
        second.dispose()
    }
}

@Test func refCountConnectsWithTheFirstSubscriberAndDisconnectsAfterTheLast() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3)])
        let shared = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let firstSubscription = SerialDisposable()
        let secondSubscription = SerialDisposable()
        scheduler.scheduleAt(205) { firstSubscription.set(shared.subscribe { first.on($0) }) }
        scheduler.scheduleAt(230) { secondSubscription.set(shared.subscribe { second.on($0) }) }
        scheduler.scheduleAt(250) { firstSubscription.dispose() }
        scheduler.scheduleAt(260) { secondSubscription.dispose() }
        scheduler.advance(to: 1000)
        #expect(first.events == [.next(210, 1), .next(240, 2)])
        #expect(second.events == [.next(240, 2)])
        #expect(xs.subscriptions == [Subscription(205, 260)])
    }
}

@Test func refCountReconnectsAfterTheSourceCompleted() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let firstSubscription = SerialDisposable()
        let secondSubscription = SerialDisposable()
        scheduler.scheduleAt(200) { firstSubscription.set(shared.subscribe { first.on($0) }) }
        scheduler.scheduleAt(300) { secondSubscription.set(shared.subscribe { second.on($0) }) }
        scheduler.advance(to: 1000)
        #expect(first.events == [.next(210, 1), .completed(220)])
        #expect(second.events == [.next(310, 1), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }
}

@Test func shareForeverReplaysToSubscribersAfterTheSourceEnded() {
    withSubscriptionTracking {
        let runCount = Log<Int>()
        let source = Observable.deferred {
            runCount.append(1)
            return Observable.of(1, 2)
        }
        let shared = source.share(replay: 1, scope: .forever)
        let first = Log<Event<Int>>()
        let second = Log<Event<Int>>()
        _ = shared.subscribe { first.append($0) }
        _ = shared.subscribe { second.append($0) }
        #expect(first.all == [.next(1), .next(2), .completed])
        #expect(second.all == [.next(2), .completed])
        // As in RxSwift (ShareReplayScope's test_forever_completed), the ended subject finishes
        // the second subscriber at once, so refCount does not connect again.
        #expect(runCount.count == 1)
    }
}

@Test func shareWhileConnectedStartsAfreshAfterTheSourceEnded() {
    withSubscriptionTracking {
        let runCount = Log<Int>()
        let source = Observable.deferred {
            runCount.append(1)
            return Observable.of(1, 2)
        }
        let shared = source.share(replay: 1, scope: .whileConnected)
        let second = Log<Event<Int>>()
        _ = shared.subscribe { _ in }
        _ = shared.subscribe { second.append($0) }
        #expect(second.all == [.next(1), .next(2), .completed])
        #expect(runCount.count == 2)
    }
}
