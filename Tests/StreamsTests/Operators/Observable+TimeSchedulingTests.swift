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
