import Streams
import StreamsTesting
import Testing

/// An output that schedules labelled work on `scheduler` after each value of `source`, the way
/// a time-based operator does, and emits the value when the work runs.
private func delayed(
    _ source: some ObservableType<String>, by ticks: Int, label: String, on scheduler: TestScheduler
) -> Observable<String> {
    Observable.create { observer in
        let composite = CompositeDisposable()
        let upstream = source.subscribe(onNext: { value in
            _ = composite.insert(scheduler.schedule(after: .ticks(ticks), label: label) { observer.onNext(value) })
        })
        _ = composite.insert(upstream)
        return composite
    }
}

@Test func harnessPassesWhenEveryOutputIsAssertedAndNothingIsLeft() {
    withViewModelHarness { harness in
        let rows = harness.record(harness.scheduler.hot("-a-b|"), "rows")
        harness.scheduler.run()
        harness.expect(rows, "-a-b|")
    }
}

@Test func harnessFailsOnEventsNoExpectationCovered() {
    let line = #line + 2
    let test = {
        withViewModelHarness { harness in
            let rows = harness.record(harness.scheduler.hot("-a-b"), "rows")
            harness.scheduler.advance(to: 1)
            harness.expectNext(rows, [.next(1, "a")])
            harness.scheduler.run()
        }
    }
    expectFailure("output \"rows\" emitted events that no expectation covered:\n  .next(3, \"b\")", line: line, test)
}

@Test func harnessFailsOnPendingWorkNamingIt() {
    expectFailure(
        "scheduled work is still pending at t=1000 (run or advance the scheduler to the end of the test):\n"
            + "  debounce(300ms) due at t=1300"
    ) {
        withViewModelHarness { harness in
            let scheduler = harness.scheduler
            let query = scheduler.hot("@1000 a")
            let results = harness.record(delayed(query, by: 300, label: "debounce(300ms)", on: scheduler), "results")
            scheduler.advance(to: 1000)
            harness.expectNoNewEvents(results)
        }
    }
}

@Test func harnessFailsOnASubscriptionToATestSourceLeftOpen() {
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    expectFailure(
        "subscriptions are still open after every output was disposed, and no expectation allowed them "
            + "(something keeps them alive):\n  hot(\"-a\"): subscribed at t=0"
    ) {
        withViewModelHarness { harness in
            let xs = harness.scheduler.hot("-a")
            // An output that subscribes to `xs` and never lets go of it.
            let leaky = Observable<String>.create { observer in
                kept.keep(xs.subscribe(onNext: { observer.onNext($0) }))
                return Disposables.empty
            }
            let values = harness.record(leaky, "values")
            harness.scheduler.run()
            harness.expect(values, "-a")
        }
    }
}

@Test func harnessAllowsAnOpenSubscriptionAnExpectationDeclared() {
    let leaked = KeptSubscriptions()
    defer { leaked.disposeAll() }
    withViewModelHarness { harness in
        let source = harness.scheduler.hot("-a")
        let kept = Observable<String>.create { observer in
            leaked.keep(source.subscribe(onNext: { observer.onNext($0) }))
            return Disposables.empty
        }
        let values = harness.record(kept, "values")
        harness.scheduler.run()
        harness.expect(values, "-a")
        harness.expectSubscriptions(source, ["^"])
    }
}

@Test func harnessFailsOnALeakedSubscriptionThatIsNotToATestSource() {
    let subject = PublishSubject<String>()
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    expectFailure(
        "subscriptions started in the test are still live after every output was disposed (2 counted, each "
            + "stage of a chain counting once): something subscribed inside the view model was never disposed"
    ) {
        withViewModelHarness { harness in
            let leaky = Observable<String>.create { observer in
                kept.keep(subject.subscribe(onNext: { observer.onNext($0) }))
                return Disposables.empty
            }
            let values = harness.record(leaky, "values")
            harness.expectNoNewEvents(values)
        }
    }
}

@Test func harnessThatIsNeverFinishedReportsItAtItsCreation() {
    let line = #line + 1
    let make = { _ = ViewModelHarness() }
    expectFailure(
        "the ViewModelHarness made here was never finished: call finish() at the end of the test, "
            + "or use withViewModelHarness { }", line: line, make)
}

@Test func finishReportsAtItsCallerAndOnlyOnce() {
    let harness = ViewModelHarness()
    _ = harness.record(harness.scheduler.hot("a"), "rows")
    harness.scheduler.run()
    let line = #line + 1
    let finish = { harness.finish() }
    expectFailure("output \"rows\" emitted events that no expectation covered:\n  .next(0, \"a\")", line: line, finish)
    harness.finish()
}

