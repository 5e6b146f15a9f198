import Testing

@testable import BaseServices
@testable import SQLiteProvider

private let texts: [(title: String, notes: String)] = [
    ("Buy milk", ""), ("Café au lait", "with MILK"), ("cafeteria plans", ""), ("Über-planning", "todo: later"),
    ("x1 release", "x10 too"), ("ToDo list", ""), ("todos", "ÜBER cafe"), ("rep·ort", "re-port"),
    ("naïve résumé", ""), ("", "notes only milk"), ("日本語 text", "emoji 🎉 party"), ("plan report", "plan"),
]

private let searches = [
    "milk", "MILK", "caf", "cafe", "café", "über", "uber plan", "x1", "x10", "todo", "todos", "rep", "ort",
    "naive resume", "notes milk", "日本", "party", "plan report", "report plan", "nothing", "p r",
]

/// The todos each search matches: by the matcher, by the FTS5 index, and by the index with the
/// words only one term starts with matched whole.
private func matchesByMatcherAndIndex(
    _ search: String, _ fixture: ServicesFixture
) throws -> (matcher: Set<Int64>?, index: Set<Int64>, whole: Set<Int64>) {
    try fixture.database.read { (db) throws(DatabaseError) in
        func matches(_ query: String?) throws(DatabaseError) -> Set<Int64> {
            Set(
                try db.fetchAll("SELECT rowid FROM todos_fts WHERE todos_fts MATCH ?", [.text(query ?? "")]) {
                    $0.int64(at: 0)
                })
        }
        let index = try matches(SearchText.ftsQuery(search))
        let whole = try matches(SearchText.ftsQuery(search, table: "todos_fts", in: db))
        guard let matcher = FTS5PhraseMatcher(search: search, connection: db) else { return (nil, index, whole) }
        let statement = try db.cachedStatement("SELECT id, title, notes FROM todos")
        statement.reset()
        defer { statement.reset() }
        var found: Set<Int64> = []
        while try statement.step() {
            if matcher.matches(statement, columns: [1, 2]) { found.insert(statement.int64(at: 0)) }
        }
        return (found, index, whole)
    }
}

/// A fixture whose todos hold `texts`.
private func fixtureWithTexts() throws -> ServicesFixture {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    try fixture.database.write { (db) throws(DatabaseError) in
        for text in texts {
            try db.execute(
                "INSERT INTO todos(title, notes, created_at, updated_at, position) VALUES (?, ?, 1, 1, 1)",
                [.text(text.title), .text(text.notes)])
        }
    }
    return fixture
}

@Test(arguments: searches)
func theMatcherAndTheWholeWordQueryAgreeWithTheSearchIndex(search: String) throws {
    let (matcher, index, whole) = try matchesByMatcherAndIndex(search, try fixtureWithTexts())
    #expect(matcher == index)
    #expect(whole == index)
}

@Test func aWordNoLongerTermStartsWithIsMatchedWhole() throws {
    let fixture = try fixtureWithTexts()
    let query = try fixture.database.read { (db) throws(DatabaseError) in
        SearchText.ftsQuery("todos X10 todo caf Über nothing", table: "todos_fts", in: db)
    }
    #expect(query == "\"todos\" \"X10\" \"todo\"* \"caf\"* \"Über\" \"nothing\"")
}

@Test func aSearchWithoutTermsHasNoMatcher() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let hasMatcher = try fixture.database.read { (db) throws(DatabaseError) in
        FTS5PhraseMatcher(search: " -- ", connection: db) != nil
    }
    #expect(!hasMatcher)
}
