import Streams
import StreamsTesting
import Testing

// MARK: - debounce

@Test func debounceSendsTheLastValueAfterTheQuietPeriod() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(250, 3), .next(300, 4), .completed(400),
        ])
        let res = scheduler.start { xs.debounce(.milliseconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(240, 2), .next(270, 3), .next(320, 4), .completed(400)])
    }
}

@Test func debounceFlushesThePendingValueOnCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
        let res = scheduler.start { xs.debounce(.milliseconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(215, 1), .completed(215)])
    }
}

@Test func debounceForwardsAnErrorAtOnceAndDropsThePendingValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, TestError(1))])
        let res = scheduler.start { xs.debounce(.milliseconds(20), scheduler: scheduler) }
        #expect(res.events == [.error(215, TestError(1))])
    }
}

@Test func debounceDropsThePendingValueOnDispose() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 220) { xs.debounce(.milliseconds(20), scheduler: scheduler) }
        scheduler.advance(to: 500)
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

@Test func debounceLabelsItsTimer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.debounce(.milliseconds(300), scheduler: scheduler).subscribe(onNext: { _ in })
        subject.onNext(1)
        #expect(scheduler.pendingWork.map(\.label) == ["debounce(300ms)"])
        subscription.dispose()
        #expect(scheduler.pendingWork.isEmpty)
    }
}

// MARK: - throttle

@Test func throttleSendsTheLeadingValueAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.throttle(.milliseconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .completed(300)])
    }
}

@Test func throttleLatestSendsTheLatestValueWhenTheWindowEnds() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(220, 3), .next(240, 4), .next(280, 5), .completed(300),
        ])
        let res = scheduler.start { xs.throttle(.milliseconds(20), scheduler: scheduler) }
        #expect(
            res.events == [.next(210, 1), .next(230, 3), .next(250, 4), .next(280, 5), .completed(300)])
    }
}

@Test func throttleWithoutLatestDropsValuesInsideTheWindow() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])
        let res = scheduler.start { xs.throttle(.milliseconds(20), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(230, 4), .completed(300)])
    }
}

@Test func throttleDelaysCompletionUntilTheLatestValueIsSent() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { xs.throttle(.milliseconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(230)])
    }
}

@Test func throttleForwardsAnErrorAtOnce() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .error(220, TestError(1))])
        let res = scheduler.start { xs.throttle(.milliseconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(220, TestError(1))])
    }
}

@Test func throttleLabelsItsTimer() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let subscription = subject.throttle(.seconds(1), scheduler: scheduler).subscribe(onNext: { _ in })
        subject.onNext(1)
        subject.onNext(2)
        #expect(scheduler.pendingWork == [PendingWork(label: "throttle(1s)", dueTime: 1000)])
        subscription.dispose()
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func takeForCompletesWhenTheDurationEnds() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.take(for: .ticks(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(240, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}

@Test func takeForForwardsAnEarlierCompletion() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.take(for: .ticks(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(scheduler.pendingWork.isEmpty)
    }
}

@Test func skipForDropsValuesWithinTheDuration() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.skip(for: .ticks(50), scheduler: scheduler) }
        #expect(res.events == [.next(260, 3), .completed(300)])
    }
}

@Test func skipForForwardsAnErrorDuringTheDuration() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.skip(for: .ticks(50), scheduler: scheduler) }
        #expect(res.events == [.error(220, TestError(1))])
    }
}

@Test func sampleSendsTheLatestValueAtEachSample() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(260, 3), .completed(320),
        ])
        let ticks = scheduler.createHotObservable([
            .next(230, "t"), .next(250, "t"), .next(270, "t"), .next(330, "t"),
        ])
        let res = scheduler.start { xs.sample(ticks) }
        #expect(res.events == [.next(230, 2), .next(270, 3), .completed(330)])
        #expect(ticks.subscriptions == [Subscription(200, 330)])
    }
}

@Test func sampleSendsTheDefaultWhenNothingNewArrived() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ticks = scheduler.createHotObservable([.next(230, "t"), .next(250, "t")])
        let res = scheduler.start { xs.sample(ticks, defaultValue: 0) }
        #expect(res.events == [.next(230, 1), .next(250, 0)])
    }
}

@Test func sampleFailsWhenTheSamplerFails() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ticks = scheduler.createHotObservable([.error(230, TestError(1))] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.sample(ticks) }
        #expect(res.events == [.error(230, TestError(1))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}

@Test func sampleReleasesTheSamplerWhenItCompletes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let ticks = scheduler.createHotObservable([.next(230, "t"), .completed(270)])
        let res = scheduler.start { xs.sample(ticks) }
        // The completion samples what is pending, as a value does, then the sampler is released;
        // with no sampler left, the source's completion is never sampled.
        #expect(res.events == [.next(230, 1), .next(270, 2)])
        #expect(ticks.subscriptions == [Subscription(200, 270)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}

@Test func skipAndTakeForADurationHaveRxSwiftsSpelling() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
        let skipped = scheduler.start { xs.skip(.ticks(15), scheduler: scheduler) }
        #expect(skipped.events == [.next(220, 2), .next(240, 3), .completed(250)])
    }
}
