import Streams
import StreamsTesting
import Testing

@Test func scheduleWithStatePassesTheStateAndDisposesWhatTheActionReturned() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log<String>()
    let work = scheduler.schedule(7) { state in
        log.append("ran \(state) @\(scheduler.now)")
        return Disposables.create { log.append("disposed") }
    }
    let relative = scheduler.scheduleRelative("later", dueTime: .ticks(30)) { state in
        log.append("\(state) @\(scheduler.now)")
        return Disposables.empty
    }
    scheduler.advance(to: 50)
    work.dispose()
    relative.dispose()
    #expect(log.all == ["ran 7 @0", "later @30", "disposed"])
}

@Test func scheduleRelativeDisposedBeforeItsTimeRunsNothing() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log<Int>()
    let work = scheduler.scheduleRelative(1, dueTime: .ticks(10)) { state in
        log.append(state)
        return Disposables.empty
    }
    work.dispose()
    scheduler.advance(to: 50)
    #expect(log.all.isEmpty)
}

@Test func schedulePeriodicThreadsItsStateThroughEveryRun() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log<String>()
    let periodic = scheduler.schedulePeriodic(0, startAfter: .ticks(10), period: .ticks(20)) { state in
        log.append("\(state) @\(scheduler.now)")
        return state + 1
    }
    scheduler.advance(to: 55)
    periodic.dispose()
    scheduler.advance(to: 200)
    #expect(log.all == ["0 @10", "1 @30", "2 @50"])
    #expect(scheduler.pendingWork.isEmpty)
}
