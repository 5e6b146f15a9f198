import SQLiteProvider
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
