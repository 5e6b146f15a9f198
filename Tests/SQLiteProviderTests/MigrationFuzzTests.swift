import CSQLite
import Foundation
import SQLiteProvider
import StreamsTesting
import TestMeasures
import Testing

/// Random and damaged files through the provider's opening path (checks, then migrations): each
/// must open or be refused with a ``DatabaseError`` that leaves the file byte for byte as it was.
/// Seeded, so a failure names a file that reproduces it.
@Suite struct MigrationFuzzTests {
    private typealias Generator = SeededGenerator

    /// Writes `bytes` at `path` and opens it; returns the refusal, or nil when it opened.
    private static func open(_ bytes: [UInt8], at path: String) throws -> DatabaseError? {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            try openNotes(path).close()
            return nil
        } catch {
            return error
        }
    }

    private static func contents(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// A closed notes database holding a few notes, as bytes.
    private static func realDatabase(in folder: TemporaryFolder) throws -> [UInt8] {
        let path = folder.file("real.sqlite")
        try writeNotesDatabase(at: path, rows: 8)
        return contents(path)
    }

    private static func randomBytes(count: Int, using generator: inout Generator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Opens 120 copies of `original`, each with one to eight random bytes changed: each must
    /// open, or be refused with a message and left as it was. Returns how many of each.
    private static func openDamagedCopies(
        of original: [UInt8], at path: String, using generator: inout Generator
    ) throws -> (refused: Int, opened: Int) {
        var refused = 0
        for iteration in 0..<120 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if let refusal = try open(bytes, at: path) {
                refused += 1
                #expect(!refusal.message.isEmpty, "iteration \(iteration)")
                #expect(contents(path) == bytes, "iteration \(iteration): \(refusal)")
            }
        }
        return (refused, 120 - refused)
    }

    @Test func randomBytesAreRefusedAsNotADatabaseAndLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        var generator = Generator(seed: 6_006)
        for iteration in 0..<200 {
            let bytes = Self.randomBytes(count: Int.random(in: 1...3_000, using: &generator), using: &generator)
            let refusal = try Self.open(bytes, at: path)
            #expect(refusal?.kind == .notADatabase, "iteration \(iteration)")
            #expect(Self.contents(path) == bytes, "iteration \(iteration)")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "iteration \(iteration)")
        }
    }

    @Test func randomPagesBehindASQLiteHeaderAreRefusedAndLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        var generator = Generator(seed: 3_003)
        for iteration in 0..<150 {
            var bytes = Array("SQLite format 3\0".utf8)
            bytes += [0x10, 0x00, 0x01, 0x01, 0x00, 0x40, 0x20, 0x20]  // page size 4096, the fixed fields
            bytes += Self.randomBytes(count: 4_096 * Int.random(in: 1...3, using: &generator) - 24, using: &generator)
            let refusal = try Self.open(bytes, at: path)
            #expect(refusal != nil, "iteration \(iteration)")
            #expect(Self.contents(path) == bytes, "iteration \(iteration)")
        }
    }

    @Test func truncatedCopiesOfARealDatabaseAreRefusedAndLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        let real = try Self.realDatabase(in: folder)
        var generator = Generator(seed: 1_001)
        let lengths =
            [1, 99, 100, 101, 4_095, 4_096, 4_097]
            + (0..<60).map { _ in Int.random(in: 1..<real.count, using: &generator) }
        for length in lengths where length < real.count {
            let bytes = Array(real[..<length])
            let refusal = try Self.open(bytes, at: path)
            #expect(refusal?.kind == .notADatabase, "length \(length) of \(real.count)")
            #expect(Self.contents(path) == bytes, "length \(length) of \(real.count)")
        }
    }

    @Test func damagedCopiesOfARealDatabaseOpenOrAreRefusedUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        let real = try Self.realDatabase(in: folder)
        var generator = Generator(seed: 8_008)
        let (refused, _) = try Self.openDamagedCopies(of: real, at: path, using: &generator)
        // Damage in the header and the schema must be caught often, or the test proves little.
        #expect(refused > 10)
    }

    /// A notes database at schema 2, as a version before the rebuild of `notes` left it, in the
    /// given journal mode; `damage` runs on it before it is closed.
    private static func version2Database(
        at path: String, journalMode: String, damage: String? = nil
    ) throws -> [UInt8] {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        try SQLiteDatabase.open(
            path: path, options: NotesSchema.options, migrations: Array(NotesSchema.migrations().prefix(2))
        )
        .database.close()
        let connection = try Connection.open(path: path, flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: 1_000)
        do {
            // A few notes, each tagged, so every table has rows the upgrade carries over.
            try connection.executeScript(
                """
                INSERT INTO tags(name) VALUES ('home'), ('work');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
                INSERT INTO notes(title, body, position) SELECT 'note ' || i, 'body of note ' || i, i FROM n;
                INSERT INTO note_tags(note_id, tag_id) SELECT id, 1 + id % 2 FROM notes;
                """)
            if let damage { try connection.executeScript(damage) }
            _ = try connection.fetchOne("PRAGMA journal_mode = \(journalMode)", []) { $0.string(at: 0) }
        } catch {
            connection.close()
            throw error
        }
        // Closing the last connection moves what the log holds into the file.
        connection.close()
        return contents(path)
    }

    /// Found by fuzzing: a file whose later step failed was refused, but an earlier step had been
    /// committed and the switch to write-ahead logging had rewritten the header, so the file had
    /// changed (and now had a version the application that wrote it would refuse as newer).
    @Test(arguments: ["DELETE", "WAL"])
    func anUpgradeThatFailsInALaterStepLeavesTheFileAsItWas(journalMode: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        // Step 4 creates `archived_notes`; a table of that name already there makes it fail
        // after step 3 has rebuilt `notes`.
        let bytes = try Self.version2Database(
            at: path, journalMode: journalMode, damage: "CREATE TABLE archived_notes(x)")
        let refusal = try #require(try Self.open(bytes, at: path))
        #expect(refusal.message.contains("migration 4"), "\(refusal)")
        #expect(Self.contents(path) == bytes)
        let connection = try Connection.open(path: path, flags: SQLITE_OPEN_READONLY, busyTimeoutMilliseconds: 1_000)
        defer { connection.close() }
        #expect(try connection.fetchInt("PRAGMA user_version") == 2)
    }

    @Test(arguments: ["DELETE", "WAL"])
    func damagedCopiesOfAnOlderDatabaseUpgradeOrAreRefusedUnchanged(journalMode: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        let old = try Self.version2Database(at: folder.file("old.sqlite"), journalMode: journalMode)
        var generator = Generator(seed: journalMode == "WAL" ? 6_066 : 6_606)
        let (refused, upgraded) = try Self.openDamagedCopies(of: old, at: path, using: &generator)
        #expect(refused > 10)
        #expect(upgraded > 10)
    }
}
