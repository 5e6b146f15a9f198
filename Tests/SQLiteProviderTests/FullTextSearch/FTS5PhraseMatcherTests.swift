import SQLiteProvider
import Streams
import TestMeasures
import Testing

/// Whether each note's title and body match `terms`, as the matcher says, in id order; `nil`
/// when no matcher could be made.
private func matches(_ terms: [String], notes: [(String, String)]) throws -> [Bool]? {
    let database = try SQLiteDatabase.openInMemory(options: NotesSchema.options, migrations: NotesSchema.migrations())
    defer { database.close() }
    try database.write { (db) throws(DatabaseError) in
        for (title, body) in notes {
            try db.execute("INSERT INTO notes(title, body) VALUES (?, ?)", [.text(title), .text(body)])
        }
    }
    return try database.read { (db) throws(DatabaseError) -> [Bool]? in
        guard let matcher = FTS5PhraseMatcher(terms: terms, connection: db) else { return nil }
        return try db.fetchAll("SELECT title, body FROM notes ORDER BY id", []) {
            matcher.matches($0, columns: [0, 1])
        }
    }
}

@Test func aMatcherNeedsTermsTheTokenizerKeeps() throws {
    #expect(try matches([], notes: []) == nil)
    #expect(try matches(["…"], notes: []) == nil)
}

@Test(.enabled(if: FTS5PhraseMatcher.isAvailable, "this SQLite has no FTS5"))
func aMatcherFindsTheLastTokenAsAPrefixIgnoringCaseAndDiacritics() throws {
    let found = try matches(["cafe"], notes: [("Café au lait", ""), ("Tea", "at the CAFETERIA"), ("Tea", "a decaf")])
    #expect(found == [true, true, false])
}

@Test(.enabled(if: FTS5PhraseMatcher.isAvailable, "this SQLite has no FTS5"))
func aMatcherNeedsEveryPhraseEachWithinOneColumn() throws {
    let found = try matches(
        ["milk", "buy bread"],
        notes: [("Buy bread", "and milk"), ("Milk", "bread to buy"), ("Buy", "bread"), ("buy breadcrumbs", "milk")])
    #expect(found == [true, false, false, true])
}

/// A database whose `notes_fts` index holds the words of `texts`.
private func indexedNotes(_ texts: [String]) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase.openInMemory(options: NotesSchema.options, migrations: NotesSchema.migrations())
    try database.write { (db) throws(DatabaseError) in
        try db.executeScript(
            "CREATE VIRTUAL TABLE notes_fts USING fts5(text, tokenize = 'unicode61 remove_diacritics 2')")
        for text in texts { try db.execute("INSERT INTO notes_fts(text) VALUES (?)", [.text(text)]) }
    }
    return database
}

/// What ``FTS5PhraseMatcher/prefixPhrases(in:connection:)`` says of `terms` on `table`.
private func prefixPhrases(_ terms: [String], in table: String, of database: SQLiteDatabase) throws -> [Bool]? {
    try database.read { (db) throws(DatabaseError) in
        FTS5PhraseMatcher(terms: terms, connection: db)?.prefixPhrases(in: table, connection: db)
    }
}

@Test(.enabled(if: FTS5PhraseMatcher.isAvailable, "this SQLite has no FTS5"))
func aPhraseStaysAPrefixOnlyWhileALongerTermOfTheIndexStartsWithIt() throws {
    let database = try indexedNotes(["Cluster clustered e-mail", "Café zebra"])
    defer { database.close() }
    let terms = ["cluster", "Clustered", "e-mail", "CAFÉ", "zebra", "zebras", "ca", "m", "a"]
    // "cluster": "clustered" is longer; "e-mail" ends in "mail"; "zebra" is the index's last
    // term and "zebras" no term at all; "ca" starts "cafe", "m" "mail", "a" nothing.
    #expect(
        try prefixPhrases(terms, in: "notes_fts", of: database) == [
            true, false, false, false, false, false, true, true, false,
        ])
    // Asked again, the connection's table of terms is there already.
    #expect(try prefixPhrases(["clu"], in: "notes_fts", of: database) == [true])
}

@Test(.enabled(if: FTS5PhraseMatcher.isAvailable, "this SQLite has no FTS5"))
func aTableThatCannotBeReadLeavesEveryPhraseAPrefix() throws {
    let database = try indexedNotes(["clustered"])
    defer { database.close() }
    #expect(try prefixPhrases(["clustered"], in: "notes_fts; DROP TABLE notes", of: database) == [true])
    #expect(try prefixPhrases(["clustered"], in: "no_such_table", of: database) == [true])
    #expect(try prefixPhrases(["clustered"], in: "", of: database) == [true])
}

@Test(.enabled(if: FTS5PhraseMatcher.isAvailable, "this SQLite has no FTS5"))
func readingTheTermsInsideAWriteIsNeitherAWriteNorASchemaChange() throws {
    let database = try indexedNotes(["clustered"])
    defer { database.close() }
    let runs = Counter()
    let recorder = Recorder(
        database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
            runs.increment()
            return try db.fetchInt("SELECT count(*) FROM notes", [])
        })
    defer { recorder.dispose() }
    let prefixes = try database.write { (db) throws(DatabaseError) in
        FTS5PhraseMatcher(terms: ["clu"], connection: db)?.prefixPhrases(in: "notes_fts", connection: db)
    }
    database.settle()
    #expect(prefixes == [true])
    #expect(runs.value == 1)
}
