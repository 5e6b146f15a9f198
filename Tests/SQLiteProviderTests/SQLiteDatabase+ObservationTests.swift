import CSQLite
import Dispatch
import Foundation
import Streams
import TestMeasures
import Testing

@testable import SQLiteProvider

/// A database with tables `a(v)` and `b(v)`, and a count of how many times an observed query ran.
private struct ObservationFixture {
    let folder: TemporaryFolder
    let database: SQLiteDatabase
    let runs = Counter()

    init(options: DatabaseOptions = NotesSchema.options) throws {
        (folder, database) = try makeTemporaryDatabase(options: options, migrations: [])
        try database.execute("CREATE TABLE a(v INTEGER); CREATE TABLE b(v INTEGER)")
    }

    /// Observes `SELECT count(*) FROM a`, delivered immediately on the reader's thread.
    func observeCountOfA() -> Recorder<Result<Int64, DatabaseError>> {
        observe("SELECT count(*) FROM a")
    }

    func observe(_ sql: String) -> Recorder<Result<Int64, DatabaseError>> {
        let runs = self.runs
        return Recorder(
            database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
                runs.increment()
                return try db.fetchInt(sql, [])
            })
    }

    func insertIntoA(_ count: Int = 1) throws {
        try database.write { (db) throws(DatabaseError) in
            for _ in 0..<count { try db.execute("INSERT INTO a VALUES (1)") }
        }
    }
}

@Test func observationDeliversTheCurrentValueExactlyOnceOnSubscribe() throws {
    let fixture = try ObservationFixture()
    try fixture.insertIntoA(2)
    let recorder = fixture.observeCountOfA()
    #expect(recorder.values == [.success(2)])
    fixture.database.settle()
    #expect(recorder.values == [.success(2)])
    #expect(fixture.runs.value == 1)
    recorder.dispose()
}

@Test func observationRefreshesAfterACommitTouchingItsTable() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    try fixture.insertIntoA()
    fixture.database.settle()
    #expect(recorder.values == [.success(0), .success(1)])
    recorder.dispose()
}

@Test func observationIgnoresCommitsToTablesItDoesNotRead() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    try fixture.database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO b VALUES (1)") }
    fixture.database.settle()
    #expect(fixture.runs.value == 1)
    #expect(recorder.values == [.success(0)])
    recorder.dispose()
}

@Test func observationCoalescesABurstOfCommitsIntoOneRefresh() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    let gate = DispatchSemaphore(value: 0)
    fixture.database.runOnReaderQueue { gate.wait() }
    for _ in 0..<10 { try fixture.insertIntoA() }
    gate.signal()
    fixture.database.settle()
    #expect(recorder.values == [.success(0), .success(10)])
    #expect(fixture.runs.value == 2)
    recorder.dispose()
}

@Test func observationDoesNotRepeatAnEqualValue() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    try fixture.insertIntoA()
    fixture.database.settle()
    try fixture.database.write { (db) throws(DatabaseError) in try db.execute("UPDATE a SET v = v + 1") }
    fixture.database.settle()
    #expect(fixture.runs.value == 3)
    #expect(recorder.values == [.success(0), .success(1)])
    recorder.dispose()
}

@Test func aRolledBackWriteRefreshesNothing() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    _ = try? fixture.database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO a VALUES (1)")
        throw DatabaseError(kind: .invalidValue, message: "roll back")
    }
    fixture.database.settle()
    #expect(fixture.runs.value == 1)
    #expect(recorder.values == [.success(0)])
    recorder.dispose()
}

@Test func deleteWithoutWhereStillRefreshes() throws {
    let fixture = try ObservationFixture()
    try fixture.insertIntoA(3)
    let recorder = fixture.observeCountOfA()
    try fixture.database.write { (db) throws(DatabaseError) in try db.execute("DELETE FROM a") }
    fixture.database.settle()
    #expect(recorder.values == [.success(3), .success(0)])
    recorder.dispose()
}

@Test func insertOrReplaceDeletionStillRefreshes() throws {
    let fixture = try ObservationFixture()
    try fixture.database.execute(
        """
        CREATE TABLE r(id INTEGER PRIMARY KEY, k TEXT UNIQUE, v INTEGER);
        INSERT INTO r(k, v) VALUES ('x', 1);
        """)
    let recorder = fixture.observe("SELECT coalesce(sum(v), 0) FROM r")
    try fixture.database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT OR REPLACE INTO r(k, v) VALUES ('x', 5)")
    }
    fixture.database.settle()
    #expect(recorder.values == [.success(1), .success(5)])
    recorder.dispose()
}

@Test func cascadeDeletionStillRefreshesObserversOfTheChildTable() throws {
    let fixture = try ObservationFixture()
    try fixture.database.execute(
        """
        CREATE TABLE p(id INTEGER PRIMARY KEY);
        CREATE TABLE c(id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id) ON DELETE CASCADE);
        INSERT INTO p(id) VALUES (1);
        INSERT INTO c(p) VALUES (1), (1);
        """)
    let recorder = fixture.observe("SELECT count(*) FROM c")
    try fixture.database.write { (db) throws(DatabaseError) in try db.execute("DELETE FROM p WHERE id = 1") }
    fixture.database.settle()
    #expect(recorder.values == [.success(2), .success(0)])
    recorder.dispose()
}

