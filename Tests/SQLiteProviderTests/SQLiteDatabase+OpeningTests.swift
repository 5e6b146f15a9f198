import CSQLite
import Foundation
import SQLiteProvider
import TestMeasures
import Testing

private func open(_ path: String) throws(DatabaseError) -> SQLiteDatabase {
    try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: NotesSchema.migrations()).database
}

private func expectRefusal(
    _ path: String, _ kind: DatabaseError.Kind, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(sourceLocation: sourceLocation) {
        _ = try open(path)
    } throws: { error in
        (error as? DatabaseError)?.kind == kind
    }
}

/// A closed notes database with a few hundred notes (several pages), at `path`.
private func writeValidDatabase(at path: String) throws {
    let database = try open(path)
    try database.write { (db) throws(DatabaseError) in
        for index in 0..<300 {
            try db.execute(
                "INSERT INTO notes(title, body, position) VALUES (?, ?, ?)",
                [.text("note \(index)"), .text(String(repeating: "n", count: 200)), .integer(Int64(index))])
        }
    }
    database.close()
}

@Test func aNewFileIsCreatedWithOwnerOnlyPermissionsAndMigrated() throws {
    let folder = TemporaryFolder()
    let (database, created) = try SQLiteDatabase.open(
        path: folder.file(), options: NotesSchema.options, migrations: NotesSchema.migrations())
    #expect(created)
    let permissions = try FileManager.default.attributesOfItem(atPath: folder.file())[.posixPermissions] as? NSNumber
    #expect(permissions?.intValue == 0o600)
    #expect(try database.int("PRAGMA user_version") == Int64(NotesSchema.migrations().count))
    #expect(try database.int("PRAGMA application_id") == Int64(NotesSchema.applicationID))
}

@Test func reopeningAnExistingDatabaseDoesNotCountAsCreated() throws {
    let folder = TemporaryFolder()
    try writeValidDatabase(at: folder.file())
    let (database, created) = try SQLiteDatabase.open(
        path: folder.file(), options: NotesSchema.options, migrations: NotesSchema.migrations())
    #expect(!created)
    #expect(try database.int("SELECT count(*) FROM notes") == 300)
}

@Test func aMissingFolderIsReportedAndNothingIsCreated() {
    let folder = TemporaryFolder()
    expectRefusal(folder.path + "/missing/db.sqlite", .folderMissing)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing"))
}

@Test func aDirectoryIsReportedAsNotAFile() {
    let folder = TemporaryFolder()
    expectRefusal(folder.path, .isDirectory)
}

@Test func aReadOnlyFileIsReportedAndLeftUnchanged() throws {
    let folder = TemporaryFolder()
    try writeValidDatabase(at: folder.file())
    chmod(folder.file(), 0o444)
    let before = bytes(of: folder.file())
    expectRefusal(folder.file(), .readOnly)
    #expect(bytes(of: folder.file()) == before)
}

@Test func aReadOnlyFolderIsReportedAndTheFileLeftUnchanged() throws {
    let folder = TemporaryFolder()
    try writeValidDatabase(at: folder.file())
    let before = bytes(of: folder.file())
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o700) }
    expectRefusal(folder.file(), .readOnly)
    #expect(bytes(of: folder.file()) == before)
}

@Test func aFileThatIsNotADatabaseIsReportedAndLeftUnchanged() throws {
    let folder = TemporaryFolder()
    let text = Data(String(repeating: "just some notes, not a database\n", count: 100).utf8)
    #expect(FileManager.default.createFile(atPath: folder.file(), contents: text))
    expectRefusal(folder.file(), .notADatabase)
    #expect(bytes(of: folder.file()) == text)
}

@Test func aTruncatedDatabaseIsReportedAndLeftUnchanged() throws {
    let folder = TemporaryFolder()
    try writeValidDatabase(at: folder.file())
    let half = bytes(of: folder.file()).prefix(bytes(of: folder.file()).count / 2)
    #expect(FileManager.default.createFile(atPath: folder.file(), contents: half))
    expectRefusal(folder.file(), .notADatabase)
    #expect(bytes(of: folder.file()) == half)
}

@Test func aCorruptDatabaseIsReportedAndLeftUnchanged() throws {
    let folder = TemporaryFolder()
    try writeValidDatabase(at: folder.file())
    var damaged = bytes(of: folder.file())
    let pageSize = 4096
    // Scribble over the b-tree pages after the schema page, keeping the header intact.
    for offset in stride(from: pageSize, to: damaged.count, by: 1) where offset % 7 != 0 {
        damaged[offset] = UInt8(truncatingIfNeeded: offset &* 31)
    }
    #expect(FileManager.default.createFile(atPath: folder.file(), contents: damaged))
    expectRefusal(folder.file(), .notADatabase)
    #expect(bytes(of: folder.file()) == damaged)
}

@Test func anotherApplicationsDatabaseIsReportedAndLeftUnchanged() throws {
    let folder = TemporaryFolder()
    let other = try Connection.open(
        path: folder.file(), flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeoutMilliseconds: 0)
    try other.executeScript("CREATE TABLE photos(id INTEGER PRIMARY KEY); INSERT INTO photos VALUES (1);")
    other.close()
    let before = bytes(of: folder.file())
    expectRefusal(folder.file(), .notADatabase)
    #expect(bytes(of: folder.file()) == before)
}

@Test func aDatabaseFromANewerSchemaIsRefusedAndLeftUnchanged() throws {
    let folder = TemporaryFolder()
    try writeValidDatabase(at: folder.file())
    let raw = try Connection.open(path: folder.file(), flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: 0)
    try raw.execute("PRAGMA user_version = 99")
    raw.close()
    let before = bytes(of: folder.file())
    let latest = NotesSchema.migrations().count
    #expect {
        _ = try open(folder.file())
    } throws: { error in
        guard let error = error as? DatabaseError else { return false }
        return error.kind == .newerSchema(found: 99, supported: latest) && error.message.contains("newer version")
    }
    #expect(bytes(of: folder.file()) == before)
}

@Test func anEmptyFileIsInitializedAsANewDatabase() throws {
    let folder = TemporaryFolder()
    #expect(FileManager.default.createFile(atPath: folder.file(), contents: Data()))
    let (database, _) = try SQLiteDatabase.open(
        path: folder.file(), options: NotesSchema.options, migrations: NotesSchema.migrations())
    #expect(try database.int("SELECT count(*) FROM notes") == 0)
}
