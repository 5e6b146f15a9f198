import CSQLite
import Dispatch
import SQLiteProvider
import Streams
import StreamsTesting
import TestMeasures
import Testing

/// Keeps the writer busy with a write of its own until ``open()``, so that what is queued
/// behind it is seen before it runs.
private final class WriterGate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    init(_ database: SQLiteDatabase) {
        DispatchQueue.global().async { [entered, released] in
            _ = try? database.write { (_) throws(DatabaseError) in
                entered.signal()
                released.wait()
            }
        }
        entered.wait()
    }

    /// Lets the gate's write commit, and the writes queued behind it run.
    func open() { released.signal() }
}

/// What a queued write sent, in order, and a way to wait for its end.
private final class Outcome<T: Sendable>: Sendable {
    private let events = SanitizerVisibleMutex<[Result<T, DatabaseError>]>([])
    private let ended = DispatchSemaphore(value: 0)

    func record(_ result: Result<T, any Error>) {
        events.withLock {
            $0.append(result.mapError { $0 as? DatabaseError ?? DatabaseError(kind: .misuse, message: "\($0)") })
        }
    }

    func end() { ended.signal() }

    var values: [Result<T, DatabaseError>] { events.withLock { $0 } }

    /// Waits, up to the default busy timeout, for the subscription to end.
    func waitForEnd() -> Bool { ended.wait(timeout: .now() + .seconds(5)) == .success }
}

/// Labels in the order the writer ran them.
private final class RunOrder: Sendable {
    private let labels = SanitizerVisibleMutex<[String]>([])
    func append(_ label: String) { labels.withLock { $0.append(label) } }
    var values: [String] { labels.withLock { $0 } }
}

private func subscribe<T: Sendable>(_ single: Single<T>, into outcome: Outcome<T>) -> any Disposable {
    single.subscribe(
        onSuccess: { outcome.record(.success($0)) }, onFailure: { outcome.record(.failure($0)) },
        onDisposed: { outcome.end() })
}

private func insertNote(_ title: String, _ order: RunOrder) -> @Sendable (Connection) throws(DatabaseError) -> Int64 {
    { (db) throws(DatabaseError) in
        order.append(title)
        try db.execute("INSERT INTO notes(title) VALUES (\(title))")
        return db.lastInsertedRowID
    }
}

