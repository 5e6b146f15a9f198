/// Resumes a continuation exactly once: with the first value an observable delivers, or with
/// `cancelledValue` when the awaiting task is cancelled (before or after subscribing), and
/// disposes the subscription either way.
final class _AsyncBridge<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        var subscription: (any Disposable)?
        var cancelled = false
        var done = false
    }

    private let state = SanitizerVisibleMutex(State())
    private let cancelledValue: Value

    init(cancelledValue: Value) {
        self.cancelledValue = cancelledValue
    }

    /// Stores `continuation`, then subscribes with `subscribe`, which must call ``resume(_:)``.
    func start(_ continuation: CheckedContinuation<Value, Never>, subscribe: () -> any Disposable) {
        let alreadyCancelled = state.withLock { state -> Bool in
            if state.cancelled {
                state.done = true
                return true
            }
            state.continuation = continuation
            return false
        }
        if alreadyCancelled {
            continuation.resume(returning: cancelledValue)
            return
        }
        let subscription = subscribe()
        let keep = state.withLock { state -> Bool in
            if state.done { return false }
            state.subscription = subscription
            return true
        }
        if !keep { subscription.dispose() }
    }

    func resume(_ value: Value) {
        let taken = take()
        taken.subscription?.dispose()
        taken.continuation?.resume(returning: value)
    }

    func cancel() {
        let taken = take(cancelling: true)
        taken.subscription?.dispose()
        taken.continuation?.resume(returning: cancelledValue)
    }

    private func take(
        cancelling: Bool = false
    ) -> (
        continuation: CheckedContinuation<Value, Never>?, subscription: (any Disposable)?
    ) {
        state.withLock { state in
            if cancelling { state.cancelled = true }
            guard !state.done, let continuation = state.continuation else { return (nil, nil) }
            state.done = true
            let subscription = state.subscription
            state.continuation = nil
            state.subscription = nil
            return (continuation, subscription)
        }
    }
}
