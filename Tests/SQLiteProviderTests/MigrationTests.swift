import Dispatch
import Foundation
import SQLiteProvider
import Streams
import TestMeasures
import Testing

@Test func migrationsStopAtTheVersionTheDatabaseHas() throws {
    let folder = TemporaryFolder()
    let applied = Counter()
    let migrations = [
        Migration(version: 1, name: "one") { (db) throws(DatabaseError) in
            applied.increment()
            try db.executeScript("CREATE TABLE one(v)")
        }
    ]
    _ = try SQLiteDatabase.open(path: folder.file(), options: NotesSchema.options, migrations: migrations).database
        .close()
    _ = try SQLiteDatabase.open(path: folder.file(), options: NotesSchema.options, migrations: migrations).database
        .close()
    #expect(applied.value == 1)
}

@Test func aFailingMigrationRollsBackTheWholeUpgradeAndLeavesTheFileAsItWas() throws {
    let folder = TemporaryFolder()
    let path = folder.file()
    let applied = Counter()
    let first = Migration(version: 1, name: "one") { (db) throws(DatabaseError) in
        try db.executeScript("CREATE TABLE one(v)")
    }
    let second = Migration(version: 2, name: "two") { (db) throws(DatabaseError) in
        applied.increment()
        try db.executeScript("CREATE TABLE two(v); INSERT INTO one VALUES (2)")
    }
    let failing = Migration(version: 3, name: "three") { (db) throws(DatabaseError) in
        try db.executeScript("CREATE TABLE three(v)")
        throw DatabaseError(kind: .invalidValue, message: "broken step")
    }
    try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: [first]).database.close()
    let before = FileManager.default.contents(atPath: path)
    #expect {
        _ = try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: [first, second, failing])
    } throws: { error in
        guard let error = error as? DatabaseError else { return false }
        return error.message.contains("migration 3 (three) failed: broken step")
    }
    // Step 2 ran and succeeded, but the upgrade as a whole did not: nothing of it was kept.
    #expect(applied.value == 1)
    #expect(FileManager.default.contents(atPath: path) == before)
    let (database, _) = try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: [first])
    defer { database.close() }
    #expect(try database.int("PRAGMA user_version") == 1)
    #expect(try database.int("SELECT count(*) FROM sqlite_master WHERE name IN ('two', 'three')") == 0)
    #expect(try database.int("SELECT count(*) FROM one") == 0)
}

@Test func anUpgradeThatLeavesARowReferringToNothingIsRefusedAndLeavesTheFileAsItWas() throws {
    let folder = TemporaryFolder()
    let path = folder.file()
    let parents = Migration(version: 1, name: "parents") { (db) throws(DatabaseError) in
        try db.executeScript(
            """
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);
            INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1);
            """)
    }
    // With foreign keys off, dropping the parent row neither cascades nor fails.
    let dropsParent = Migration(version: 2, name: "drops a parent", disablesForeignKeys: true) {
        (db) throws(DatabaseError) in
        try db.executeScript("DELETE FROM parent")
    }
    try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: [parents]).database.close()
    let before = FileManager.default.contents(atPath: path)
    #expect {
        _ = try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: [parents, dropsParent])
    } throws: { error in
        (error as? DatabaseError)?.message.contains("1 row(s) referring to rows that do not exist") == true
    }
    #expect(FileManager.default.contents(atPath: path) == before)
}

@Test func connectionsOpeningANewFileAtOnceMigrateItOnce() throws {
    let folder = TemporaryFolder()
    for round in 0..<10 {
        let path = folder.file("round-\(round).sqlite")
        let failures = SanitizerVisibleMutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            do {
                try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: NotesSchema.migrations())
                    .database.close()
            } catch {
                failures.withLock { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "round \(round)")
    }
}

@Test func eachStepOfAnUpgradeSeesTheVersionsBeforeIt() throws {
    let folder = TemporaryFolder()
    let seen = SanitizerVisibleMutex<[Int64]>([])
    let steps = (1...3).map { version in
        Migration(version: version, name: "step \(version)") { (db) throws(DatabaseError) in
            let version = try db.fetchInt("PRAGMA user_version")
            seen.withLock { $0.append(version) }
        }
    }
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: NotesSchema.options, migrations: steps)
    defer { database.close() }
    #expect(seen.withLock { $0 } == [0, 1, 2])
    #expect(try database.int("PRAGMA user_version") == 3)
}

@Test func aMigratorNumbersItsStepsInTheOrderTheyAreRegistered() {
    var migrator = DatabaseMigrator()
    #expect(migrator.latestVersion == 0)
    migrator.registerMigration("notes") { (db) throws(DatabaseError) in try db.executeScript("CREATE TABLE n(v)") }
    migrator.registerMigration("tags", disablesForeignKeys: true) { (db) throws(DatabaseError) in
        try db.executeScript("CREATE TABLE t(v)")
    }
    #expect(migrator.migrations.map(\.version) == [1, 2])
    #expect(migrator.migrations.map(\.name) == ["notes", "tags"])
    #expect(migrator.migrations.map(\.disablesForeignKeys) == [false, true])
    #expect(migrator.latestVersion == 2)
}

/// An error of a step written with untyped throws, which is not a ``DatabaseError``.
private struct StepRefused: Error, CustomStringConvertible {
    var description: String { "the step refused" }
}

@Test func aStepWhoseErrorIsNotADatabaseErrorFailsTheUpgradeDescribingIt() throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("refuses") { (_: Connection) throws in throw StepRefused() }
    #expect {
        _ = try SQLiteDatabase.openInMemory(migrator: migrator)
    } throws: { error in
        (error as? DatabaseError)?.message.contains("the step refused") == true
    }
}

@Test func aStepThatDisablesForeignKeysRebuildsAReferencedTableWithoutCascading() throws {
    let folder = TemporaryFolder()
    let path = folder.file()
    let early = Array(NotesSchema.migrations().prefix(2))
    let (old, _) = try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: early)
    try old.execute(
        """
        INSERT INTO notes(title) VALUES ('a'), ('b');
        INSERT INTO tags(name) VALUES ('home');
        INSERT INTO note_tags(note_id, tag_id) VALUES (1, 1), (2, 1);
        """)
    old.close()
    // Step 3 drops and recreates `notes`; with foreign keys on, the drop would empty `note_tags`.
    let database = try openNotes(path)
    defer { database.close() }
    #expect(try database.int("SELECT count(*) FROM note_tags") == 2)
    #expect(try database.int("SELECT count(*) FROM notes WHERE pinned = 0") == 2)
    #expect(try database.write { (db) throws(DatabaseError) in try db.fetchInt("PRAGMA foreign_keys", []) } == 1)
    try database.execute("DELETE FROM notes WHERE id = 1")
    #expect(try database.int("SELECT count(*) FROM note_tags") == 1)
}

@Test func noMigrationsOpenANewFileAtVersionZero() throws {
    let folder = TemporaryFolder()
    let (database, created) = try SQLiteDatabase.open(path: folder.file(), options: NotesSchema.options, migrations: [])
    defer { database.close() }
    #expect(created)
    #expect(try database.int("PRAGMA user_version") == 0)
}