@Suite struct QueuedWritesTests {
    @Test func writeSingleReturnsBeforeTheWriteRunsThenSucceedsWithItsValue() throws {
        try withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let order = RunOrder()
            let outcome = Outcome<Int64>()
            let gate = WriterGate(database)
            let subscription = subscribe(database.writeSingle(insertNote("queued", order)), into: outcome)
            #expect(order.values.isEmpty)
            #expect(outcome.values.isEmpty)
            gate.open()
            #expect(outcome.waitForEnd())
            database.waitForPendingWork()
            #expect(outcome.values == [.success(1)])
            #expect(try database.int("SELECT count(*) FROM notes") == 1)
            subscription.dispose()
        }
    }

    @Test func queuedWritesRunInTheOrderTheyWereQueued() throws {
        try withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let order = RunOrder()
            let first = Outcome<Int64>()
            let second = Outcome<Int64>()
            let third = Outcome<Int64>()
            let gate = WriterGate(database)
            let subscriptions = [
                subscribe(database.writeSingle(insertNote("first", order)), into: first),
                database.writeCompletable { (db) throws(DatabaseError) in _ = try insertNote("second", order)(db) }
                    .subscribe(onCompleted: { second.record(.success(0)) }, onDisposed: { second.end() }),
                subscribe(database.writeSingle(insertNote("third", order)), into: third),
            ]
            gate.open()
            #expect(first.waitForEnd() && second.waitForEnd() && third.waitForEnd())
            database.waitForPendingWork()
            #expect(order.values == ["first", "second", "third"])
            #expect(first.values == [.success(1)])
            #expect(third.values == [.success(3)])
            subscriptions.forEach { $0.dispose() }
        }
    }

    @Test func aFailedQueuedWriteIsDeliveredAsItsErrorAndRolledBack() throws {
        try withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let single = Outcome<Int64>()
            let completable = Outcome<Int64>()
            let failing: @Sendable (Connection) throws(DatabaseError) -> Int64 = { (db) throws(DatabaseError) in
                try db.execute("INSERT INTO notes(title) VALUES ('kept?')")
                try db.execute("INSERT INTO missing VALUES (1)")
                return 0
            }
            let subscriptions = [
                subscribe(database.writeSingle(failing), into: single),
                database.writeCompletable { (db) throws(DatabaseError) in _ = try failing(db) }
                    .subscribe(onError: { completable.record(.failure($0)) }, onDisposed: { completable.end() }),
            ]
            #expect(single.waitForEnd() && completable.waitForEnd())
            database.waitForPendingWork()
            for outcome in [single, completable] {
                guard case .failure(let error) = outcome.values.first else {
                    Issue.record("expected a failure, got \(outcome.values)")
                    continue
                }
                #expect(error.message.contains("no such table: missing"))
            }
            #expect(try database.int("SELECT count(*) FROM notes") == 0)
            subscriptions.forEach { $0.dispose() }
        }
    }

    @Test func disposingBeforeTheWriteStartsRemovesItFromTheQueue() throws {
        try withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let order = RunOrder()
            let outcome = Outcome<Int64>()
            let gate = WriterGate(database)
            let cancelled = subscribe(database.writeSingle(insertNote("cancelled", order)), into: outcome)
            let kept = database.writeCompletable { (db) throws(DatabaseError) in _ = try insertNote("kept", order)(db) }
                .subscribe()
            cancelled.dispose()
            gate.open()
            database.waitForPendingWork()
            #expect(order.values == ["kept"])
            #expect(outcome.values.isEmpty)
            #expect(try database.int("SELECT count(*) FROM notes") == 1)
            kept.dispose()
        }
    }

    @Test func eachSubscriptionWritesOnce() throws {
        try withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let order = RunOrder()
            let insert = database.writeSingle(insertNote("again", order))
            let outcomes = [Outcome<Int64>(), Outcome<Int64>()]
            let subscriptions = outcomes.map { subscribe(insert, into: $0) }
            #expect(outcomes.allSatisfy { $0.waitForEnd() })
            database.waitForPendingWork()
            #expect(outcomes.map(\.values) == [[.success(1)], [.success(2)]])
            subscriptions.forEach { $0.dispose() }
        }
    }

    /// End to end with a real lock: another connection holds the file's write lock.
    @Test func aLockHeldByAnotherConnectionNeverBlocksTheSubscribingQueue() throws {
        try withSubscriptionTracking {
            let (folder, database) = try makeTemporaryDatabase()
            let other = try Connection.open(
                path: folder.file(), flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: 0)
            defer { other.close() }
            try other.execute("BEGIN IMMEDIATE")
            try other.execute("INSERT INTO notes(title) VALUES ('theirs')")
            let order = RunOrder()
            let outcome = Outcome<Int64>()
            let interface = DispatchQueue(label: "interface")
            let subscription = interface.sync {
                subscribe(database.writeSingle(insertNote("mine", order)), into: outcome)
            }
            // The interface queue is free while the lock is still held: nothing waited on it.
            interface.sync {}
            #expect(outcome.values.isEmpty)
            try other.execute("COMMIT")
            #expect(outcome.waitForEnd())
            database.waitForPendingWork()
            #expect(outcome.values == [.success(2)])
            #expect(try database.int("SELECT count(*) FROM notes") == 2)
            subscription.dispose()
        }
    }

    @Test func asyncWriteReturnsWhatTheWriteReturned() async throws {
        let (_, database) = try makeTemporaryDatabase()
        let order = RunOrder()
        #expect(try await database.asyncWrite(insertNote("a", order)) == 1)
        #expect(try await database.asyncWrite(insertNote("b", order)) == 2)
        #expect(order.values == ["a", "b"])
    }

    @Test func asyncWriteThrowsTheErrorThatRolledItBack() async throws {
        let (_, database) = try makeTemporaryDatabase()
        await #expect {
            try await database.asyncWrite { (db) throws(DatabaseError) in
                try db.execute("INSERT INTO notes(title) VALUES ('kept?')")
                try db.execute("INSERT INTO missing VALUES (1)")
            }
        } throws: { ($0 as? DatabaseError)?.message.contains("no such table: missing") == true }
        #expect(try database.int("SELECT count(*) FROM notes") == 0)
    }

    @Test func asyncWriteQueuesBehindWritesQueuedBeforeIt() async throws {
        try await withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let order = RunOrder()
            let outcome = Outcome<Int64>()
            let gate = WriterGate(database)
            let subscription = subscribe(database.writeSingle(insertNote("single", order)), into: outcome)
            let later = Task { try await database.asyncWrite(insertNote("async", order)) }
            gate.open()
            #expect(try await later.value == 2)
            #expect(order.values == ["single", "async"])
            database.waitForPendingWork()
            subscription.dispose()
        }
    }

    @Test func aTaskCancelledBeforeItsWriteStartsThrowsCancellationAndNeverWrites() async throws {
        let (_, database) = try makeTemporaryDatabase()
        let order = RunOrder()
        let gate = WriterGate(database)
        let task = Task { try await database.asyncWrite(insertNote("cancelled", order)) }
        task.cancel()
        // The task ends while the writer is still busy: cancelling does not wait for it.
        let result = await task.result
        gate.open()
        database.waitForPendingWork()
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(order.values.isEmpty)
        #expect(try database.int("SELECT count(*) FROM notes") == 0)
    }

    @Test func closuresWithUntypedThrowsFailWithTheErrorAsItWasThrown() async throws {
        struct Refused: Error, Equatable {}
        let (_, database) = try makeTemporaryDatabase()
        await #expect(throws: Refused()) {
            try await database.asyncWrite { db in
                try db.execute("INSERT INTO notes(title) VALUES ('kept?')")
                throw Refused()
            }
        }
        withSubscriptionTracking {
            let outcome = Outcome<Void>()
            let failed = SanitizerVisibleMutex<(any Error)?>(nil)
            let subscription = database.writeCompletable { db in
                try db.execute("INSERT INTO notes(title) VALUES ('kept?')")
                throw Refused()
            }
            .subscribe(onError: { error in failed.withLock { $0 = error } }, onDisposed: { outcome.end() })
            #expect(outcome.waitForEnd())
            database.waitForPendingWork()
            #expect(failed.withLock { $0 } as? Refused == Refused())
            subscription.dispose()
        }
        #expect(try database.int("SELECT count(*) FROM notes") == 0)
    }

    @Test func observersSeeWhatAQueuedWriteCommitted() throws {
        try withSubscriptionTracking {
            let (_, database) = try makeTemporaryDatabase()
            let count = Recorder(
                database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
                    try db.fetchInt("SELECT count(*) FROM notes", [])
                })
            let outcome = Outcome<Int64>()
            let subscription = subscribe(database.writeSingle(insertNote("seen", RunOrder())), into: outcome)
            #expect(outcome.waitForEnd())
            database.waitForPendingWork()
            #expect(count.values == [.success(0), .success(1)])
            subscription.dispose()
            count.dispose()
        }
    }

    @Test func aQueuedWriteOnAClosedDatabaseFailsWithMisuse() async throws {
        let (_, database) = try makeTemporaryDatabase()
        database.close()
        await #expect {
            try await database.asyncWrite { (_) throws(DatabaseError) in }
        } throws: { ($0 as? DatabaseError)?.kind == .misuse }
    }
}
