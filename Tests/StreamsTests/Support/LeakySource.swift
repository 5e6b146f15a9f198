import Streams

/// A deliberately broken source for tests: it keeps its observer and sends whatever the test
/// asks, even after it was disposed, so a test can prove that an operator itself stops
/// everything after its terminal event.
final class LeakySource<Element: Sendable>: Sendable {
    private let observers = SanitizerVisibleMutex<[AnyObserver<Element>]>([])

    var observable: Observable<Element> {
        Observable(unchecked: { observer in
            self.observers.withLock { $0.append(observer) }
            return Disposables.empty
        })
    }

    func send(_ event: Event<Element>) {
        for observer in observers.withLock({ $0 }) { observer.on(event) }
    }
}

/// Records every event an observer receives, without enforcing the grammar.
final class RawRecorder<Element: Sendable>: Sendable {
    private let events = SanitizerVisibleMutex<[Event<Element>]>([])

    var observer: AnyObserver<Element> { AnyObserver { event in self.events.withLock { $0.append(event) } } }

    var all: [Event<Element>] { events.withLock { $0 } }
}
