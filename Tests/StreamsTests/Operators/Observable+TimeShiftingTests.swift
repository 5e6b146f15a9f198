import Streams
import StreamsTesting
import Testing

// MARK: - delay

@Test func delayShiftsValuesAndCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(225, 3), .completed(230)])
        let res = scheduler.start { xs.delay(.milliseconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(260, 1), .next(260, 2), .next(275, 3), .completed(280)])
    }
}

@Test func delayForwardsAnErrorAtOnceAndDropsWaitingValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.delay(.milliseconds(50), scheduler: scheduler) }
        #expect(res.events == [.error(220, TestError(1))])
    }
}

@Test func delayDisposeCancelsTheWaitingValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let res = scheduler.start(disposed: 265) { xs.delay(.milliseconds(50), scheduler: scheduler) }
        scheduler.advance(to: 400)
        #expect(res.events == [.next(260, 1)])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

// MARK: - timeout

@Test func timeoutFailsAtTheExactTickWhenNothingArrives() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])
        let res = scheduler.start { xs.timeout(.milliseconds(50), scheduler: scheduler) }
        #expect(res.events == [.error(250, StreamsError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}

@Test func timeoutRearmsForEveryValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .next(270, 2), .next(330, 3)])
        let res = scheduler.start { xs.timeout(.milliseconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(230, 1), .next(270, 2), .error(320, StreamsError.timeout)])
    }
}

@Test func timeoutDoesNotFireAfterCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(240)])
        let res = scheduler.start { xs.timeout(.milliseconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(230, 1), .completed(240)])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func timeoutSwitchesToTheFallback() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let ys = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let res = scheduler.start { xs.timeout(.milliseconds(50), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(270, 9), .completed(280)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
        #expect(ys.subscriptions == [Subscription(260, 280)])
    }
}

@Test func timeoutLabelsItsTimer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subscription = Observable<Int>.never().timeout(.seconds(2), scheduler: scheduler).subscribe(onNext: { _ in }
        )
        #expect(scheduler.pendingWork.map(\.label) == ["timeout(2s)"])
        subscription.dispose()
    }
}

@Test func delayLabelsItsTimer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.delay(.milliseconds(50), scheduler: scheduler).subscribe(onNext: { _ in })
        subject.onNext(1)
        #expect(scheduler.pendingWork == [PendingWork(label: "delay(50ms)", dueTime: 50)])
        subscription.dispose()
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func delayKeepsOrderAcrossAStreamThatNeverLetsItsQueueEmpty() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.delay(.milliseconds(50), scheduler: scheduler).subscribe(observer.asObserver())
        for value in 0..<5000 {
            scheduler.scheduleAt(value) { subject.onNext(value) }
        }
        scheduler.advance(to: 6000)
        #expect(observer.elements == Array(0..<5000))
        #expect(observer.events.first?.time == 50)
        #expect(observer.events.last?.time == 5049)
        subscription.dispose()
    }
}

@Test func delaySubscriptionSubscribesAfterTheDueTime() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.delaySubscription(.ticks(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(230, 250)])
    }
}

@Test func delaySubscriptionNeverSubscribesWhenDisposedFirst() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1)])
        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.ticks(30), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions.isEmpty)
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func timeoutLetsAValueDueAtTheDeadlineWin() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([
            .next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70),
        ])
        let res = scheduler.start { xs.timeout(.ticks(30), scheduler: scheduler) }
        #expect(
            res.events == [.next(210, 42), .next(220, 43), .next(250, 44), .next(260, 45), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }
}

@Test func timeoutSwitchesToTheOtherAndDisposesTheSourceAtTheDeadline() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5), .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])
        let res = scheduler.start { xs.timeout(.ticks(100), other: ys, scheduler: scheduler) }
        #expect(
            res.events == [
                .next(240, 3), .next(310, 4), .next(460, -1), .next(610, -2), .next(720, -3), .completed(730),
            ])
        #expect(xs.subscriptions == [Subscription(200, 410)])
        #expect(ys.subscriptions == [Subscription(410, 730)])
    }
}

@Test func delayOnASchedulerThatRunsDelayedWorkAtOnceSendsEachValueAtOnce() {
    // Its clock never moves, so waiting for it would never end.
    let values = Log<Int>()
    let subscription = Observable.from([1, 2, 3]).delay(.milliseconds(300), scheduler: ImmediateScheduler())
        .subscribe(onNext: { values.append($0) })
    subscription.dispose()
    #expect(values.all == [1, 2, 3])
}
