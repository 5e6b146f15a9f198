import Foundation
import SQLiteProvider
import Streams
import StreamsTesting
import Synchronization
import TestMeasures

/// The tests' own schema: notes, tags and the tags of each note. Small and neutral, so the
/// provider's contract is checked without any application's schema.
enum NotesSchema {
    /// The `PRAGMA application_id` of a notes database ("NOTE").
    static let applicationID: Int32 = 0x4E4F_5445

    /// The options the tests open a notes database with.
    static var options: DatabaseOptions {
        DatabaseOptions(applicationID: applicationID, applicationName: "Notes")
    }

    /// Every step of the schema, in order. Step 3 rebuilds `notes`, which `note_tags` refers to.
    static func migrations() -> [Migration] {
        [
            Migration(version: 1, name: "notes") { (db) throws(DatabaseError) in
                try db.executeScript(
                    """
                    CREATE TABLE notes(
                        id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '',
                        position INTEGER NOT NULL DEFAULT 0);
                    """)
            },
            Migration(version: 2, name: "tags") { (db) throws(DatabaseError) in
                try db.executeScript(
                    """
                    CREATE TABLE tags(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                    CREATE TABLE note_tags(
                        note_id INTEGER NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
                        tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
                        PRIMARY KEY (note_id, tag_id)) WITHOUT ROWID;
                    """)
            },
            Migration(version: 3, name: "pinned notes", disablesForeignKeys: true) { (db) throws(DatabaseError) in
                try db.executeScript(
                    """
                    CREATE TABLE new_notes(
                        id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '',
                        position INTEGER NOT NULL DEFAULT 0, pinned INTEGER NOT NULL DEFAULT 0);
                    INSERT INTO new_notes(id, title, body, position) SELECT id, title, body, position FROM notes;
                    DROP TABLE notes;
                    ALTER TABLE new_notes RENAME TO notes;
                    CREATE INDEX notes_by_position ON notes(pinned, position);
                    """)
            },
            Migration(version: 4, name: "archive") { (db) throws(DatabaseError) in
                try db.executeScript(
                    "CREATE TABLE archived_notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, archived_at INTEGER)")
            },
        ]
    }
}

/// Opens a migrated notes database file in a new temporary folder; the folder lives as long as
/// the returned pair.
func makeTemporaryDatabase(
    options: DatabaseOptions = NotesSchema.options, migrations: [Migration] = NotesSchema.migrations()
) throws -> (folder: TemporaryFolder, database: SQLiteDatabase) {
    let folder = TemporaryFolder()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: options, migrations: migrations)
    return (folder, database)
}

/// Opens the notes database at `path`.
func openNotes(_ path: String) throws(DatabaseError) -> SQLiteDatabase {
    try SQLiteDatabase.open(path: path, options: NotesSchema.options, migrations: NotesSchema.migrations()).database
}

/// Writes a closed notes database with `rows` notes (several pages for the default) at `path`.
func writeNotesDatabase(at path: String, rows: Int = 300) throws {
    let database = try openNotes(path)
    try database.write { (db) throws(DatabaseError) in
        for index in 0..<rows {
            try db.execute(
                "INSERT INTO notes(title, body, position) VALUES (?, ?, ?)",
                [.text("note \(index)"), .text(String(repeating: "n", count: 200)), .integer(Int64(index))])
        }
    }
    database.close()
}

/// Subscribes and returns the single result a one-shot (write or read) observable sends.
func firstResult<T: Sendable>(_ observable: Observable<Result<T, DatabaseError>>) -> Result<T, DatabaseError>? {
    ExitLeakCheck.install()
    let box = SanitizerVisibleMutex<Result<T, DatabaseError>?>(nil)
    let subscription = observable.subscribe(onNext: { result in
        box.withLock { if $0 == nil { $0 = result } }
    })
    subscription.dispose()
    return box.withLock { $0 }
}

extension SQLiteDatabase {
    /// Waits until the writer and the reader have finished what is queued, so every refresh
    /// caused by the writes made so far has delivered (with an immediate scheduler).
    func settle() {
        waitForPendingWork()
    }

    /// Runs `sql` (several statements allowed) in a write transaction.
    func execute(_ sql: String) throws {
        try write { (db) throws(DatabaseError) in try db.executeScript(sql) }
    }

    /// An integer read on the reader.
    func int(_ sql: String) throws -> Int64 {
        try read { (db) throws(DatabaseError) in try db.fetchInt(sql, []) }
    }
}

/// The bytes of a file (empty when unreadable).
func bytes(of path: String) -> Data {
    FileManager.default.contents(atPath: path) ?? Data()
}

/// Counts calls, from any thread.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
