import Foundation
import Testing

@testable import Streams

/// A counter guarded by one lock, made fresh for each round so that every round contends a lock
/// whose semaphore does not exist yet.
private final class GuardedCounter: @unchecked Sendable {
    let lock = _Lock()
    var value = 0
}

@Test func aFreshLockContendedByManyThreadsCountsEveryIncrement() {
    let threads = 4
    let increments = 2_000
    for _ in 0..<50 {
        let counter = GuardedCounter()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                counter.lock.withLock { counter.value += 1 }
            }
        }
        #expect(counter.value == threads * increments)
    }
}

@Test func aLockParksAndWakesAThreadThatWaitsLongerThanItsSpin() {
    let counter = GuardedCounter()
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    counter.lock.lock()
    DispatchQueue.global().async {
        started.signal()
        // The holder keeps the lock long after this thread has spun, so it parks.
        counter.lock.withLock { counter.value += 1 }
        finished.signal()
    }
    started.wait()
    Thread.sleep(forTimeInterval: 0.02)
    counter.value += 1
    counter.lock.unlock()
    finished.wait()
    #expect(counter.lock.withLock { counter.value } == 2)
}
