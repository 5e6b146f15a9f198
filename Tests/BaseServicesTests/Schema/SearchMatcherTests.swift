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

/// The todos each search matches, by the matcher and by the FTS5 index.
private func matchesByMatcherAndIndex(
    _ search: String, _ fixture: ServicesFixture
) throws -> (matcher: Set<Int64>?, index: Set<Int64>) {
    try fixture.database.read { (db) throws(DatabaseError) in
        let match = SearchText.ftsQuery(search) ?? ""
        let index = Set(
            try db.fetchAll("SELECT rowid FROM todos_fts WHERE todos_fts MATCH ?", [.text(match)]) { $0.int64(at: 0) })
        guard let matcher = FTS5PhraseMatcher(search: search, connection: db) else { return (nil, index) }
        let statement = try db.cachedStatement("SELECT id, title, notes FROM todos")
        statement.reset()
        defer { statement.reset() }
        var found: Set<Int64> = []
        while try statement.step() {
            if matcher.matches(statement, columns: [1, 2]) { found.insert(statement.int64(at: 0)) }
        }
        return (found, index)
    }
}

@Test(arguments: searches)
func theMatcherAgreesWithTheSearchIndex(search: String) throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    try fixture.database.write { (db) throws(DatabaseError) in
        for text in texts {
            try db.execute(
                "INSERT INTO todos(title, notes, created_at, updated_at, position) VALUES (?, ?, 1, 1, 1)",
                [.text(text.title), .text(text.notes)])
        }
    }
    let (matcher, index) = try matchesByMatcherAndIndex(search, fixture)
    #expect(matcher == index)
}

@Test func aSearchWithoutTermsHasNoMatcher() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let hasMatcher = try fixture.database.read { (db) throws(DatabaseError) in
        FTS5PhraseMatcher(search: " -- ", connection: db) != nil
    }
    #expect(!hasMatcher)
}
