import Streams

/// Subscriptions a test leaks on purpose (to prove the leak is reported), kept so the test can
/// end them once the report was checked: the run as a whole must end with none live.
final class KeptSubscriptions: Sendable {
    private let kept = SanitizerVisibleMutex<[any Disposable]>([])

    func keep(_ subscription: any Disposable) {
        kept.withLock { $0.append(subscription) }
    }

    func disposeAll() {
        for subscription in kept.withLock({ $0 }) { subscription.dispose() }
    }
}
