import CSQLite
import Foundation
import Testing

@testable import BaseServices
@testable import SQLiteProvider

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
    var options = DatabaseOptions.rivulet
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
    var options = DatabaseOptions.rivulet
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
    let database = try SQLiteDatabase.openInMemory(options: .rivulet, migrations: Schema.migrations())
    try database.write { (db) throws(DatabaseError) in
        try db.execute(
            "INSERT INTO todos(title, created_at, updated_at, position) VALUES (?, 0, 0, 1)", [.text("a")])
    }
    #expect(try database.int("SELECT count(*) FROM todos") == 1)
}
