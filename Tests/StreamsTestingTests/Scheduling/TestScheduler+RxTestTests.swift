import Streams
import StreamsTesting
import Testing

@Test func clockReadsTheVirtualTickAndAdvanceToMovesIt() {
    let scheduler = TestScheduler(initialClock: 10)
    let log = Log<Int>()
    scheduler.scheduleAt(250) { log.append(scheduler.clock) }
    #expect(scheduler.clock == 10)
    scheduler.advanceTo(300)
    #expect(log.all == [250])
    #expect(scheduler.clock == 300)
    #expect(scheduler.now == 300)
}

@Test func startWithoutAClosureRunsEverything() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(500) { log.append(scheduler.clock) }
    scheduler.scheduleAt(20) { log.append(scheduler.clock) }
    scheduler.start()
    #expect(log.all == [20, 500])
    #expect(scheduler.pendingWork.isEmpty)
}

@Test func sleepMovesTheClockWithoutRunningWork() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(100) { log.append(scheduler.clock) }
    scheduler.sleep(150)
    #expect(scheduler.clock == 150)
    #expect(log.all.isEmpty)
    // What fell due while sleeping runs at the next step, at the tick slept to.
    scheduler.advance()
    #expect(log.all == [150])
}

@Test func sleepingBackwardsRecordsAFailureAndKeepsTheClock() {
    let scheduler = TestScheduler(initialClock: 40)
    withKnownIssue {
        scheduler.sleep(-5)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("sleep(-5) would move time back from t=40") }
    }
    #expect(scheduler.clock == 40)
}

@Test func stopEndsTheRunAfterTheCurrentAction() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(100) { log.append(100) }
    scheduler.scheduleAt(200) {
        log.append(200)
        scheduler.stop()
    }
    scheduler.scheduleAt(300) { log.append(300) }
    scheduler.start()
    #expect(log.all == [100, 200])
    #expect(scheduler.clock == 200)
    #expect(scheduler.pendingWork.map(\.dueTime) == [300])
    // The next run starts afresh; a stop outside a run does nothing.
    scheduler.stop()
    scheduler.advanceTo(400)
    #expect(log.all == [100, 200, 300])
}

@Test func stopInsideAnAdvanceStillEndsAtItsTarget() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(100) { scheduler.stop() }
    scheduler.scheduleAt(200) { log.append(scheduler.clock) }
    scheduler.advanceTo(300)
    #expect(log.all.isEmpty)
    #expect(scheduler.clock == 300)
    scheduler.advance()
    #expect(log.all == [300])
}

@Test func resolutionTurnsDurationsIntoTicksAsRxTestDoes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0, resolution: 1)
        #expect(scheduler.simulateProcessingDelay)
        #expect(scheduler.resolution == 1)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        // RxSwift's `.seconds(20)` at a resolution of one second a tick: 20 ticks.
        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(230, 1), .next(250, 2), .completed(320)])
        #expect(scheduler.now == 1_000_000)
        #expect(scheduler.clock == 1000)
    }
}

@Test func resolutionRoundsToTheNearestTick() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.1, simulateProcessingDelay: false)
    let log = Log<Int>()
    scheduler.schedule(after: .milliseconds(249)) { log.append(scheduler.clock) }
    scheduler.schedule(after: .milliseconds(250)) { log.append(scheduler.clock) }
    scheduler.advance(by: .seconds(1))
    #expect(log.all == [2, 3])
    #expect(scheduler.clock == 10)
}

@Test func resolutionThatIsNotPositiveRecordsAFailureAndCountsMilliseconds() {
    withKnownIssue {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0)
        #expect(scheduler.resolution == 0.001)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("TestScheduler(resolution: 0.0): a resolution is a positive") }
    }
}

@Test func traitsStartAndRecordThroughTheirObservable() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(simulateProcessingDelay: true)
        let single = scheduler.start { Single.just(1).delay(.ticks(10), scheduler: scheduler) }
        // One action per event, so RxTest's processing delay puts the completion a tick later.
        #expect(single.events == [.next(210, 1), .completed(211)])
        let other = TestScheduler(simulateProcessingDelay: true)
        let maybe = other.start { Maybe<Int>.empty().observe(on: other) }
        #expect(maybe.events == [.completed(201)])
        let third = TestScheduler(simulateProcessingDelay: true)
        let completable = third.start { Completable.empty().subscribe(on: third) }
        #expect(completable.events == [.completed(201)])
    }
}
