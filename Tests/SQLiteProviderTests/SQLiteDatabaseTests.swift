import CSQLite
import Foundation
import SQLiteProvider
import Streams
import Synchronization
import Testing

/// A record of the tests' own schema, decoded by column name.
private struct Habit: FetchableRecord, Equatable {
    var id: Int64
    var name: String
    var streak: Int
    var note: String?

    init(id: Int64, name: String, streak: Int, note: String? = nil) {
        self.id = id
        self.name = name
        self.streak = streak
        self.note = note
    }

    init(row: Row) throws(DatabaseError) {
        id = try row["id"]
        name = try row["name"]
        streak = try row["streak"]
        note = try row["note"]
    }
}

private let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("create habits") { db in
        try db.execute(
            "CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, streak INTEGER NOT NULL)")
    }
    migrator.registerMigration("notes") { db in
        try db.execute("ALTER TABLE habit ADD COLUMN note TEXT")
    }
    return migrator
}()

private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID().uuidString).sqlite").path
}

@Suite struct SQLiteDatabaseTests {
    @Test func writesAndReadsRecordsThroughInterpolatedSQL() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        defer { database.close() }
        let name = "Read'; DROP TABLE habit;--"
        try database.write { db in
            try db.execute("INSERT INTO habit (name, streak) VALUES (\(name), \(4))")
            try db.execute("INSERT INTO habit (name, streak, note) VALUES (\("Walk"), \(1), \("daily"))")
        }
        let habits = try database.read { db in
            try db.fetchAll(Habit.self, "SELECT id, name, streak, note FROM habit ORDER BY streak DESC")
        }
        #expect(habits == [Habit(id: 1, name: name, streak: 4), Habit(id: 2, name: "Walk", streak: 1, note: "daily")])
        let count = try database.read { db in try db.fetchValue("SELECT count(*) FROM habit", as: Int.self) }
        #expect(count == 2)
    }

    @Test func aValueOfTheWrongTypeIsATypedErrorNotATrap() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        defer { database.close() }
        try database.write { db in try db.execute("INSERT INTO habit (name, streak) VALUES ('Swim', 2)") }
        #expect(throws: DatabaseError.self) {
            try database.read { db in try db.fetchValue("SELECT name FROM habit", as: Int.self) }
        }
        do {
            _ = try database.read { db in
                try db.fetchOne("SELECT name FROM habit") { row throws(DatabaseError) in
                    let value: Int = try row["missing"]
                    return value
                }
            }
            Issue.record("a missing column was read")
        } catch let error as DatabaseError {
            #expect(error.kind == .typeMismatch)
        }
    }

    @Test func aFailedWriteRollsBackAndThrows() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        defer { database.close() }
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try db.execute("INSERT INTO habit (name, streak) VALUES ('Run', 1)")
                try db.execute("INSERT INTO habit (name, streak) VALUES ('Run', 1)")
            }
        }
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM habit") } == 0)
    }

    @Test func writeAndReadOnSubscribeTakeClosuresWithUntypedThrows() throws {
        struct OutOfStock: Error {}
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        defer { database.close() }
        let outcomes = Mutex<[Result<Int64, DatabaseError>]>([])
        _ = database.writeOnSubscribe { db in
            try db.execute("INSERT INTO habit (name, streak) VALUES ('Read', 3)")
            return try db.fetchInt("SELECT count(*) FROM habit")
        }
        .subscribe(onNext: { outcome in outcomes.withLock { $0.append(outcome) } })
        _ = database.writeOnSubscribe { db -> Int64 in
            try db.execute("INSERT INTO habit (name, streak) VALUES ('Nap', 1)")
            throw OutOfStock()
        }
        .subscribe(onNext: { outcome in outcomes.withLock { $0.append(outcome) } })
        _ = database.readOnSubscribe { db in try db.fetchInt("SELECT sum(streak) FROM habit") }
            .subscribe(onNext: { outcome in outcomes.withLock { $0.append(outcome) } })
        let results = outcomes.withLock { $0 }
        try #require(results.count == 3)
        #expect(try results[0].get() == 1)
        guard case .failure(let error) = results[1] else {
            Issue.record("a write that threw succeeded")
            return
        }
        #expect(error.kind == .invalidValue)
        #expect(error.message.contains("OutOfStock"))
        // The failed write was rolled back: only the first habit is there.
        #expect(try results[2].get() == 3)
    }

    @Test func aClosedDatabaseReportsAnError() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        database.close()
        #expect(throws: DatabaseError.self) { try database.read { db in try db.fetchInt("SELECT 1") } }
    }

    @Test func aFileWithALaterSchemaIsRefusedAndLeftUnchanged() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var later = migrator
        later.registerMigration("streak index") { db in try db.execute("CREATE INDEX habit_streak ON habit(streak)") }
        let options = DatabaseOptions(applicationID: 0x4841_4249, applicationName: "Habits")
        try SQLiteDatabase.open(path: path, options: options, migrator: later).close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            _ = try SQLiteDatabase.open(path: path, options: options, migrator: migrator)
            Issue.record("a newer file was opened")
        } catch {
            #expect(error.kind == .newerSchema(found: 3, supported: 2))
            #expect(error.message.contains("newer version of Habits"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test func aFileThatMayOnlyBeReadIsOpenedForReadingWhenItsSchemaIsCurrent() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let options = DatabaseOptions(applicationID: 0x4841_4249, applicationName: "Habits")
        let database = try SQLiteDatabase.open(path: path, options: options, migrator: migrator)
        try database.write { db in try db.execute("INSERT INTO habit (name, streak) VALUES ('read', 3)") }
        database.close()
        let reader = try SQLiteDatabase.openReadOnly(path: path, options: options, migrations: migrator.migrations)
        defer { reader.close() }
        #expect(try reader.read { db in try db.fetchInt("SELECT streak FROM habit WHERE name = 'read'") } == 3)
        #expect(throws: DatabaseError.self) { try reader.write { db in try db.execute("DELETE FROM habit") } }
    }

    @Test func aFileThatMayOnlyBeReadIsRefusedWhenItNeedsAnUpgradeOrIsAnothersOrNewer() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let options = DatabaseOptions(applicationID: 0x4841_4249, applicationName: "Habits")
        try SQLiteDatabase.open(path: path, options: options, migrator: migrator).close()
        var later = migrator
        later.registerMigration("streak index") { db in try db.execute("CREATE INDEX habit_streak ON habit(streak)") }
        do {
            _ = try SQLiteDatabase.openReadOnly(path: path, options: options, migrations: later.migrations)
            Issue.record("a file needing an upgrade was opened for reading")
        } catch {
            #expect(error.kind == .readOnly && error.message.contains("older version of Habits"), "\(error)")
        }
        var earlier = DatabaseMigrator()
        earlier.registerMigration("create habits") { _ in }
        #expect(throws: DatabaseError.self) {
            try SQLiteDatabase.openReadOnly(path: path, options: options, migrations: earlier.migrations)
        }
        #expect(throws: DatabaseError.self) {
            try SQLiteDatabase.openReadOnly(
                path: path, options: DatabaseOptions(applicationID: 7), migrations: migrator.migrations)
        }
    }

    @Test func anotherApplicationsDatabaseIsRefused() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try SQLiteDatabase.open(path: path, options: DatabaseOptions(applicationID: 1), migrator: migrator).close()
        #expect(throws: DatabaseError.self) {
            try SQLiteDatabase.open(path: path, options: DatabaseOptions(applicationID: 2), migrator: migrator)
        }
        // Nothing is left beside the refused file (reading it in WAL mode made a log and an index).
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    /// The size of the file at `path`, 0 when there is none.
    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func theLogIsCutBackAfterABigTransactionAndRemovedOnClose() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try SQLiteDatabase.open(path: path, options: DatabaseOptions(), migrator: migrator)
        // About 24 MB in one transaction: the log grows to hold all of it.
        try database.write { db in
            try db.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
                INSERT INTO habit (name, streak, note) SELECT 'h' || i, i, randomblob(4000) FROM n
                """)
        }
        #expect(fileSize(path + "-wal") > 20 << 20)
        // The commit's automatic checkpoint copied it into the file; the next transaction
        // starts the log over and cuts it back to the limit (4 MiB by default).
        try database.write { db in try db.execute("UPDATE habit SET streak = 0 WHERE id = 1") }
        #expect(fileSize(path + "-wal") <= 4 << 20)
        // The last connection to close checkpoints and removes the log.
        database.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func withoutALimitTheLogKeepsItsSize() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try SQLiteDatabase.open(
            path: path, options: DatabaseOptions(walSizeLimitBytes: nil), migrator: migrator)
        defer { database.close() }
        try database.write { db in
            try db.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO habit (name, streak, note) SELECT 'h' || i, i, randomblob(4000) FROM n
                """)
        }
        try database.write { db in try db.execute("UPDATE habit SET streak = 0 WHERE id = 1") }
        #expect(fileSize(path + "-wal") > 10 << 20)
    }

    @Test func aTemporaryDatabaseDeletesItsFileWhenClosed() throws {
        let database = try SQLiteDatabase.openTemporary(migrator: migrator)
        let path = try #require(database.path)
        #expect(FileManager.default.fileExists(atPath: path))
        database.close()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aReadOnlyDatabaseRefusesWrites() throws {
        let path = temporaryPath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try SQLiteDatabase.open(path: path, migrator: migrator).close()
        let database = try SQLiteDatabase.openReadOnly(path: path)
        defer { database.close() }
        do {
            try database.write { db in try db.execute("INSERT INTO habit (name, streak) VALUES ('x', 1)") }
            Issue.record("a read-only database was written")
        } catch let error as DatabaseError {
            #expect(error.kind == .readOnly)
        }
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM habit") } == 0)
    }

    @Test func observationSendsTheValueThenEachChange() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        defer { database.close() }
        let tracker = SubscriptionTracker()
        let values = SanitizerVisibleMutex<[Result<Int64, DatabaseError>]>([])
        let subscription = LiveSubscriptions.withTracker(tracker) {
            database.observe(on: ImmediateScheduler()) { db in
                try db.fetchInt("SELECT count(*) FROM habit")
            }.subscribe(onNext: { result in values.withLock { $0.append(result) } })
        }
        try database.write { db in try db.execute("INSERT INTO habit (name, streak) VALUES ('a', 1)") }
        try database.write { db in try db.execute("INSERT INTO habit (name, streak) VALUES ('b', 1)") }
        database.waitForPendingWork()
        subscription.dispose()
        #expect(values.withLock { $0 } == [.success(0), .success(1), .success(2)])
        #expect(tracker.live == 0)
    }

    @Test func anObservationThatFailsSendsTheFailureAndKeepsGoing() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: migrator)
        defer { database.close() }
        let tracker = SubscriptionTracker()
        let values = SanitizerVisibleMutex<[Result<Int64, DatabaseError>]>([])
        let subscription = LiveSubscriptions.withTracker(tracker) {
            database.observe(on: ImmediateScheduler()) { db in
                try db.fetchInt("SELECT count(*) FROM habit")
            }.subscribe(onNext: { result in values.withLock { $0.append(result) } })
        }
        try database.write { db in try db.execute("DROP TABLE habit") }
        database.waitForPendingWork()
        try database.write { db in
            try db.execute("CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL, streak INTEGER NOT NULL)")
            try db.execute("INSERT INTO habit (name, streak) VALUES ('c', 1)")
        }
        database.waitForPendingWork()
        subscription.dispose()
        let seen = values.withLock { $0 }
        #expect(seen.count == 3)
        #expect(seen.first == .success(0))
        if seen.count == 3, case .failure(let error) = seen[1] {
            #expect(error.message.contains("no such table"))
        } else {
            Issue.record("no failure between the values: \(seen)")
        }
        #expect(seen.last == .success(1))
        #expect(tracker.live == 0)
    }
}

