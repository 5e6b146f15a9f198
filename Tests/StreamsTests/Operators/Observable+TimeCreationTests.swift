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

@Test func intervalFailsForAPeriodThatIsNotPositive() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.interval(.zero, scheduler: scheduler) }
        #expect(res.events == [.error(200, StreamsError.invalidArgument("interval period must be positive, got 0ms"))])
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
