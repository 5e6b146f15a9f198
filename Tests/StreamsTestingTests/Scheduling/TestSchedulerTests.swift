import Streams
import StreamsTesting
import Testing

@Test func nowStartsAtInitialClock() {
    #expect(TestScheduler(initialClock: 42).now == 42)
    #expect(TestScheduler().now == 0)
}

@Test func workRunsInDueTimeOrderWhateverTheSchedulingOrder() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    // A fixed pseudo-random permutation, large enough to exercise the heap's sifting.
    var times: [Int] = []
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<5_000 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        times.append(Int(seed >> 33) % 100_000 + 1)
    }
    for time in times {
        scheduler.scheduleAt(time) { log.append(scheduler.now) }
    }
    scheduler.run()
    #expect(log.all == times.sorted())
}

@Test func workDueAtTheSameTickRunsInSchedulingOrder() {
    let scheduler = TestScheduler()
    let log = Log<String>()
    scheduler.scheduleAt(20) { log.append("a") }
    scheduler.schedule(after: .ticks(10)) { log.append("early") }
    scheduler.scheduleAt(20) { log.append("b") }
    scheduler.schedule(after: .ticks(20)) { log.append("c") }
    scheduler.scheduleAt(20) { log.append("d") }
    scheduler.run()
    #expect(log.all == ["early", "a", "b", "c", "d"])
}

@Test func advanceToRunsWorkDueAtTheTargetTick() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(299) { log.append(299) }
    scheduler.scheduleAt(300) { log.append(300) }
    scheduler.scheduleAt(301) { log.append(301) }
    scheduler.advance(to: 300)
    #expect(log.all == [299, 300])
    #expect(scheduler.now == 300)
}

@Test func advanceByIsInclusiveAndMovesTheClock() {
    let scheduler = TestScheduler(initialClock: 100)
    let log = Log<Int>()
    scheduler.schedule(after: .milliseconds(300)) { log.append(scheduler.now) }
    scheduler.advance(by: .milliseconds(299))
    #expect(log.all.isEmpty)
    #expect(scheduler.now == 399)
    scheduler.advance(by: 1)
    #expect(log.all == [400])
}

@Test func advanceRunsWorkScheduledDuringTheAdvance() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(10) {
        scheduler.schedule(after: .ticks(5)) { log.append(scheduler.now) }
    }
    scheduler.advance(to: 15)
    #expect(log.all == [15])
}

@Test func clockReadsEachActionsTickWhileItRuns() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(7) { log.append(scheduler.now) }
    scheduler.scheduleAt(9) { log.append(scheduler.now) }
    scheduler.advance(to: 50)
    #expect(log.all == [7, 9])
    #expect(scheduler.now == 50)
}

@Test func advancingToThePastRecordsAFailureAndKeepsTheClock() {
    let scheduler = TestScheduler()
    scheduler.advance(to: 300)
    let line = #line + 2
    withKnownIssue {
        scheduler.advance(to: 100)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("time never goes back") }
            && issue.sourceLocation?.line == line
    }
    #expect(scheduler.now == 300)
}

@Test func advancingByANegativeDurationRecordsAFailure() {
    let scheduler = TestScheduler(initialClock: 50)
    withKnownIssue {
        scheduler.advance(by: -10)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("advance(by: -10) would move time back from t=50") }
    }
    #expect(scheduler.now == 50)
}

@Test func workScheduledInThePastRunsAtTheCurrentTick() {
    let scheduler = TestScheduler()
    scheduler.advance(to: 500)
    let log = Log<Int>()
    scheduler.scheduleAt(100) { log.append(scheduler.now) }
    scheduler.advance()
    #expect(log.all == [500])
}

@Test func pastWorkRunsBeforeTheWorkDueNowInTheOrderOfItsTicks() {
    let scheduler = TestScheduler(simulateProcessingDelay: true)
    scheduler.advance(to: 500)
    let log = Log<String>()
    scheduler.scheduleAt(500) { log.append("due now at \(scheduler.now)") }
    scheduler.scheduleAt(300) { log.append("300 at \(scheduler.now)") }
    scheduler.scheduleAt(100) { log.append("100 at \(scheduler.now)") }
    scheduler.scheduleAt(100) { log.append("100 again at \(scheduler.now)") }
    #expect(scheduler.pendingWork.map(\.dueTime) == [500, 500, 500, 500])
    scheduler.advance()
    #expect(log.all == ["100 at 500", "100 again at 500", "300 at 500", "due now at 500"])
}

