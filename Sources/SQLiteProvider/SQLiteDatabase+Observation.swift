public import Streams

extension SQLiteDatabase {
    /// Observes the value of `fetch` over time, delivered on `scheduler`.
    ///
    /// The current value is fetched on the reader before `subscribe` returns and delivered
    /// once. After that, every commit that touches a table the fetch read (on this database,
    /// another connection, or another process) queues one refresh on the reader; refreshes
    /// queued while one is waiting are merged, and a value equal to the previous one is not
    /// delivered again. A failure is delivered as `.failure` and observation goes on.
    public func observe<Value: Equatable & Sendable>(
        on scheduler: any Scheduler,
        _ fetch: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) -> Observable<Result<Value, DatabaseError>> {
        Observable.create { [self] observer in
            let last = SanitizerVisibleMutex<Result<Value, DatabaseError>?>(nil)
            let deliver: @Sendable (Result<Value, DatabaseError>) -> Void = { result in
                let isNew = last.withLock { previous in
                    if previous == result { return false }
                    previous = result
                    return true
                }
                guard isNew else { return }
                scheduler.schedule(label: "database observation") { observer.onNext(result) }
            }
            let entry = ObservationEntry(
                fetch: { connection, runner in
                    var value: Value?
                    do throws(DatabaseError) {
                        try runner(connection) { (connection) throws(DatabaseError) in value = try fetch(connection) }
                    } catch {
                        deliver(.failure(error))
                        return false
                    }
                    guard let value else { return false }
                    deliver(.success(value))
                    return true
                },
                fail: { error in deliver(.failure(error)) })
            startObserving(entry)
            return Disposables.create { [weak self] in
                entry.markDisposed()
                self?.stopObserving(entry)
            }
        }
    }
}
