import Streams
import StreamsTesting
import Testing

@Test func doRunsSideEffectsInOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let log = Log<String>()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start {
            xs.do(
                onNext: { log.append("next \($0) @\(scheduler.now)") },
                onError: { _ in log.append("error") },
                onCompleted: { log.append("completed @\(scheduler.now)") },
                onSubscribe: { log.append("subscribe @\(scheduler.now)") },
                onDispose: { log.append("dispose @\(scheduler.now)") })
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(log.all == ["subscribe @200", "next 1 @210", "next 2 @220", "completed @230", "dispose @230"])
    }
}

@Test func doRunsOnErrorAndOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let log = Log<String>()
        let xs = scheduler.createHotObservable([.error(210, TestError(1))] as [Recorded<Event<Int>>])
        let res = scheduler.start {
            xs.do(onError: { log.append("error \($0)") }, onDispose: { log.append("dispose") })
        }
        #expect(res.events == [.error(210, TestError(1))])
        #expect(log.all == ["error TestError(1)", "dispose"])
    }
}

@Test func doRunsOnDisposeOnceWhenDisposed() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let log = Log<String>()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        _ = scheduler.start(disposed: 300) { xs.do(onDispose: { log.append("dispose @\(scheduler.now)") }) }
        #expect(log.all == ["dispose @300"])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}

@Test func doFailsWhenOnNextThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start {
            xs.do(onNext: { if $0 == 2 { throw TestError(2) } })
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError(2))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func doReplacesCompletionWhenOnCompletedThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.do(onCompleted: { throw TestError(3) }) }
        #expect(res.events == [.error(210, TestError(3))])
    }
}

@Test func materializeTurnsEventsIntoValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [.next(210, .next(1)), .next(220, .error(TestError(1))), .completed(220)])
    }
}

@Test func dematerializeTurnsValuesBackIntoEvents() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .next(220, Event<Int>.completed), .next(230, Event<Int>.next(2)),
        ])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func toArraySendsEverythingOnCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.next(230, [1, 2]), .completed(230)])
    }
}

@Test func toArrayForwardsErrors() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.error(220, TestError(1))])
    }
}

@Test func doRunsBeforeAndAfterHandlersAroundEachEvent() {
    withSubscriptionTracking {
        let log = Log<String>()
        _ = Observable.of(1)
            .do(
                onNext: { log.append("before \($0)") }, afterNext: { log.append("after \($0)") },
                onCompleted: { log.append("before end") }, afterCompleted: { log.append("after end") },
                onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") }
            )
            .subscribe(onNext: { log.append("got \($0)") }, onCompleted: { log.append("end") })
        #expect(
            log.all == [
                "subscribe", "before 1", "got 1", "after 1", "before end", "end", "after end", "subscribed",
            ])
    }
}

@Test func doFailsWhenAnAfterHandlerThrows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.do(afterNext: { _ in throw TestError(1) }) }
        #expect(res.events == [.next(210, 1), .error(210, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}

@Test func doRunsAfterErrorAfterTheError() {
    withSubscriptionTracking {
        let log = Log<String>()
        _ = Observable<Int>.error(TestError(1))
            .do(afterError: { _ in log.append("after") })
            .subscribe(onError: { _ in log.append("error") })
        #expect(log.all == ["error", "after"])
    }
}

/// An owner object for the weak-reference operators.
private final class Owner: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

@Test func withUnretainedPairsValuesWithTheObject() {
    withSubscriptionTracking {
        let owner = Owner("a")
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0.name)\($0.1)" } }
        #expect(res.events == [.next(210, "a1"), .completed(300)])
    }
}

@Test func withUnretainedCompletesOnceTheObjectIsGone() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let log = Log<Event<String>>()
        var owner: Owner? = Owner("a")
        let subscription = subject.withUnretained(owner ?? Owner("unused")) { $0.name + "\($1)" }
            .subscribe { log.append($0) }
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        #expect(log.all == [.next("a1"), .completed])
        #expect(owner == nil)
        #expect(!subject.hasObservers)
        subscription.dispose()
    }
}

@Test func debugPassesEventsThrough() {
    withSubscriptionTracking {
        let log = Log<Event<Int>>()
        _ = Observable.of(1, 2).debug("test").subscribe { log.append($0) }
        #expect(log.all == [.next(1), .next(2), .completed])
    }
}

// RxSwift's testDoOnOrder_Completed_Async, …_Sync, testDoOnOrder_Error and …_Dispose:
// `onDispose` runs after the source is disposed and after `onSubscribed`.
@Test func doRunsItsHandlersInRxSwiftsOrder() {
    withSubscriptionTracking {
        func order(
            _ makeSource: @escaping @Sendable (Log<String>, TestScheduler) -> Observable<Int>, dispose: Bool = false
        )
            -> [String]
        {
            let scheduler = TestScheduler(initialClock: 0)
            let log = Log<String>()
            let subscription = makeSource(log, scheduler)
                .do(
                    onNext: { _ in log.append("onNext") }, onError: { _ in log.append("onError") },
                    onCompleted: { log.append("onCompleted") }, onSubscribe: { log.append("onSubscribe") },
                    onSubscribed: { log.append("onSubscribed") }, onDispose: { log.append("onDispose") }
                )
                .subscribe(onNext: { _ in }, onError: { _ in })
            scheduler.advance(to: 400)
            if dispose { subscription.dispose() }
            return log.all
        }
        let asyncSource: @Sendable (Log<String>, TestScheduler) -> Observable<Int> = { log, scheduler in
            Observable.create { observer in
                log.append("sourceSubscribe")
                scheduler.scheduleAt(300) {
                    observer.onNext(0)
                    observer.onCompleted()
                }
                return Disposables.create { log.append("sourceDispose") }
            }
        }
        #expect(
            order(asyncSource) == [
                "onSubscribe", "sourceSubscribe", "onSubscribed", "onNext", "onCompleted", "sourceDispose", "onDispose",
            ])
        for terminal in [Event<Int>.completed, .error(TestError(1))] {
            let syncSource: @Sendable (Log<String>, TestScheduler) -> Observable<Int> = { log, _ in
                Observable.create { observer in
                    log.append("sourceSubscribe")
                    observer.onNext(0)
                    observer.on(terminal)
                    return Disposables.create { log.append("sourceDispose") }
                }
            }
            let handler = terminal.error == nil ? "onCompleted" : "onError"
            #expect(
                order(syncSource) == [
                    "onSubscribe", "sourceSubscribe", "onNext", handler, "sourceDispose", "onSubscribed", "onDispose",
                ])
        }
        let endless: @Sendable (Log<String>, TestScheduler) -> Observable<Int> = { log, _ in
            Observable.create { observer in
                log.append("sourceSubscribe")
                observer.onNext(0)
                return Disposables.create { log.append("sourceDispose") }
            }
        }
        #expect(
            order(endless, dispose: true) == [
                "onSubscribe", "sourceSubscribe", "onNext", "onSubscribed", "sourceDispose", "onDispose",
            ])
    }
}
