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
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        var failure: (any Error)?
        let value = try write { (db) throws(DatabaseError) -> T? in
            do {
                return try body(db)
            } catch let error as DatabaseError {
                throw error
            } catch {
                failure = error
                throw DatabaseError(kind: .misuse, message: "rolled back: \(error)")
            }
        }
        if let failure { throw failure }
        guard let value else { throw DatabaseError(kind: .misuse, message: "the write returned no value") }
        return value
    }

    /// Runs `body` in a read transaction, for a closure whose errors are not typed; any error it
    /// throws is thrown again as it was.
    @_disfavoredOverload
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        var failure: (any Error)?
        let value = try read { (db) throws(DatabaseError) -> T? in
            do {
                return try body(db)
            } catch let error as DatabaseError {
                throw error
            } catch {
                failure = error
                throw DatabaseError(kind: .misuse, message: "failed: \(error)")
            }
        }
        if let failure { throw failure }
        guard let value else { throw DatabaseError(kind: .misuse, message: "the read returned no value") }
        return value
    }

    /// Observes the value of `fetch`, for a closure whose errors are not typed: an error that is
    /// not a ``DatabaseError`` arrives as one of kind ``DatabaseError/Kind/invalidValue`` whose
    /// message describes it. See ``observe(on:_:)``.
    @_disfavoredOverload
    public func observe<Value: Equatable & Sendable>(
        on scheduler: any Scheduler, _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> Observable<Result<Value, DatabaseError>> {
        observe(on: scheduler) { (db) throws(DatabaseError) -> Value in
            do {
                return try fetch(db)
            } catch let error as DatabaseError {
                throw error
            } catch {
                throw DatabaseError(kind: .invalidValue, message: String(describing: error))
            }
        }
    }
}