@Test func fileDatabaseUsesWALFullSyncForeignKeysAndABusyTimeout() throws {
    let (_, database) = try makeTemporaryDatabase()
    let settings = try database.write { (db) throws(DatabaseError) in
        (
            try db.fetchOne("PRAGMA journal_mode") { $0.string(at: 0) },
            try db.fetchInt("PRAGMA synchronous"),
            try db.fetchInt("PRAGMA foreign_keys"),
            try db.fetchInt("PRAGMA busy_timeout")
        )
    }
    #expect(settings.0 == "wal")
    #expect(settings.1 == 2)
    #expect(settings.2 == 1)
    #expect(settings.3 == 5000)
}

@Test func synchronousModeIsConfigurable() throws {
    var options = NotesSchema.options
    options.synchronous = .normal
    let (_, database) = try makeTemporaryDatabase(options: options)
    let synchronous = try database.write { (db) throws(DatabaseError) in try db.fetchInt("PRAGMA synchronous") }
    #expect(synchronous == 1)
}

@Test func writeCommitsWhatItsBodyDid() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute("CREATE TABLE t(v)")
    try database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO t VALUES (1)") }
    #expect(try database.int("SELECT count(*) FROM t") == 1)
}

@Test func writeRollsBackWhenItsBodyThrows() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute("CREATE TABLE t(v)")
    #expect(throws: DatabaseError.self) {
        try database.write { (db) throws(DatabaseError) in
            try db.execute("INSERT INTO t VALUES (1)")
            throw DatabaseError(kind: .invalidValue, message: "no")
        }
    }
    #expect(try database.int("SELECT count(*) FROM t") == 0)
}

