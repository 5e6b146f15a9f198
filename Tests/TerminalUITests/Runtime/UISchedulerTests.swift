import Dispatch
import Streams
import Synchronization
import TerminalUI
import Testing

// The UI scheduler runs on a real dispatch queue, so these tests wait on it (briefly).

@Test func actionsRunInOrderOnTheQueue() {
    let scheduler = UIScheduler(label: "test.ui.order")
    let log = SanitizerVisibleMutex<[Int]>([])
    for value in 1...3 { scheduler.schedule { log.withLock { $0.append(value) } } }
    scheduler.queue.sync {}
    #expect(log.withLock { $0 } == [1, 2, 3])
}

@Test func disposedActionDoesNotRun() {
    let scheduler = UIScheduler(label: "test.ui.cancel")
    let ran = Atomic<Bool>(false)
    let gate = DispatchSemaphore(value: 0)
    scheduler.queue.async { gate.wait() }
    let work = scheduler.schedule { ran.store(true, ordering: .relaxed) }
    work.dispose()
    gate.signal()
    scheduler.queue.sync {}
    let didRun = ran.load(ordering: .relaxed)
    #expect(!didRun)
}

@Test func delayedActionRunsAfterItsDelay() {
    let scheduler = UIScheduler(label: "test.ui.delay")
    let start = scheduler.now
    let ranAt = Atomic<Int>(-1)
    let done = DispatchSemaphore(value: 0)
    scheduler.schedule(after: .milliseconds(5)) {
        ranAt.store(scheduler.now, ordering: .relaxed)
        done.signal()
    }
    #expect(done.wait(timeout: .now() + .seconds(2)) == .success)
    let elapsed = ranAt.load(ordering: .relaxed) - start
    #expect(elapsed >= 5)
}

@Test func clockStartsNearZeroAndNeverGoesBack() {
    let scheduler = UIScheduler(label: "test.ui.clock")
    let first = scheduler.now
    let second = scheduler.now
    #expect(first >= 0 && first < 1000)
    #expect(second >= first)
}
