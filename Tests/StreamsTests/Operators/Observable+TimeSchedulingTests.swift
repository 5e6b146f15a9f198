import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

// MARK: - observe(on:)

@Test func observeOnDeliversAtTheSameTickInOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}

@Test func observeOnReleasesTheUpstreamWhenItsEndArrives() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(simulateProcessingDelay: true)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let completed = scheduler.start { xs.observe(on: scheduler) }
        let other = TestScheduler(simulateProcessingDelay: true)
        let ys = other.createHotObservable([.next(210, 1), .error(240, TestError(1))])
        let failed = other.start { ys.observe(on: other) }
        // Delivered a tick late, but released at the tick the end arrived.
        #expect(completed.events == [.next(211, 1), .completed(231)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(failed.events == [.next(211, 1), .error(241, TestError(1))])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }
}

@Test func observeOnDeliversNothingUntilTheSchedulerRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let received = SanitizerVisibleMutex<[Int]>([])
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            received.withLock { $0.append(value) }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received.withLock { $0 }.isEmpty)
        #expect(scheduler.pendingWork.map(\.label) == ["observe(on:)"])
        scheduler.advance(by: 0)
        #expect(received.withLock { $0 } == [1, 2])
        subscription.dispose()
    }
}

@Test func observeOnDisposeDropsQueuedEvents() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let received = SanitizerVisibleMutex<[Int]>([])
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            received.withLock { $0.append(value) }
        })
        subject.onNext(1)
        subscription.dispose()
        scheduler.advance(by: 10)
        #expect(received.withLock { $0 }.isEmpty)
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func observeOnKeepsOrderAndNeverOverlapsOnAConcurrentQueue() async {
    // Real threads: a concurrent dispatch queue would run two scheduled closures at once.
    await withSubscriptionTracking {
        let queue = DispatchQueue(label: "test.concurrent", attributes: .concurrent)
        let scheduler = DispatchQueueScheduler(queue: queue)
        let subject = PublishSubject<Int>()
        let inside = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        let received = SanitizerVisibleMutex<[Int]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = subject.observe(on: scheduler).subscribe(
                onNext: { value in
                    if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 {
                        overlapped.store(true, ordering: .relaxed)
                    }
                    received.withLock { $0.append(value) }
                    inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
                },
                onCompleted: { done.resume() })
            for value in 0..<2000 { subject.onNext(value) }
            subject.onCompleted()
        }
        // The completion handler runs inside the queue's block, before the subscription ends and
        // stops counting as live: a barrier waits for that block to return.
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            queue.async(flags: .barrier) { ended.resume() }
        }
        let didOverlap = overlapped.load(ordering: .relaxed)
        #expect(!didOverlap)
        #expect(received.withLock { $0 } == Array(0..<2000))
    }
}

// MARK: - subscribe(on:)

@Test func subscribeOnSubscribesWhenTheSchedulerRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let subscription = xs.subscribe(on: scheduler).subscribe(onNext: { _ in })
        #expect(xs.subscriptions.isEmpty)
        scheduler.advance(to: 50)
        #expect(xs.subscriptions == [Subscription(0, 20)])
        subscription.dispose()
    }
}

@Test func subscribeOnDisposeBeforeTheSchedulerRunsSubscribesNothing() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let subscription = xs.subscribe(on: scheduler).subscribe(onNext: { _ in })
        subscription.dispose()
        scheduler.advance(to: 50)
        #expect(xs.subscriptions.isEmpty)
    }
}

// RxSwift's testSubscribeOn_SchedulerSleep, …_SchedulerCompleted, …_SchedulerError and
// …_SchedulerDispose: the disposal runs on the scheduler too, one more hop with RxTest's
// processing delay.
@Test func subscribeOnDisposesOnTheScheduler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: true)
        let ticks = Log<String>()
        let never = Observable<Int>.create { _ in
            ticks.append("subscribed @\(scheduler.now)")
            return Disposables.create { ticks.append("disposed @\(scheduler.now)") }
        }
        let res = scheduler.start { never.subscribe(on: scheduler) }
        // `start` returns at the disposal tick; the disposal it scheduled runs one tick later.
        scheduler.advance(to: 1001)
        #expect(res.events.isEmpty)
        #expect(ticks.all == ["subscribed @201", "disposed @1001"])

        for terminal in [Event<Int>.completed, .error(TestError(1))] {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: true)
            let xs = scheduler.createHotObservable([.next(210, 2), Recorded(time: 300, value: terminal)])
            let res = scheduler.start { xs.subscribe(on: scheduler) }
            #expect(res.events == [.next(210, 2), Recorded(time: 300, value: terminal)])
            #expect(xs.subscriptions == [Subscription(201, 301)])
        }
    }
}

// RxSwift's Single test_delay and Maybe's: `delay` sends each event in an action of its own, so
// RxTest's processing delay puts the completion one tick after the value. `observe(on:)`
// delivers a burst in one action (a deliberate difference): the value and the completion of a
// single arrive in the same tick, where RxTest's test_observeOn has them a tick apart.
@Test func delayDeliversOneEventPerActionAndObserveOnABurstInOne() {
    withSubscriptionTracking {
        func run(_ build: @escaping @Sendable (TestScheduler) -> Observable<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: true)
            return scheduler.start { build(scheduler) }.events
        }
        #expect(
            run { Single.just(1).delay(.ticks(2), scheduler: $0).asObservable() } == [.next(202, 1), .completed(203)])
        #expect(
            run { Maybe.just(1).delay(.ticks(2), scheduler: $0).asObservable() } == [.next(202, 1), .completed(203)])
        #expect(run { Single.just(1).subscribe(on: $0).asObservable() } == [.next(201, 1), .completed(201)])
        #expect(run { Single.just(1).observe(on: $0).asObservable() } == [.next(201, 1), .completed(201)])
        #expect(run { Maybe.just(1).observe(on: $0).asObservable() } == [.next(201, 1), .completed(201)])
        // Without the processing delay, the delay's actions run at the tick they were due.
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2).delay(.ticks(5), scheduler: scheduler) }
        #expect(res.events == [.next(205, 1), .next(205, 2), .completed(205)])
    }
}

// The reason `observe(on:)` keeps its batches: on a serial UI queue, a burst of states is
// delivered before a key press queued after the burst began, so the key sees the latest state.
@Test func observeOnDeliversABurstBeforeWorkQueuedAfterIt() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let seen = Log<String>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { seen.append("state \($0)") })
        subject.onNext(1)
        scheduler.schedule { seen.append("key") }
        subject.onNext(2)
        scheduler.advance(by: .ticks(1))
        #expect(seen.all == ["state 1", "state 2", "key"])
        subscription.dispose()
    }
}