@Test func pastWorkCountsTowardsTheLivelockLimitOfTheCurrentTick() {
    let scheduler = TestScheduler(actionsPerTickLimit: 10)
    scheduler.advance(to: 500)
    let runs = Log<Int>()
    @Sendable func again(_ time: Int) {
        runs.append(time)
        // Alternating past and present ticks must not hide the livelock.
        scheduler.scheduleAt(time == 500 ? 100 : 500) { again(time == 500 ? 100 : 500) }
    }
    scheduler.scheduleAt(500) { again(500) }
    withKnownIssue {
        scheduler.advance()
    } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("more than 10 actions at t=500: livelock?") }
    }
    #expect(runs.all.count == 10)
}

@Test func zeroDelayWorkRunsAtTheSameTick() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(300) {
        scheduler.schedule { log.append(scheduler.now) }
        scheduler.schedule(after: .zero) { log.append(scheduler.now) }
        scheduler.schedule(after: -5) { log.append(scheduler.now) }
    }
    scheduler.advance(to: 300)
    #expect(log.all == [300, 300, 300])
}

@Test func zeroDelayWorkRunsAfterWorkAlreadyDueAtThatTick() {
    let scheduler = TestScheduler()
    let log = Log<String>()
    scheduler.scheduleAt(10) {
        log.append("first")
        scheduler.schedule { log.append("nested") }
    }
    scheduler.scheduleAt(10) { log.append("second") }
    scheduler.run()
    #expect(log.all == ["first", "second", "nested"])
}

@Test func livelockAtOneTickIsReportedWithThePendingWork() {
    let scheduler = TestScheduler(actionsPerTickLimit: 100)
    @Sendable func spin() { scheduler.schedule(label: "spin", spin) }
    scheduler.scheduleAt(300, label: "spin", spin)
    withKnownIssue {
        scheduler.advance(to: 1000)
    } matching: { issue in
        issue.comments.contains {
            $0.rawValue == "more than 100 actions at t=300: livelock? pending: spin due at t=300"
        }
    }
    #expect(scheduler.now == 300)
    #expect(scheduler.pendingWork == [PendingWork(label: "spin", dueTime: 300)])
}

@Test func runWithMaxStepsThrowsListingThePendingWork() {
    let scheduler = TestScheduler()
    @Sendable func tick() { scheduler.schedule(after: .seconds(1), label: "interval(1s)", tick) }
    scheduler.schedule(after: .seconds(1), label: "interval(1s)", tick)
    scheduler.scheduleAt(3300, label: "debounce(300ms)") {}
    #expect {
        try scheduler.run(maxSteps: 3)
    } throws: { error in
        let error = error as? TestSchedulerError
        return error?.pendingWork == [
            PendingWork(label: "debounce(300ms)", dueTime: 3300), PendingWork(label: "interval(1s)", dueTime: 4000),
        ]
            && error?.description
                == "run(maxSteps: 3) stopped after 3 actions at t=3000 with work still pending "
                + "(a source that never ends?): debounce(300ms) due at t=3300, interval(1s) due at t=4000"
    }
}

@Test func runWithMaxStepsReturnsWhenTheWorkRunsOut() throws {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(10) { log.append(10) }
    scheduler.scheduleAt(20) { log.append(20) }
    try scheduler.run(maxSteps: 2)
    #expect(log.all == [10, 20])
    #expect(scheduler.now == 20)
}

@Test func runRunsUntilNoWorkIsLeft() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    scheduler.scheduleAt(10) {
        scheduler.schedule(after: .ticks(100)) { log.append(scheduler.now) }
    }
    scheduler.run()
    #expect(log.all == [110])
    #expect(scheduler.pendingWork.isEmpty)
}

@Test func runReportsAnEndlessSourceInsteadOfHanging() {
    let scheduler = TestScheduler(runStepLimit: 1_000)
    @Sendable func tick() { scheduler.schedule(after: .ticks(1), label: "forever", tick) }
    tick()
    withKnownIssue {
        scheduler.run()
    } matching: { issue in
        issue.comments.contains {
            $0.rawValue == "run() stopped after 1000 actions at t=1000 with work still pending "
                + "(a source that never ends?): forever due at t=1001"
        }
    }
}

