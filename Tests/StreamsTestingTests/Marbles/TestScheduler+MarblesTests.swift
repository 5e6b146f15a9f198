import Streams
import StreamsTesting
import Testing

@Test func hotEmitsItsEventsAtTheirFramesCountedFromNow() {
    let scheduler = TestScheduler(initialClock: 100)
    let xs = scheduler.hot("-a-b|", values: ["a": 1, "b": 2])
    #expect(xs.recordedEvents == [.next(101, 1), .next(103, 2), .completed(104)])
    let res = scheduler.record(xs)
    scheduler.run()
    #expect(res.events == [.next(101, 1), .next(103, 2), .completed(104)])
}

@Test func hotEventsBeforeTheCaretAreNeverSeen() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("a-^-b|")
    let res = scheduler.record(xs)
    scheduler.run()
    #expect(res.events == [.next(2, "b"), .completed(3)])
}

@Test func hotOfStringsUsesEachKeyAsItsValue() {
    let scheduler = TestScheduler()
    let res = scheduler.record(scheduler.hot("a{swift}|"))
    scheduler.run()
    #expect(res.events == [.next(0, "a"), .next(1, "swift"), .completed(2)])
}

@Test func invalidHotDiagramFailsAtTheCallerNamingTheColumn() {
    let scheduler = TestScheduler()
    let line = #line + 1
    let make = { _ = scheduler.hot("-a(b") }
    expectFailure(
        "invalid marble diagram: column 3: unbalanced (: the group is never closed\n  -a(b\n    ^", line: line, make)
}

@Test func missingValueKeyFailsAtTheCallerNamingTheColumn() {
    let scheduler = TestScheduler()
    expectFailure("invalid marble diagram: column 4: no value for key c in values (has a, b)\n  a-bc\n     ^") {
        _ = scheduler.hot("a-bc", values: ["a": 1, "b": 2])
    }
}

@Test func coldReplaysItsEventsForEachSubscription() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-a|")
    scheduler.scheduleAt(10) { _ = scheduler.record(xs) }
    let first = scheduler.record(xs)
    scheduler.run()
    #expect(first.events == [.next(1, "a"), .completed(2)])
    #expect(xs.subscriptions == [Subscription(0, 2), Subscription(10, 12)])
}

@Test func coldSegmentsScriptOneSubscriptionEach() {
    let scheduler = TestScheduler()
    let request = scheduler.cold("--#", "-{ok}|", values: ["ok": 200])
    let first = scheduler.record(request)
    scheduler.advance(to: 2)
    let second = scheduler.record(request)
    scheduler.run()
    #expect(first.events == [.error(2, TestError("error"))])
    #expect(second.events == [.next(3, 200), .completed(4)])
}

@Test func coldSubscribedMoreTimesThanItHasSegmentsFails() {
    let scheduler = TestScheduler()
    let line = #line + 1
    let request = scheduler.cold("-a|", "-b|")
    var recordings = [scheduler.record(request), scheduler.record(request)]
    defer { for recording in recordings { recording.dispose() } }
    expectFailure(
        "cold(\"-a|\", \"-b|\") was subscribed 3 times but has 2 segments (one per subscription)", line: line
    ) {
        let third = scheduler.record(request)
        recordings.append(third)
        scheduler.run()
        #expect(third.events.isEmpty)
    }
}

@Test func recordDisposesAtTheGivenTick() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("a-b-c")
    let res = scheduler.record(xs, disposed: 2)
    scheduler.run()
    #expect(res.events == [.next(0, "a")])
    #expect(xs.subscriptions == [Subscription(0, 2)])
}

@Test func expectPassesWhenTheEventsMatchTheMarbles() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-a--b-c-|", values: ["a": 1, "b": 2, "c": 3])
    let res = scheduler.record(xs.map { $0 * 10 })
    scheduler.run()
    scheduler.expect(res, "-A--B-C-|", values: ["A": 10, "B": 20, "C": 30])
    scheduler.expect(res, [.next(1, 10), .next(4, 20), .next(6, 30), .completed(8)])
    scheduler.expectSubscriptions(xs, ["^-------!"])
    scheduler.expectSubscriptions(xs, [Subscription(0, 8)])
}

@Test func expectFramesCountFromTheRecordingsOrigin() {
    let scheduler = TestScheduler(initialClock: 200)
    let res = scheduler.record(scheduler.hot("--a"))
    defer { res.dispose() }
    scheduler.run()
    scheduler.expect(res, "--a")
    #expect(res.events == [.next(202, "a")])
}

@Test func expectWithAnInvalidDiagramFailsNamingTheColumn() {
    let scheduler = TestScheduler()
    let res = scheduler.record(scheduler.hot("a"))
    defer { res.dispose() }
    expectFailure(containing: "column 2: ^ marks frame 0") {
        scheduler.expect(res, "a^")
    }
}

@Test func expectSubscriptionsWithAnInvalidDiagramFailsNamingTheColumn() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("a")
    expectFailure(containing: "invalid subscription diagram: column 2: a second ^") {
        scheduler.expectSubscriptions(xs, ["^^"])
    }
}
