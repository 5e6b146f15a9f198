public import Streams
import Synchronization

extension SQLiteDatabase {
    /// A single that, when subscribed, queues `body` on the writer and returns at once; on the
    /// writer `body` runs in its own transaction, as ``write(_:)`` runs it, and the single
    /// succeeds with what it returned, or fails with the ``DatabaseError`` that rolled it back.
    ///
    /// ```swift
    /// database.writeSingle { db in try db.insert(Habit(id: nil, name: "Run", streak: 0)) }
    ///     .subscribe(onSuccess: { habit in print("added", habit.name) })
    ///     .disposed(by: bag)
    /// ```
    ///
    /// The subscribing thread never waits, not for earlier writes, nor for another process that
    /// holds the file's lock: that wait happens on the writer, up to
    /// ``DatabaseOptions/busyTimeoutMilliseconds``. Writes run in the order they were queued, by
    /// these forms and by ``write(_:)`` alike. Each subscription writes once. Disposing before
    /// the write has started removes it from the queue: it never runs and nothing is sent;
    /// once started, it runs to its end and commits, and its outcome is dropped. The outcome is
    /// sent on the writer's queue right after the commit, so keep the handler short or move on
    /// with `observe(on:)`.
    public func writeSingle<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> T
    ) -> Single<T> {
        Single.create { [self] observer in
            let pending = PendingWrite()
            enqueueWrite(body, pending) { result in observer(result.mapError { $0 as any Error }) }
            return Disposables.create { pending.cancel() }
        }
    }

    /// A completable that, when subscribed, queues `body` on the writer and returns at once;
    /// it completes once `body` has committed, or fails with the ``DatabaseError`` that rolled
    /// it back. Queued, ordered and cancelled as ``writeSingle(_:)`` is.
    ///
    /// ```swift
    /// database.writeCompletable { db in try db.update(habit) }
    ///     .subscribe(onError: { error in print(error) })
    ///     .disposed(by: bag)
    /// ```
    public func writeCompletable(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> Void
    ) -> Completable {
        Completable.create { [self] observer in
            let pending = PendingWrite()
            enqueueWrite(body, pending) { result in
                switch result {
                case .success: observer(.completed)
                case .failure(let error): observer(.error(error))
                }
            }
            return Disposables.create { pending.cancel() }
        }
    }

    /// Queues `body` on the writer and suspends, without holding a thread, until it has run
    /// in its own transaction, as ``write(_:)`` runs it; returns what it returned.
    ///
    /// ```swift
    /// let run = try await database.asyncWrite { db in try db.insert(Habit(id: nil, name: "Run", streak: 0)) }
    /// ```
    ///
    /// Writes run in the order they were queued, by every form of write. A task cancelled
    /// before its write has started throws `CancellationError` and the write never runs; once
    /// started, the write runs to its end and commits, and its value is returned.
    ///
    /// - Throws: the ``DatabaseError`` that rolled the transaction back, or `CancellationError`.
    @discardableResult
    public func asyncWrite<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> T
    ) async throws -> T {
        let pending = PendingWrite()
        let handoff = _Handoff<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                handoff.wait(continuation)
                enqueueWrite(body, pending) { result in handoff.finish(result.mapError { $0 as any Error }) }
            }
        } onCancel: {
            if pending.cancel() { handoff.finish(.failure(CancellationError())) }
        }
    }
}

/// A queued write, which starts on the writer or is cancelled before, never both.
final class PendingWrite: Sendable {
    private static let queued: UInt8 = 0
    private static let started: UInt8 = 1
    private static let cancelled: UInt8 = 2
    private let state = Atomic<UInt8>(PendingWrite.queued)

    /// Marks the write started, on the writer; `false` when it was cancelled first.
    func start() -> Bool {
        state.compareExchange(expected: Self.queued, desired: Self.started, ordering: .acquiringAndReleasing)
            .exchanged
    }

    /// Cancels the write unless it has started; `true` when it will never run.
    @discardableResult
    func cancel() -> Bool {
        state.compareExchange(expected: Self.queued, desired: Self.cancelled, ordering: .acquiringAndReleasing)
            .exchanged
    }
}

/// Hands one outcome to one continuation, whichever of the two arrives first.
private final class _Handoff<T: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<T, any Error>)
        case finished(Result<T, any Error>)
        case done
    }

    private let state = SanitizerVisibleMutex<State>(.empty)

    /// Resumes `continuation` with the outcome, now if it has arrived.
    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { (state) -> Result<T, any Error>? in
            guard case .finished(let result) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .done
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    /// Delivers the outcome; only the first one counts.
    func finish(_ result: Result<T, any Error>) {
        let continuation = state.withLock { (state) -> CheckedContinuation<T, any Error>? in
            switch state {
            case .empty:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .finished, .done:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
