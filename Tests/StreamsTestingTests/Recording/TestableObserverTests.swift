import Streams
import StreamsTesting
import Testing

@Test func observerStampsEventsWithTheSchedulersClock() {
    let scheduler = TestScheduler()
    let observer = scheduler.createObserver(String.self)
    scheduler.scheduleAt(10) { observer.on(.next("a")) }
    scheduler.scheduleAt(20) { observer.asObserver().onNext("b") }
    scheduler.scheduleAt(30) { observer.on(.error(TestError("x"))) }
    scheduler.run()
    #expect(observer.events == [.next(10, "a"), .next(20, "b"), .error(30, TestError("x"))])
    #expect(observer.elements == ["a", "b"])
}

@Test func observerStartsEmpty() {
    #expect(TestScheduler().createObserver(Int.self).events.isEmpty)
}

@Test func observerOriginIsTheTickItWasMadeAt() {
    let scheduler = TestScheduler(initialClock: 250)
    #expect(scheduler.createObserver(Int.self).origin == 250)
}

@Test func disposeEndsTheRecordedSubscriptionOnce() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("a-b")
    let observer = scheduler.record(xs)
    scheduler.advance(to: 1)
    observer.dispose()
    observer.dispose()
    scheduler.run()
    #expect(observer.events == [.next(0, "a")])
    #expect(xs.subscriptions == [Subscription(0, 1)])
}