@Test func disposingScheduledWorkKeepsItFromRunning() {
    let scheduler = TestScheduler()
    let log = Log<String>()
    let cancelled = scheduler.scheduleAt(10, label: "cancelled") { log.append("cancelled") }
    scheduler.scheduleAt(10, label: "kept") { log.append("kept") }
    cancelled.dispose()
    cancelled.dispose()
    #expect(scheduler.pendingWork == [PendingWork(label: "kept", dueTime: 10)])
    scheduler.run()
    #expect(log.all == ["kept"])
}

@Test func disposingFromAnEarlierActionAtTheSameTickCancels() {
    let scheduler = TestScheduler()
    let log = Log<String>()
    let target = Log<any Disposable>()
    scheduler.scheduleAt(10) { target.all.forEach { $0.dispose() } }
    target.append(scheduler.scheduleAt(10) { log.append("ran") })
    scheduler.run()
    #expect(log.all.isEmpty)
}

@Test func disposingAfterTheWorkRanDoesNotCancelLaterWork() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    let first = scheduler.scheduleAt(1) { log.append(1) }
    scheduler.advance(to: 1)
    // The first item's slot is reused by the next one; the stale handle must not cancel it.
    scheduler.scheduleAt(2) { log.append(2) }
    first.dispose()
    scheduler.run()
    #expect(log.all == [1, 2])
}

@Test func manyCancelledTimersDoNotAccumulate() {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    // The debounce pattern: every input cancels the pending timer and starts a new one.
    var timer: (any Disposable)?
    for input in 0..<10_000 {
        timer?.dispose()
        timer = scheduler.schedule(after: .seconds(100), label: "debounce") { log.append(input) }
    }
    #expect(scheduler.pendingWork == [PendingWork(label: "debounce", dueTime: 100_000)])
    scheduler.run()
    #expect(log.all == [9_999])
}

@Test func pendingWorkListsLabelsAndDueTimesInRunOrder() {
    let scheduler = TestScheduler(initialClock: 1000)
    scheduler.schedule(after: .milliseconds(300), label: "debounce(300ms)") {}
    scheduler.schedule(label: "now") {}
    scheduler.scheduleAt(1100) {}
    #expect(
        scheduler.pendingWork.map(\.description) == [
            "now due at t=1000", "scheduleAt due at t=1100", "debounce(300ms) due at t=1300",
        ])
}

@Test func advanceFromInsideAnActionIsReported() {
    let scheduler = TestScheduler()
    scheduler.scheduleAt(10) {
        withKnownIssue {
            scheduler.advance(to: 20)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("already running") }
        }
    }
    scheduler.run()
    #expect(scheduler.now == 10)
}

@Test func schedulerIsUsableFromAnotherThread() async {
    let scheduler = TestScheduler()
    let log = Log<Int>()
    await Task.detached {
        _ = scheduler.scheduleAt(5) { log.append(scheduler.now) }
    }.value
    scheduler.advance(to: 5)
    #expect(log.all == [5])
}

@Test func processingDelayMovesWorkScheduledForNowToTheNextTick() {
    let scheduler = TestScheduler(simulateProcessingDelay: true)
    let ticks = TestBox([Int]())
    scheduler.scheduleAt(100) {
        scheduler.schedule { ticks.append(scheduler.now) }
        scheduler.schedule(after: .ticks(5)) { ticks.append(scheduler.now) }
    }
    scheduler.advance(to: 200)
    #expect(ticks.value == [101, 105])
}

@Test func processingDelayGivesSubscribeOnRxSwiftsOneTickHop() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(simulateProcessingDelay: true)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .completed(221)])
        // As RxSwift's testSubscribeOn_SchedulerCompleted: the disposal is one more hop.
        #expect(xs.subscriptions == [Subscription(201, 222)])
    }
}

@Test func withoutProcessingDelayWorkForNowRunsAtTheCurrentTick() {
    let scheduler = TestScheduler()
    let ticks = TestBox([Int]())
    scheduler.scheduleAt(100) { scheduler.schedule { ticks.append(scheduler.now) } }
    scheduler.advance(to: 200)
    #expect(ticks.value == [100])
}
