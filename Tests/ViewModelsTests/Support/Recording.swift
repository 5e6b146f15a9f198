import Streams
import StreamsTesting

/// Subscribes an observer to `source` at `subscribe` and disposes it at `dispose`, in virtual time.
func record<Source: ObservableType>(
    _ source: Source, on scheduler: TestScheduler, from subscribe: Int = 200, until dispose: Int = 1000
) -> TestableObserver<Source.Element> {
    let observer = scheduler.createObserver(Source.Element.self)
    let subscription = SanitizerVisibleMutex<(any Disposable)?>(nil)
    _ = scheduler.scheduleAt(subscribe) {
        let disposable = source.subscribe(observer.asObserver())
        subscription.withLock { $0 = disposable }
    }
    _ = scheduler.scheduleAt(dispose) {
        subscription.withLock { $0 }?.dispose()
    }
    return observer
}

/// The calls a fake received, in order.
final class CallLog<Call: Sendable>: Sendable {
    private let calls = SanitizerVisibleMutex<[Call]>([])

    var all: [Call] { calls.withLock { $0 } }

    func append(_ call: Call) {
        calls.withLock { $0.append(call) }
    }
}

/// What a fake observation sends: `value` on subscribe, then nothing, never completing (as a
/// real observation does).
func observed<Value: Sendable>(_ value: Value) -> Observable<Value> {
    Observable<Value>.never().startWith(value)
}

extension SharedSequence where Sharing == DriverSharingStrategy {
    /// One part of a view model's state, sent when it changes.
    func part<Part: Equatable & Sendable>(_ pick: @escaping @Sendable (Element) -> Part) -> Driver<Part> {
        map(pick).distinctUntilChanged()
    }
}
