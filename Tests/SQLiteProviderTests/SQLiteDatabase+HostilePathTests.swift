import CSQLite
import Foundation
import SQLiteProvider
import TestMeasures
import Testing

// Hostile database paths at the provider (issue 18, items 2, 3, 5 and 8). Tried:
// - a symbolic link to a good database (relative, absolute, and a link to a link), with and
//   without a write-ahead log beside the target: opens, the same rows, never "truncated";
// - `.`, `..`, `/`, a directory, a path with a trailing slash: refused as a directory, no trap
//   (Foundation's `deletingLastPathComponent` trapped on `.` with SIGILL);
// - a named pipe (FIFO), `/dev/null`, `/dev/zero`: refused at once as special files, nothing
//   read from or written to them;
// - a dangling symbolic link and a symbolic link loop: refused, nothing created;
// - a path under a regular file (`file/db.sqlite`): refused, the file untouched;
// - SQLite's bare "locking protocol" (a process frozen while recovering the log): a sentence.
// Every refusal names the path as given and says what to do; none carries an error domain or
// a bare code.

private func open(_ path: String) throws(DatabaseError) -> SQLiteDatabase {
    try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: NotesSchema.migrations()).database
}

/// The refusal of `path`, or `nil` (recorded as an issue) when it opened.
private func refusal(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> DatabaseError? {
    do {
        let database = try open(path)
        database.close()
        Issue.record("\(path) opened", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Whether a message reads as a sentence for a person: it names `path`, says what to do after a
/// semicolon, and carries no error domain or bare code.
private func isHelpful(_ message: String, naming path: String) -> Bool {
    message.contains(path) && message.contains(";") && !message.contains("Domain")
        && !message.contains("error 512") && !message.contains("errno")
}

private func writeDatabase(at path: String, rows: Int = 300) throws {
    let database = try open(path)
    try database.write { (db) throws(DatabaseError) in
        for index in 0..<rows {
            try db.execute(
                "INSERT INTO notes(title, body, position) VALUES (?, ?, ?)",
                [.text("note \(index)"), .text(String(repeating: "n", count: 200)), .integer(Int64(index))])
        }
    }
    database.close()
}

@Test func aSymbolicLinkToAGoodDatabaseOpensItsTarget() throws {
    let folder = TemporaryFolder()
    try writeDatabase(at: folder.file("target.sqlite"))
    #expect(symlink("target.sqlite", folder.file("relative.sqlite")) == 0)
    #expect(symlink(folder.file("target.sqlite"), folder.file("absolute.sqlite")) == 0)
    #expect(symlink(folder.file("absolute.sqlite"), folder.file("chained.sqlite")) == 0)
    for name in ["relative.sqlite", "absolute.sqlite", "chained.sqlite"] {
        let database = try open(folder.file(name))
        #expect(try database.int("SELECT count(*) FROM notes") == 300, "\(name)")
        database.close()
    }
}

@Test func aSymbolicLinkIntoAnotherFolderKeepsTheLogBesideTheTarget() throws {
    let folder = TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/data", withIntermediateDirectories: true)
    try writeDatabase(at: folder.path + "/data/target.sqlite")
    #expect(symlink(folder.path + "/data/target.sqlite", folder.file("link.sqlite")) == 0)
    let database = try open(folder.file("link.sqlite"))
    try database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO notes(title, body, position) VALUES ('x', '', 999)")
    }
    #expect(FileManager.default.fileExists(atPath: folder.path + "/data/target.sqlite-wal"))
    // Opened again while the log holds the last commit: judged with its log, not as truncated.
    let again = try open(folder.file("link.sqlite"))
    #expect(try again.int("SELECT count(*) FROM notes") == 301)
    again.close()
    database.close()
}

@Test func directoriesAreRefusedWithoutATrap() throws {
    // `.` and `..` are the test process's own folders: refused before anything is written,
    // so the current directory need not change (tests run in parallel).
    let folder = TemporaryFolder()
    for path in [".", "..", "./", "/", folder.path, folder.path + "/"] {
        let error = refusal(path)
        #expect(error?.kind == .isDirectory, "\(path): \(String(describing: error))")
        #expect(error.map { isHelpful($0.message, naming: path) } == true, "\(String(describing: error))")
    }
}

@Test func namedPipesAndDevicesAreRefusedAtOnce() throws {
    let folder = TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [fifo, "/dev/null", "/dev/zero"] {
        let error = refusal(path)
        #expect(error?.kind == .notADatabase, "\(path): \(String(describing: error))")
        #expect(error.map { isHelpful($0.message, naming: path) } == true, "\(String(describing: error))")
    }
    #expect(refusal(fifo)?.message.contains("named pipe") == true)
    #expect(refusal("/dev/null")?.message.contains("device") == true)
}

@Test func danglingLinksAndLinkLoopsAreRefusedAndNothingIsCreated() throws {
    let folder = TemporaryFolder()
    #expect(symlink(folder.file("absent.sqlite"), folder.file("dangling.sqlite")) == 0)
    #expect(symlink(folder.file("loop-b"), folder.file("loop-a")) == 0)
    #expect(symlink(folder.file("loop-a"), folder.file("loop-b")) == 0)
    let dangling = refusal(folder.file("dangling.sqlite"))
    #expect(dangling.map { isHelpful($0.message, naming: folder.file("dangling.sqlite")) } == true)
    #expect(dangling?.message.contains("symbolic link") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.file("absent.sqlite")))
    let loop = refusal(folder.file("loop-a"))
    #expect(loop.map { isHelpful($0.message, naming: folder.file("loop-a")) } == true, "\(String(describing: loop))")
}

@Test func aPathUnderARegularFileIsRefusedAndTheFileIsUntouched() throws {
    let folder = TemporaryFolder()
    let file = folder.file("plain.txt")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("keep".utf8)))
    let error = refusal(file + "/db.sqlite")
    #expect(error?.kind == .folderMissing)
    #expect(error.map { isHelpful($0.message, naming: file) } == true, "\(String(describing: error))")
    #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
}

@Test func aFrozenLogRecoveryIsExplainedNotShownAsLockingProtocol() {
    let error = DatabaseError.fromSQLite(
        code: SQLITE_PROTOCOL, message: "locking protocol", sql: "BEGIN IMMEDIATE", path: "/data/notes.sqlite")
    #expect(error.code == SQLITE_PROTOCOL)
    #expect(error.message.hasPrefix("the database /data/notes.sqlite could not be locked: another process"))
    #expect(error.message.contains("resume or end that process, then try again"))
    #expect(error.message.hasSuffix("(SQLite: locking protocol)"))
}

@Test func terseSQLiteResultsBecomeSentencesThatNameTheDatabase() {
    for code in [
        SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOMEM, SQLITE_READONLY,
        SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_PROTOCOL,
    ] {
        let error = DatabaseError.fromSQLite(code: code, message: "terse", sql: nil, path: "/d/x.sqlite")
        #expect(isHelpful(error.message, naming: "/d/x.sqlite") || error.message.contains("try again"), "\(code)")
        #expect(error.message.contains("/d/x.sqlite"), "\(code)")
        #expect(error.message.hasSuffix("(SQLite: terse)"), "\(code)")
    }
    // A constraint's own words already say what is wrong; they are kept as they are.
    let constraint = DatabaseError.fromSQLite(
        code: SQLITE_CONSTRAINT, message: "UNIQUE constraint failed: tags.name", sql: nil)
    #expect(constraint.message == "UNIQUE constraint failed: tags.name")
}
