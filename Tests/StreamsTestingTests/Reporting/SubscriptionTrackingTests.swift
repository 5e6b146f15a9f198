import Streams
import StreamsTesting
import Testing

@Test func trackingPassesWhenEverySubscriptionEnds() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let res = withSubscriptionTracking {
        scheduler.start { xs.map { $0 + 1 } }
    }
    #expect(res.events == [.next(210, 2), .completed(300)])
}

@Test func trackingReportsALeakAtTheCaller() {
    let subject = PublishSubject<Int>()
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    let line = #line + 2
    withKnownIssue {
        withSubscriptionTracking {
            kept.keep(subject.subscribe(onNext: { _ in }))
        }
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("still live at the end of withSubscriptionTracking") }
            && issue.sourceLocation?.line == line
    }
}

@Test func trackingCountsTestableObservableSubscriptions() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1)])
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    withKnownIssue {
        withSubscriptionTracking {
            kept.keep(xs.subscribe(AnyObserver { _ in }))
        }
    } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("1 subscription is still live") }
    }
}

@Test func trackingReturnsTheBodysResult() {
    #expect(withSubscriptionTracking { 42 } == 42)
}

@Test func asyncTrackingReportsALeak() async {
    let subject = PublishSubject<Int>()
    let kept = KeptSubscriptions()
    defer { kept.disposeAll() }
    await withKnownIssue {
        await withSubscriptionTracking {
            await Task.yield()
            kept.keep(subject.subscribe(onNext: { _ in }))
        }
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("still live at the end of withSubscriptionTracking") }
    }
}