@Test func writesToATableWithoutRowidStillRefresh() throws {
    let fixture = try ObservationFixture()
    try fixture.database.execute("CREATE TABLE w(k TEXT PRIMARY KEY) WITHOUT ROWID")
    let recorder = fixture.observe("SELECT count(*) FROM w")
    try fixture.database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO w VALUES ('k')") }
    fixture.database.settle()
    #expect(recorder.values == [.success(0), .success(1)])
    recorder.dispose()
}

@Test func triggerWritesRefreshObserversOfTheTriggeredTable() throws {
    let fixture = try ObservationFixture()
    try fixture.database.execute("CREATE TRIGGER copy AFTER INSERT ON a BEGIN INSERT INTO b VALUES (new.v); END")
    let recorder = fixture.observe("SELECT count(*) FROM b")
    try fixture.insertIntoA()
    fixture.database.settle()
    #expect(recorder.values == [.success(0), .success(1)])
    recorder.dispose()
}

@Test func aFailureIsDeliveredAndObservationGoesOn() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observe("SELECT count(*) FROM later")
    try fixture.database.execute("CREATE TABLE later(v)")
    fixture.database.settle()
    try fixture.database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO later VALUES (1)") }
    fixture.database.settle()
    let values = recorder.values
    #expect(values.count == 3)
    if case .failure(let error) = values.first {
        #expect(error.message.contains("no such table"))
    } else {
        Issue.record("expected a failure first, got \(values)")
    }
    #expect(Array(values.dropFirst()) == [.success(0), .success(1)])
    recorder.dispose()
}

@Test func aSlowObservedQueryDoesNotHoldUpWrites() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    // Stand in for a very slow query: the reader is busy until the write has finished.
    let gate = DispatchSemaphore(value: 0)
    fixture.database.runOnReaderQueue { gate.wait() }
    try fixture.insertIntoA()
    let committed = try fixture.database.write { (db) throws(DatabaseError) in try db.fetchInt("SELECT count(*) FROM a")
    }
    gate.signal()
    fixture.database.settle()
    #expect(committed == 1)
    #expect(recorder.values.last == .success(1))
    recorder.dispose()
}

@Test func valuesAreDeliveredOnTheGivenScheduler() throws {
    let fixture = try ObservationFixture()
    let scheduler = RecordingScheduler()
    let recorder = Recorder(
        fixture.database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try db.fetchInt("SELECT count(*) FROM a")
        })
    #expect(recorder.values.isEmpty)
    scheduler.runPending()
    #expect(recorder.values == [.success(0)])
    try fixture.insertIntoA()
    fixture.database.settle()
    #expect(recorder.values == [.success(0)])
    scheduler.runPending()
    #expect(recorder.values == [.success(0), .success(1)])
    recorder.dispose()
}

@Test func disposingTheLastObserverStopsPollingAndClosesTheReader() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    fixture.database.settle()
    #expect(fixture.database.isPolling)
    #expect(fixture.database.isReaderOpen)
    recorder.dispose()
    fixture.database.settle()
    #expect(!fixture.database.isPolling)
    #expect(!fixture.database.isReaderOpen)
    #expect(fixture.database.observerCount == 0)
}

@Test func observationLeavesNoLiveSubscriptionBehind() throws {
    let fixture = try ObservationFixture()
    let tracker = SubscriptionTracker()
    try LiveSubscriptions.withTracker(tracker) {
        let recorder = fixture.observeCountOfA()
        try fixture.insertIntoA()
        fixture.database.settle()
        #expect(tracker.live > 0)
        recorder.dispose()
    }
    #expect(tracker.live == 0)
}

@Test func aDisposedObserverReceivesNothingMore() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    recorder.dispose()
    try fixture.insertIntoA()
    fixture.database.settle()
    #expect(recorder.values == [.success(0)])
    #expect(fixture.runs.value == 1)
}

// Wall clock: commits by another connection are found by polling `PRAGMA data_version`.
@Test func commitsByAnotherConnectionAreDetectedWithinTheWallClockPollInterval() throws {
    let fixture = try ObservationFixture()
    let recorder = fixture.observeCountOfA()
    let other = try Connection.open(
        path: fixture.folder.file(), flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: 1000)
    defer { other.close() }
    let start = ContinuousClock.now
    try other.execute("INSERT INTO a VALUES (1)")
    #expect(recorder.wait(timeout: .milliseconds(250)) { $0.last == .success(1) })
    #expect(ContinuousClock.now - start < .milliseconds(250))
    recorder.dispose()
}

/// A scheduler that holds actions until the test runs them.
final class RecordingScheduler: Scheduler {
    private let pending = SanitizerVisibleMutex<[@Sendable () -> Void]>([])

    var now: Int { 0 }

    func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        pending.withLock { $0.append(action) }
        return Disposables.empty
    }

    func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        schedule(label: label, action)
    }

    func runPending() {
        let actions = pending.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in actions { action() }
    }
}

@Test func valuesFetchedFasterThanTheSchedulerTakesThemWaitAsTheNewestOnly() {
    var slot = _DeliverySlot<Int>()
    var scheduled: [Bool] = []
    var taken: [Int?] = []
    func offer(_ value: Int) { scheduled.append(slot.offer(value)) }
    func take() { taken.append(slot.take()) }
    // While a delivery is on its way, newer values replace the one it will take.
    offer(1)
    offer(2)
    offer(3)
    take()
    take()
    // A value equal to the last delivered is not sent again; a different one is.
    offer(3)
    take()
    offer(4)
    offer(3)
    take()
    offer(5)
    take()
    #expect(scheduled == [true, false, false, true, true, false, true])
    #expect(taken == [3, nil, nil, nil, 5])
}