@Test func expectNextConsumesTheNextEventsStepByStep() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let rows = harness.record(scheduler.hot("-a--b-c|"), "rows")
        scheduler.advance(to: 3)
        harness.expectNext(rows, [.next(1, "a")])
        harness.expectNoNewEvents(rows)
        scheduler.advance(to: 6)
        harness.expectNextValues(rows, ["b", "c"])
        scheduler.run()
        harness.expectNext(rows, [.completed(7)])
    }
}

@Test func expectNextMismatchIsReportedAsMarbles() {
    expectFailure(
        """
        the next events of output "rows" did not match
        expected: --b
        actual:   -a
                   ^ first difference at t=1
        events (- expected, + actual):
        - .next(2, "b")
        + .next(1, "a")
        """
    ) {
        withViewModelHarness { harness in
            let rows = harness.record(harness.scheduler.hot("-a"), "rows")
            harness.scheduler.run()
            harness.expectNext(rows, [.next(2, "b")])
        }
    }
}

@Test func expectNextValuesMismatchListsBoth() {
    expectFailure("the next values of output \"rows\" did not match\nexpected: \"b\"\nactual:   .next(1, \"a\")") {
        withViewModelHarness { harness in
            let rows = harness.record(harness.scheduler.hot("-a"), "rows")
            harness.scheduler.run()
            harness.expectNextValues(rows, ["b"])
        }
    }
}

@Test func expectNoNewEventsFailsListingThem() {
    expectFailure("output \"rows\" emitted new events at t=2:\n  .next(1, \"a\")") {
        withViewModelHarness { harness in
            let rows = harness.record(harness.scheduler.hot("-a"), "rows")
            harness.scheduler.advance(to: 2)
            harness.expectNoNewEvents(rows)
        }
    }
}

@Test func wholeOutputMismatchNamesTheOutput() {
    expectFailure(containing: "output \"rows\" did not match\nexpected: --a\nactual:   -a") {
        withViewModelHarness { harness in
            let rows = harness.record(harness.scheduler.hot("-a"), "rows")
            harness.scheduler.run()
            harness.expect(rows, "--a")
        }
    }
}

@Test func expectingAnOutputTheHarnessDidNotRecordFails() {
    let scheduler = TestScheduler()
    let stray = scheduler.record(scheduler.hot("a"))
    scheduler.run()
    expectFailure("this output was not recorded by this harness; use harness.record(output, \"name\")") {
        withViewModelHarness(scheduler: scheduler) { harness in
            harness.expect(stray, "a")
            stray.dispose()
        }
    }
}

@Test func skipRemainingIsAnExplicitOptOutForOneOutput() {
    withViewModelHarness { harness in
        let rows = harness.record(harness.scheduler.hot("abc"), "rows")
        harness.scheduler.run()
        harness.skipRemaining(rows)
    }
}

@Test func nonExhaustiveHarnessListsSkippedEventsAsWarnings() {
    withKnownIssue {
        withViewModelHarness(exhaustivity: .off(showSkipped: true)) { harness in
            _ = harness.record(harness.scheduler.hot("-a"), "rows")
            harness.scheduler.run()
        }
    } matching: { issue in
        issue.severity == .warning
            && issue.comments.map(\.rawValue)
                == ["skipped: output \"rows\" emitted events that were not asserted:\n  .next(1, \"a\")"]
    }
}

@Test func nonExhaustiveHarnessWithoutShowingSkipsSilently() {
    withViewModelHarness(exhaustivity: .off(showSkipped: false)) { harness in
        _ = harness.record(harness.scheduler.hot("-a"), "rows")
        harness.scheduler.run()
    }
}

@Test func nonExhaustiveHarnessStillFailsOnPendingWork() {
    expectFailure(containing: "scheduled work is still pending at t=0") {
        withViewModelHarness(exhaustivity: .off(showSkipped: false)) { harness in
            _ = harness.record(harness.scheduler.hot("-a"), "rows")
        }
    }
}

@Test func longListsOfUnassertedEventsAreCut() {
    expectFailure(containing: "  .next(19, \"a\")\n  … and 5 more") {
        withViewModelHarness { harness in
            _ = harness.record(harness.scheduler.hot("aaaaaaaaaaaaaaaaaaaaaaaaa"), "rows")
            harness.scheduler.run()
        }
    }
}
