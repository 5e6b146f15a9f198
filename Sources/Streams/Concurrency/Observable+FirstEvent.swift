extension ObservableType {
    /// Subscribes, waits for the first event that `resolve` turns into a value, disposes the
    /// subscription and returns that value; cancelling the calling task returns `cancelled`.
    ///
    /// It is the bridge for one-shot requests, whose error type and "no value" case the caller
    /// decides:
    ///
    /// ```swift
    /// let outcome: Result<Int, MyError> = await source.firstResolved(cancelled: .failure(.cancelled)) { event in
    ///     switch event {
    ///     case .next(let value): .success(value)
    ///     case .error(let error): .failure(MyError(error))
    ///     case .completed: .failure(.empty)
    ///     }
    /// }
    /// ```
    ///
    /// `resolve` returns `nil` for an event to skip (progress before a result, say); a terminal
    /// event it skips leaves the call waiting until the task is cancelled.
    public func firstResolved<Value: Sendable>(
        cancelled: Value, _ resolve: @escaping @Sendable (Event<Element>) -> Value?
    ) async -> Value {
        let observable = asObservable()
        let bridge = _AsyncBridge<Value>(cancelledValue: cancelled)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                bridge.start(continuation) {
                    observable.subscribe { event in
                        if let value = resolve(event) { bridge.resume(value) }
                    }
                }
            }
        } onCancel: {
            bridge.cancel()
        }
    }
}
