public import Streams

extension SQLiteDatabase {
    /// Observes the value of `fetch` over time, delivered on `scheduler`.
    ///
    /// The current value is fetched on the reader before `subscribe` returns and delivered
    /// once. After that, every commit that touches a table the fetch read (on this database,
    /// another connection, or another process) queues one refresh on the reader; refreshes
    /// queued while one is waiting are merged, and a value equal to the previous one is not
    /// delivered again. A failure is delivered as `.failure` and observation goes on.
    ///
    /// At most one delivery waits on `scheduler` at a time, and it takes the newest value: when
    /// commits come faster than the scheduler takes values (a script changing the database
    /// while a large list is shown), the values between are skipped, never queued behind one
    /// another, so the scheduler (the UI's, often) never falls behind the database.
    public func observe<Value: Equatable & Sendable>(
        on scheduler: any Scheduler,
        _ fetch: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) -> Observable<Result<Value, DatabaseError>> {
        Observable.create { [self] observer in
            let slot = SanitizerVisibleMutex(_DeliverySlot<Result<Value, DatabaseError>>())
            let deliver: @Sendable (Result<Value, DatabaseError>) -> Void = { result in
                guard slot.withLock({ $0.offer(result) }) else { return }
                scheduler.schedule(label: "database observation") {
                    if let newest = slot.withLock({ $0.take() }) { observer.onNext(newest) }
                }
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

/// The value an observation has for its scheduler: the newest fetched and not yet delivered,
/// whether a delivery is on its way, and the last value delivered (an equal one is not sent
/// again).
struct _DeliverySlot<Value: Equatable> {
    private var pending: Value?
    private var delivered: Value?
    private var isScheduled = false

    /// Keeps `value` for the next delivery; returns whether one must be scheduled for it.
    mutating func offer(_ value: Value) -> Bool {
        pending = value
        defer { isScheduled = true }
        return !isScheduled
    }

    /// The value to deliver now, if it differs from the last delivered; the next offer
    /// schedules another delivery.
    mutating func take() -> Value? {
        isScheduled = false
        defer { pending = nil }
        guard let value = pending, value != delivered else { return nil }
        delivered = value
        return value
    }
}
