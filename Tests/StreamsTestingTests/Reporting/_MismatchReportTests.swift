import Streams
import StreamsTesting
import Testing

private let words = ["a": "sw", "c": "swi", "d": "swif"]

@Test func lateValueIsReportedAsAlignedMarblesADiffAndALegendAtTheCaller() {
    let scheduler = TestScheduler()
    let res = scheduler.record(scheduler.hot("---a-----c---d-|", values: words))
    scheduler.run()
    let line = #line + 1
    let check = { scheduler.expect(res, "---a------c--d-|", values: words) }
    expectFailure(
        """
        recorded events did not match
        expected: ---a------c--d-|
        actual:   ---a-----c---d-|
                           ^ first difference at t=9
        events (- expected, + actual):
          .next(3, "sw")
        - .next(10, "swi")
        + .next(9, "swi")
          .next(13, "swif")
          .completed(15)
        legend: a = "sw", c = "swi", d = "swif"
        """, line: line, check)
}

@Test func unexpectedValueAndTerminalAreDrawnWithAnUnknownKeyAndPaddedColumns() {
    let scheduler = TestScheduler()
    let res = scheduler.record(scheduler.hot("-a-b-x|", values: ["a": 1, "b": 2, "x": 42]))
    scheduler.run()
    expectFailure(
        """
        recorded events did not match
        expected: -a-b-c   #
        actual:   -a-b-{?1}|
                       ^ first difference at t=5
        events (- expected, + actual):
          .next(1, 1)
          .next(3, 2)
        - .next(5, 3)
        - .error(6, TestError("error"))
        + .next(5, 42)
        + .completed(6)
        legend: a = 1, b = 2, c = 3, {?1} = 42
        """
    ) { scheduler.expect(res, "-a-b-c#", values: ["a": 1, "b": 2, "c": 3]) }
}

@Test func recordedEventsExpectationReportsTheFrameBesideTheTick() {
    let scheduler = TestScheduler(initialClock: 200)
    let res = scheduler.record(scheduler.hot("-a-b", values: ["a": 1, "b": 2]))
    defer { res.dispose() }
    scheduler.run()
    expectFailure(
        """
        recorded events did not match
        expected: -a-b|
        actual:   -a-b
                      ^ first difference at t=204 (frame 4)
        events (- expected, + actual):
          .next(201, 1)
          .next(203, 2)
        - .completed(204)
        legend: a = 1, b = 2
        """
    ) { scheduler.expect(res, [.next(201, 1), .next(203, 2), .completed(204)], values: ["a": 1, "b": 2]) }
}

@Test func longRunsOfIdenticalEventsAreElided() {
    let scheduler = TestScheduler()
    let res = scheduler.record(scheduler.hot("abcdefghij|"))
    scheduler.run()
    expectFailure(
        """
        recorded events did not match
        expected: abcdefgXij|
        actual:   abcdefghij|
                         ^ first difference at t=7
        events (- expected, + actual):
          … 5 identical
          .next(5, "f")
          .next(6, "g")
        - .next(7, "X")
        + .next(7, "h")
          .next(8, "i")
          .next(9, "j")
          .completed(10)
        """
    ) { scheduler.expect(res, "abcdefgXij|") }
}

@Test func subscriptionMismatchDrawsEverySubscriptionOnOneTimeAxis() {
    let scheduler = TestScheduler(initialClock: 10)
    let request = scheduler.cold("-a|")
    _ = scheduler.record(request)
    scheduler.advance(by: 5)
    _ = scheduler.record(request)
    scheduler.run()
    expectFailure(
        """
        subscriptions of cold("-a|") did not match
        expected[0]: ^-!
        expected[1]: ------^-!
        actual[0]:   ^-!
        actual[1]:   -----^-!
                          ^ first difference at t=15 (frame 5)
        subscriptions (- expected, + actual):
          (10, 12)
        - (16, 18)
        + (15, 17)
        """
    ) { scheduler.expectSubscriptions(request, ["^-!", "@6 ^-!"]) }
}

@Test func subscriptionStillOpenIsDrawnWithoutItsBang() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-a-b")
    let recording = scheduler.record(xs)
    defer { recording.dispose() }
    scheduler.run()
    expectFailure(
        """
        subscriptions of hot("-a-b") did not match
        expected: ^---!
        actual:   ^
                      ^ first difference at t=4
        subscriptions (- expected, + actual):
        - (0, 4)
        + (0, never)
        """
    ) { scheduler.expectSubscriptions(xs, ["^---!"]) }
}
