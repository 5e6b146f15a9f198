public import Streams

extension SQLiteDatabase {
    /// Runs `body` in a write transaction and commits it, for a closure whose errors are not
    /// typed: any error it throws rolls the transaction back and is thrown again as it was.
    ///
    /// ```swift
    /// try database.write { db in
    ///     try db.execute("INSERT INTO habit (name, streak) VALUES (\(name), \(0))")
    /// }
    /// ```
    @_disfavoredOverload
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try runUntyped(body, failing: "rolled back") { (inner) throws(DatabaseError) in try write(inner) }
    }

    /// Runs `body` in a read transaction, for a closure whose errors are not typed; any error it
    /// throws is thrown again as it was.
    @_disfavoredOverload
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try runUntyped(body, failing: "failed") { (inner) throws(DatabaseError) in try read(inner) }
    }

    /// Runs the untyped `body` through `transaction` (a typed write or read): a ``DatabaseError``
    /// passes through, any other error ends the transaction and is thrown again as it was.
    private func runUntyped<T>(
        _ body: (Connection) throws -> T, failing verb: String,
        through transaction: ((Connection) throws(DatabaseError) -> T?) throws(DatabaseError) -> T?
    ) throws -> T {
        var failure: (any Error)?
        // `body` does not outlive this call: `transaction` runs it before returning.
        let value = try withoutActuallyEscaping(body) { body throws(DatabaseError) in
            try transaction { (db) throws(DatabaseError) -> T? in
                do {
                    return try body(db)
                } catch let error as DatabaseError {
                    throw error
                } catch {
                    failure = error
                    throw DatabaseError(kind: .misuse, message: "\(verb): \(error)")
                }
            }
        }
        if let failure { throw failure }
        guard let value else { throw DatabaseError(kind: .misuse, message: "the transaction returned no value") }
        return value
    }

    /// Observes the value of `fetch`, for a closure whose errors are not typed: an error that is
    /// not a ``DatabaseError`` arrives as one of kind ``DatabaseError/Kind/invalidValue`` whose
    /// message describes it. See ``observe(on:_:)``.
    @_disfavoredOverload
    public func observe<Value: Equatable & Sendable>(
        on scheduler: any Scheduler, _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> Observable<Result<Value, DatabaseError>> {
        observe(on: scheduler) { (db) throws(DatabaseError) -> Value in try typed(fetch, db) }
    }

    /// ``writeOnSubscribe(_:)`` for a closure whose errors are not typed: any error rolls the
    /// transaction back; one that is not a ``DatabaseError`` arrives as one of kind
    /// ``DatabaseError/Kind/invalidValue`` whose message describes it.
    ///
    /// The transaction runs on the subscribing thread, as every `…OnSubscribe` does: subscribe
    /// on a background scheduler (`subscribe(on:)`) to keep it off a UI queue.
    @_disfavoredOverload
    public func writeOnSubscribe<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) -> Observable<Result<T, DatabaseError>> {
        writeOnSubscribe { (db) throws(DatabaseError) -> T in try typed(body, db) }
    }

    /// ``readOnSubscribe(_:)`` for a closure whose errors are not typed, as
    /// ``writeOnSubscribe(_:)`` takes one.
    @_disfavoredOverload
    public func readOnSubscribe<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T
    ) -> Observable<Result<T, DatabaseError>> {
        readOnSubscribe { (db) throws(DatabaseError) -> T in try typed(body, db) }
    }
}

/// Runs the untyped `body` on `db`: a ``DatabaseError`` passes through, any other error becomes
/// one of kind ``DatabaseError/Kind/invalidValue`` whose message describes it.
private func typed<T>(_ body: (Connection) throws -> T, _ db: Connection) throws(DatabaseError) -> T {
    do {
        return try body(db)
    } catch let error as DatabaseError {
        throw error
    } catch {
        throw DatabaseError(kind: .invalidValue, message: String(describing: error))
    }
}

extension SQLiteDatabase {
    /// ``writeSingle(_:)`` for a closure whose errors are not typed: any error rolls the
    /// transaction back and fails the single as it was thrown.
    @_disfavoredOverload
    public func writeSingle<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) -> Single<T> {
        Single.create { [self] observer in
            let pending = PendingWrite()
            let untyped = _UntypedWrite(body)
            enqueueWrite({ (db) throws(DatabaseError) in try untyped.run(db) }, pending) { result in
                observer(result.mapError(untyped.thrown))
            }
            return Disposables.create { pending.cancel() }
        }
    }

    /// ``writeCompletable(_:)`` for a closure whose errors are not typed: any error rolls the
    /// transaction back and fails the completable as it was thrown.
    @_disfavoredOverload
    public func writeCompletable(_ body: @escaping @Sendable (Connection) throws -> Void) -> Completable {
        writeSingle(body).asCompletable()
    }

    /// ``asyncWrite(_:)`` for a closure whose errors are not typed: any error rolls the
    /// transaction back and is thrown again as it was.
    @_disfavoredOverload
    @discardableResult
    public func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let untyped = _UntypedWrite(body)
        do {
            return try await asyncWrite { (db) throws(DatabaseError) in try untyped.run(db) }
        } catch let error as DatabaseError {
            throw untyped.thrown(error)
        }
    }
}

/// An untyped write body run as a typed one, keeping the error it threw so that it can be
/// given back as it was.
///
/// `@unchecked Sendable`: `error` is written while the body runs on the writer's queue and read
/// after the write has ended, which that queue (or the continuation resumed from it) orders.
private final class _UntypedWrite<T>: @unchecked Sendable {
    private let body: @Sendable (Connection) throws -> T
    private var error: (any Error)?

    init(_ body: @escaping @Sendable (Connection) throws -> T) {
        self.body = body
    }

    func run(_ db: Connection) throws(DatabaseError) -> T {
        do {
            return try body(db)
        } catch let error as DatabaseError {
            throw error
        } catch {
            self.error = error
            throw DatabaseError(kind: .misuse, message: "rolled back: \(error)")
        }
    }

    /// The error the body threw, or `error` when it threw none of its own.
    func thrown(_ error: DatabaseError) -> any Error {
        self.error ?? error
    }
}
