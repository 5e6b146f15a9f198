import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

// These tests use the wall clock: DispatchQueueScheduler is real time by definition. Each one
// waits at most a few tens of milliseconds.

@Test func dispatchQueueSchedulerRunsWorkInOrderOnItsQueue() async {
    let scheduler = DispatchQueueScheduler(label: "test.order")
    let order = SanitizerVisibleMutex<[Int]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        for value in 1...3 {
            scheduler.schedule { order.withLock { $0.append(value) } }
        }
        scheduler.schedule { done.resume() }
    }
    #expect(order.withLock { $0 } == [1, 2, 3])
}

@Test func dispatchQueueSchedulerRunsDelayedWorkAfterTheDelay() async {
    let scheduler = DispatchQueueScheduler(label: "test.delay")
    let start = scheduler.now
    let ranAt = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
        scheduler.schedule(after: .milliseconds(10)) { done.resume(returning: scheduler.now) }
    }
    #expect(ranAt - start >= 10)
}

@Test func dispatchQueueSchedulerDisposeCancelsDelayedWork() async {
    let scheduler = DispatchQueueScheduler(label: "test.cancel")
    let ran = Atomic<Bool>(false)
    // Hold the serial queue until the work is disposed, so the test does not race the clock.
    let gate = DispatchSemaphore(value: 0)
    scheduler.schedule { gate.wait() }
    let work = scheduler.schedule(after: .milliseconds(1)) { ran.store(true, ordering: .relaxed) }
    work.dispose()
    gate.signal()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        scheduler.schedule(after: .milliseconds(10)) { done.resume() }
    }
    let wasRun = ran.load(ordering: .relaxed)
    #expect(!wasRun)
}

@Test func dispatchQueueSchedulerNowIsUptimeInMilliseconds() {
    let scheduler = DispatchQueueScheduler(label: "test.now")
    let uptime = Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    #expect(abs(scheduler.now - uptime) <= 1)
}

@Test func dispatchQueueSchedulerDrivesDebounceInRealTime() async {
    await withSubscriptionTracking {
        let scheduler = DispatchQueueScheduler(label: "test.debounce")
        let subject = PublishSubject<Int>()
        let subscription = SanitizerVisibleMutex<(any Disposable)?>(nil)
        let resumed = Atomic<Bool>(false)
        // Hold the serial queue while both values are sent, so no timer can fire in between
        // however slow the machine is.
        let gate = DispatchSemaphore(value: 0)
        scheduler.schedule { gate.wait() }
        let value = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            let debounced = subject.debounce(.milliseconds(5), scheduler: scheduler)
                .subscribe(onNext: { value in
                    if !resumed.exchange(true, ordering: .relaxed) { done.resume(returning: value) }
                })
            subscription.withLock { $0 = debounced }
            subject.onNext(1)
            subject.onNext(2)
            gate.signal()
        }
        subscription.withLock { $0 }?.dispose()
        #expect(value == 2)
    }
}
