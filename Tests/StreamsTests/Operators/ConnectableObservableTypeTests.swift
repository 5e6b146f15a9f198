import Streams
import StreamsTesting
import Testing

/// A connectable of a test's own: its subscribers share a subject that `connect` feeds from
/// the source, and it counts its connections.
private final class CountingConnectable<Element: Sendable>: ConnectableObservableType {
    let source: Observable<Element>
    let subject = PublishSubject<Element>()
    let connections = TestBox(0)

    init(_ source: Observable<Element>) {
        self.source = source
    }

    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        subject.subscribe(observer)
    }

    func connect() -> any Disposable {
        connections.value += 1
        return source.subscribe(subject.asObserver())
    }
}

@Test func refCountWorksOnAConnectableOfOnesOwn() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3), .next(300, 4)])
        let connectable = CountingConnectable(xs.asObservable())
        let shared = connectable.refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let firstSubscription = SerialDisposable()
        let secondSubscription = SerialDisposable()
        scheduler.scheduleAt(200) { firstSubscription.set(shared.subscribe(first)) }
        scheduler.scheduleAt(220) { secondSubscription.set(shared.subscribe(second)) }
        scheduler.scheduleAt(240) { firstSubscription.dispose() }
        scheduler.scheduleAt(270) { secondSubscription.dispose() }
        scheduler.advance(to: 400)
        #expect(first.events == [.next(210, 1), .next(230, 2)])
        #expect(second.events == [.next(230, 2), .next(260, 3)])
        // Connected with the first subscriber, disconnected after the last one left.
        #expect(connectable.connections.value == 1)
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }
}
