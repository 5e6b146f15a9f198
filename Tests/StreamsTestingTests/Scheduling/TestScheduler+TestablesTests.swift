import Streams
import StreamsTesting
import Testing

@Test func startUsesTheDefaultTicks() {
    let scheduler = TestScheduler()
    let log = Log<String>()
    let res = scheduler.start { () -> Observable<Int> in
        log.append("created at \(scheduler.now)")
        return Observable.create { observer in
            log.append("subscribed at \(scheduler.now)")
            observer.onNext(1)
            return Disposables.create { log.append("disposed at \(scheduler.now)") }
        }
    }
    #expect(log.all == ["created at 100", "subscribed at 200", "disposed at 1000"])
    #expect(res.events == [.next(200, 1)])
    #expect(scheduler.now == 1000)
}

@Test func startUsesCustomTicks() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(310, 1), .next(390, 2), .next(410, 3)])
    let res = scheduler.start(created: 250, subscribed: 300, disposed: 400) { xs }
    #expect(res.events == [.next(310, 1), .next(390, 2)])
    #expect(xs.subscriptions == [Subscription(300, 400)])
    #expect(scheduler.now == 400)
}

@Test func startSubscriptionWindowIsHalfOpen() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(199, 0), .next(200, 1), .next(999, 2), .next(1000, 3)])
    let res = scheduler.start { xs }
    #expect(res.events == [.next(200, 1), .next(999, 2)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
}

@Test func startRecordsTheMappedEventsOfTheApiExample() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])
    let res = scheduler.start { xs.map { $0 * 2 } }
    #expect(res.events == [.next(210, 4), .next(240, 6), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
}

@Test func startLeavesWorkAfterDisposalPending() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(1100, 1)])
    _ = scheduler.start { xs }
    #expect(scheduler.pendingWork == [PendingWork(label: "hot next(1)", dueTime: 1100)])
}

@Test func startReportsALivelockAtTheCaller() {
    let scheduler = TestScheduler(actionsPerTickLimit: 10)
    @Sendable func spin() { scheduler.schedule(label: "spin", spin) }
    // The livelock stops the run before its planned disposal, so the test ends the subscription.
    var result: TestableObserver<Int>?
    defer { result?.dispose() }
    withKnownIssue {
        result = scheduler.start {
            Observable<Int>.deferred {
                spin(); return .never()
            }
        }
    } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("more than 10 actions at t=200: livelock?") }
    }
}

@Test func hotObservableDropsEventsBeforeTheSubscription() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
    let observer = scheduler.createObserver(Int.self)
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    scheduler.scheduleAt(200) { kept.keep(xs.subscribe(observer.asObserver())) }
    scheduler.advance(to: 300)
    #expect(observer.events == [.next(210, 2)])
}

@Test func hotObservableSharesEachEventAmongCurrentSubscribers() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    scheduler.scheduleAt(200) { kept.keep(xs.subscribe(early.asObserver())) }
    scheduler.scheduleAt(250) { kept.keep(xs.subscribe(late.asObserver())) }
    scheduler.advance(to: 400)
    #expect(early.events == [.next(210, 1), .next(260, 2), .completed(300)])
    #expect(late.events == [.next(260, 2), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200), Subscription(250)])
}

@Test func hotObservableStopsDeliveringOnDispose() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = Log<any Disposable>()
    scheduler.scheduleAt(200) { subscription.append(xs.subscribe(observer.asObserver())) }
    scheduler.scheduleAt(220) { subscription.all.forEach { $0.dispose() } }
    scheduler.advance(to: 300)
    #expect(observer.events == [.next(210, 1)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
}

@Test func coldObservableReplaysRelativeToEachSubscription() {
    let scheduler = TestScheduler()
    let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    scheduler.scheduleAt(200) { kept.keep(ys.subscribe(first.asObserver())) }
    scheduler.scheduleAt(300) { kept.keep(ys.subscribe(second.asObserver())) }
    scheduler.advance(to: 400)
    #expect(first.events == [.next(210, 1), .completed(220)])
    #expect(second.events == [.next(310, 1), .completed(320)])
}

@Test func coldObservableLogsSubscriptionsDisposedOnCompletion() {
    let scheduler = TestScheduler()
    let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let res = scheduler.start { ys.map { $0 + 1 } }
    #expect(res.events == [.next(210, 2), .completed(220)])
    #expect(ys.subscriptions == [Subscription(200, 220)])
}

@Test func coldObservableCancelsItsEventsOnDispose() {
    let scheduler = TestScheduler()
    let ys = scheduler.createColdObservable([.next(10, 1), .next(900, 2)])
    let res = scheduler.start { ys }
    #expect(res.events == [.next(210, 1)])
    #expect(ys.subscriptions == [Subscription(200, 1000)])
    #expect(scheduler.pendingWork.isEmpty)
}

@Test func coldObservableEventAtZeroArrivesAtTheSubscriptionTick() {
    let scheduler = TestScheduler()
    let ys = scheduler.createColdObservable([.next(0, 1)])
    let res = scheduler.start { ys }
    #expect(res.events == [.next(200, 1)])
}

@Test func coldObservableEventAtZeroHasNoProcessingDelay() {
    let scheduler = TestScheduler(simulateProcessingDelay: true)
    let ys = scheduler.createColdObservable([.next(0, 1), .next(10, 2), .completed(10)])
    let res = scheduler.start { ys }
    #expect(res.events == [.next(200, 1), .next(210, 2), .completed(210)])
    #expect(ys.subscriptions == [Subscription(200, 210)])
}

@Test func hotObservableMadeLateSendsItsPastEventsAtTheNextStep() {
    let scheduler = TestScheduler()
    scheduler.advance(to: 300)
    let xs = scheduler.createHotObservable([.next(250, 2), .next(150, 1), .next(400, 3), .completed(500)])
    let observer = scheduler.createObserver(Int.self)
    let subscription = xs.subscribe(observer)
    scheduler.advance(to: 600)
    // The past events come first, in the order of their ticks, stamped with the current one.
    #expect(observer.events == [.next(300, 1), .next(300, 2), .next(400, 3), .completed(500)])
    subscription.dispose()
}

@Test func testableObservableRecordsItsEvents() {
    let scheduler = TestScheduler()
    let events: [Recorded<Event<Int>>] = [.next(10, 1), .error(20, TestError(1))]
    #expect(scheduler.createColdObservable(events).recordedEvents == events)
    #expect(scheduler.createHotObservable(events).isHot)
}

@Test func scheduleAtDrivesASubjectAtAbsoluteTicks() {
    let scheduler = TestScheduler()
    let subject = PublishSubject<Int>()
    scheduler.scheduleAt(250) { subject.onNext(5) }
    let res = scheduler.start { subject.asObservable() }
    #expect(res.events == [.next(250, 5)])
}
