import Streams
import StreamsTesting
import Testing

/// Forwards to a test scheduler but runs every delayed action `lateness` ticks late, like a
/// busy run loop.
private struct LateScheduler: Scheduler {
    let base: TestScheduler
    let lateness: Int

    var now: Int { base.now }

    func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        base.schedule(label: label, action)
    }

    func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        base.schedule(after: delay + .ticks(lateness), label: label, action)
    }
}

@Test func intervalSendsCountsAtEveryPeriod() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 1000) { Observable.interval(.milliseconds(300), scheduler: scheduler) }
        #expect(res.events == [.next(500, 0), .next(800, 1)])
    }
}

@Test func intervalDoesNotDriftWhenActionsRunLate() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let late = LateScheduler(base: scheduler, lateness: 7)
        let res = scheduler.start(disposed: 1200) { Observable.interval(.milliseconds(300), scheduler: late) }
        #expect(res.events == [.next(507, 0), .next(807, 1), .next(1107, 2)])
    }
}

@Test func intervalOfZeroSendsOneValuePerTickWithTheProcessingDelay() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(simulateProcessingDelay: true)
        let res = scheduler.start(disposed: 204) { Observable.interval(.zero, scheduler: scheduler) }
        #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2)])
    }
}

@Test func intervalOfANegativePeriodFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.interval(.ticks(-1), scheduler: scheduler) }
        #expect(
            res.events == [.error(200, StreamsError.invalidArgument("interval period must not be negative, got -1ms"))])
    }
}

@Test func intervalDisposeCancelsItsTimer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subscription = Observable.interval(.milliseconds(100), scheduler: scheduler).subscribe(onNext: { _ in })
        #expect(scheduler.pendingWork.map(\.label) == ["interval(100ms)"])
        subscription.dispose()
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func timerSendsZeroThenCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.timer(.milliseconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(250, 0), .completed(250)])
    }
}

@Test func timerWithPeriodKeepsCounting() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 480) {
            Observable.timer(.milliseconds(50), period: .milliseconds(100), scheduler: scheduler)
        }
        #expect(res.events == [.next(250, 0), .next(350, 1), .next(450, 2)])
    }
}

@Test func intervalFailsOnASchedulerThatCannotWait() {
    withSubscriptionTracking {
        let errors = TestScheduler(initialClock: 0).createObserver(Int.self)
        let subscription = Observable.interval(.milliseconds(10), scheduler: ImmediateScheduler())
            .subscribe(errors.asObserver())
        #expect(
            errors.events == [
                .error(
                    0,
                    StreamsError.invalidArgument(
                        "interval(10ms) needs a scheduler that keeps time, not ImmediateScheduler"))
            ])
        subscription.dispose()
    }
}

@Test func timerLabelsItsWork() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subscription = Observable.timer(.seconds(1), scheduler: scheduler).subscribe(onNext: { _ in })
        #expect(scheduler.pendingWork == [PendingWork(label: "timer(1s)", dueTime: 1000)])
        subscription.dispose()
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func fromWithASchedulerSendsEachElementInItsOwnAction() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.from([1, 2, 3], scheduler: scheduler) }
        #expect(res.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func justWithASchedulerSendsOnTheScheduler() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let log = Log<Event<Int>>()
        let subscription = Observable.just(7, scheduler: scheduler).subscribe { log.append($0) }
        #expect(log.all.isEmpty)
        scheduler.advance(by: .ticks(1))
        #expect(log.all == [.next(7), .completed])
        subscription.dispose()
    }
}

@Test func ofWithASchedulerStopsWhenDisposed() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.of(1, 2, scheduler: scheduler).take(1) }
        #expect(res.events == [.next(200, 1), .completed(200)])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func repeatElementRepeatsUntilDisposed() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.repeatElement("x", scheduler: scheduler).take(3) }
        #expect(res.events == [.next(200, "x"), .next(200, "x"), .next(200, "x"), .completed(200)])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func generateWithASchedulerSendsEachState() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 < 3 }, scheduler: scheduler, iterate: { $0 + 1 })
        }
        #expect(res.events == [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
    }
}

@Test func rangeWithASchedulerOnAnImmediateSchedulerLoops() {
    withSubscriptionTracking {
        let log = Log<Int>()
        _ = Observable.range(start: 0, count: 10_000, scheduler: ImmediateScheduler()).subscribe(onNext: {
            log.append($0)
        })
        #expect(log.count == 10_000)
    }
}

// RxSwift's testJust_Basic, ObservableSequenceTest, testRange_ZeroCount, testGenerate_Finite:
// the action that finds the end sends the completion; with RxTest's processing delay, one tick
// after the last value, not two.
@Test func scheduledMakersCompleteInTheActionThatFindsTheEnd() {
    withSubscriptionTracking {
        func run<Element: Sendable>(
            _ build: @escaping @Sendable (TestScheduler) -> Observable<Element>
        )
            -> [Recorded<Event<Element>>]
        {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: true)
            return scheduler.start { build(scheduler) }.events
        }
        #expect(run { Observable.just(42, scheduler: $0) } == [.next(201, 42), .completed(202)])
        #expect(
            run { Observable.from([1, 2, 3], scheduler: $0) } == [
                .next(201, 1), .next(202, 2), .next(203, 3), .completed(204),
            ])
        #expect(run { Observable.of(7, scheduler: $0) } == [.next(201, 7), .completed(202)])
        #expect(run { Observable.range(start: 0, count: 0, scheduler: $0) } == [.completed(201)])
        #expect(
            run { Observable.range(start: 5, count: 2, scheduler: $0) } == [
                .next(201, 5), .next(202, 6), .completed(203),
            ])
        #expect(
            run { Observable.generate(initialState: 0, condition: { $0 <= 2 }, scheduler: $0, iterate: { $0 + 1 }) }
                == [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }
}

// RxSwift's testRange_Boundaries.
@Test func scheduledRangeReachesTheMaximumValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: Int.max, count: 1, scheduler: scheduler) }
        #expect(res.events == [.next(200, Int.max), .completed(200)])
    }
}

@Test func intervalAndTimerCountInAnyIntegerType() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 560) { Observable<Int64>.interval(.ticks(100), scheduler: scheduler) }
        #expect(res.events == [.next(300, 0), .next(400, 1), .next(500, 2)])
        let timer = scheduler.start(created: 600, subscribed: 700, disposed: 800) {
            Observable<UInt8>.timer(.ticks(5), scheduler: scheduler)
        }
        #expect(timer.events == [.next(705, 0), .completed(705)])
        // Plain `Observable.interval` still means Int.
        let plain: Observable<Int> = Observable.interval(.ticks(1), scheduler: scheduler)
        _ = plain
    }
}

@Test func fromOptionalOnASchedulerSendsTheValueThenCompletesInTheNextAction() {
    withSubscriptionTracking {
        let some = TestScheduler(simulateProcessingDelay: true)
        let value = some.start { Observable.from(optional: 1, scheduler: some) }
        #expect(value.events == [.next(201, 1), .completed(202)])
        let none = TestScheduler(simulateProcessingDelay: true)
        let empty = none.start { Observable<Int>.from(optional: nil, scheduler: none) }
        #expect(empty.events == [.completed(201)])
    }
}