@Test func aWriteInsideAWriteIsAMisuseErrorNotACrash() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    #expect {
        try database.write { (_) throws(DatabaseError) in
            try database.write { (_) throws(DatabaseError) in }
        }
    } throws: { ($0 as? DatabaseError)?.kind == .misuse }
}

@Test func writesBeginImmediateSoAHeldWriteLockMakesThemWaitThenFailBusy() throws {
    var options = NotesSchema.options
    options.busyTimeoutMilliseconds = 30
    let (folder, database) = try makeTemporaryDatabase(options: options, migrations: [])
    try database.execute("CREATE TABLE t(v)")
    let other = try Connection.open(path: folder.file(), flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: 0)
    defer { other.close() }
    try other.execute("BEGIN IMMEDIATE")
    #expect {
        try database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO t VALUES (1)") }
    } throws: { ($0 as? DatabaseError)?.primaryCode == SQLITE_BUSY }
    try other.execute("ROLLBACK")
    try database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO t VALUES (1)") }
    #expect(try database.int("SELECT count(*) FROM t") == 1)
}

@Test func aClosedDatabaseReportsMisuse() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    database.close()
    #expect {
        try database.write { (_) throws(DatabaseError) in }
    } throws: { ($0 as? DatabaseError)?.kind == .misuse }
}

@Test func inMemoryDatabaseReadsWhatItWrote() throws {
    let database = try SQLiteDatabase.openInMemory(options: NotesSchema.options, migrations: NotesSchema.migrations())
    try database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO notes(title, position) VALUES (?, 1)", [.text("a")])
    }
    #expect(try database.int("SELECT count(*) FROM notes") == 1)
}
