import Domain
import Foundation
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// The search postings against the FTS5 index they stand for, whoever wrote the todos, and the
// first windows they give against a plain `SELECT`.

/// Every posting, and every posting the FTS5 index's own terms say there should be, as text.
func postingsAndTheirIndexTerms(_ database: SQLiteDatabase) throws -> (stored: [String], expected: [String]) {
    let row = { (row: Row) in
        (0..<7).map { row.isNull(at: Int32($0)) ? "NULL" : row.string(at: Int32($0)) }.joined(separator: "|")
    }
    return try database.write { (db) throws(DatabaseError) in
        let stored = try db.fetchAll(
            """
            SELECT todo_id, bucket, completed, position, created_at, due_at, title FROM todo_postings
            ORDER BY todo_id, bucket
            """, [], decode: row)
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.terms USING fts5vocab(main, todos_fts, instance)")
        let expected = try db.fetchAll(
            """
            SELECT DISTINCT todos.id, substr(term, 1, 3), completed, position, created_at, due_at, title
            FROM temp.terms JOIN todos ON todos.id = doc ORDER BY 1, 2
            """, [], decode: row)
        try db.execute("DROP TABLE temp.terms")
        return (stored, expected)
    }
}

/// Every strategy's first windows of `searches` against a plain `SELECT` of the same todos.
private func expectFirstWindowsMatchThePlainSelect(
    _ fixture: ServicesFixture, searches: [String], _ label: String
) throws {
    for search in searches {
        for filter in TodoFilter.allCases {
            for sort in TodoSort.allCases where sort != .urgency {
                let expected = try fixture.database.read { (db) throws(DatabaseError) in
                    try db.fetchAll(
                        """
                        SELECT \(TodosBaseService.columns) FROM todos
                        WHERE id IN (SELECT rowid FROM todos_fts WHERE todos_fts MATCH ?)\(
                            TodosBaseService.whereClause(filter).replacingOccurrences(of: "WHERE", with: "AND"))
                        ORDER BY \(TodosBaseService.orderClause(sort))
                        """, [.text(SearchText.ftsQuery(search) ?? "")], decode: TodosBaseService.decode)
                }
                for strategy in TodosBaseService.SearchStrategy.allCases {
                    let query = TodoQuery(filter: filter, search: search, sort: sort, offset: 0, limit: 3)
                    let window = try fixture.database.read { (db) throws(DatabaseError) in
                        try TodosBaseService.window(query, searchIndex: .fts5, strategy: strategy, in: db)
                    }
                    #expect(window.todos == Array(expected.prefix(3)), "\(label) \(strategy) \(query)")
                    #expect(window.totalCount <= expected.count, "\(label) \(strategy) \(query)")
                    if window.isCountExact { #expect(window.totalCount == expected.count, "\(label) \(strategy)") }
                }
            }
        }
    }
}

private let searches = ["ecole", "Élan", "foo-bar", "cafe plan", "pl", "zzz", "école rapide"]

@Test func thePostingsFollowEveryWriteOfTheServiceAndItsUndo() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let first = try value(fixture.todos.create(title: "École rapide", notes: "foo-bar élan", due: nil))
    let second = try value(fixture.todos.create(title: "Café plan", notes: "", due: Date(timeIntervalSince1970: 9)))
    _ = try value(fixture.todos.create(title: "Plant the élan", notes: "café", due: nil))
    _ = try value(fixture.todos.setCompleted(id: first.id, true))
    _ = try value(fixture.todos.update(id: second.id, TodoEdit(title: "Cafe planning", due: .remove)))
    _ = try value(fixture.todos.reorder(id: second.id, after: nil))
    _ = try value(fixture.todos.delete(id: first.id))
    let (stored, expected) = try postingsAndTheirIndexTerms(fixture.database)
    #expect(stored == expected)
    #expect(stored.contains { $0.hasPrefix("\(second.id)|caf|0|") })
    try expectFirstWindowsMatchThePlainSelect(fixture, searches: searches, "after the service's writes")
    _ = try value(fixture.history.undo())
    _ = try value(fixture.history.undo())
    let undone = try postingsAndTheirIndexTerms(fixture.database)
    #expect(undone.stored == undone.expected)
    try expectFirstWindowsMatchThePlainSelect(fixture, searches: searches, "after undo")
}

@Test func aRawSQLWriteOfAnotherConnectionIsSeenByTheFirstWindowsAtOnce() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    for index in 0..<40 {
        _ = try value(fixture.todos.create(title: "Plan \(index)", notes: index % 4 == 0 ? "ecole" : "", due: nil))
    }
    try expectFirstWindowsMatchThePlainSelect(fixture, searches: searches, "before")
    guard let path = fixture.database.path else { throw DatabaseError(kind: .misuse, message: "no file") }
    // Plain SQL on a connection that knows nothing of the service, as a script or the sqlite3
    // shell would write: every kind of change to the text and the sort keys.
    let (other, _) = try SQLiteDatabase.open(
        path: path, options: DatabaseOptions.rivulet, migrations: Schema.migrations(searchIndex: .fts5))
    try other.write { (db) throws(DatabaseError) in
        try db.executeScript(
            """
            UPDATE todos SET notes = 'Élan rapide' WHERE id % 3 = 0;
            UPDATE todos SET title = 'Café ' || id WHERE id % 5 = 0;
            UPDATE todos SET completed = 1, completed_at = 1 WHERE id % 2 = 0;
            UPDATE todos SET position = -position WHERE id % 7 = 0;
            UPDATE todos SET created_at = 100 - id, due_at = id * 1000 WHERE id % 6 = 0;
            DELETE FROM todos WHERE id = 9;
            INSERT INTO todos(title, notes, created_at, updated_at, position) VALUES ('foo-bar école', '', 5, 5, 3);
            INSERT OR FAIL INTO todos(title, notes, created_at, updated_at, position)
                VALUES ('Cafés du café', 'plan planning', 6, 6, 4);
            UPDATE OR ABORT todos SET title = 'Plan planning ' || id WHERE id % 8 = 1 AND id < 40;
            """)
    }
    other.close()
    let (stored, expected) = try postingsAndTheirIndexTerms(fixture.database)
    #expect(stored == expected)
    #expect(stored.contains { $0.hasSuffix("|foo-bar école") })
    try expectFirstWindowsMatchThePlainSelect(fixture, searches: searches, "after another connection's raw SQL")
}

@Test func theBucketsOfASearchAreThoseEveryMatchMustHave() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let buckets = try fixture.database.read { (db) throws(DatabaseError) in
        ["Écoles", "foo-bar", "pl", "a-pl", "cafe plan"].map { search in
            FTS5PhraseMatcher(search: search, connection: db).map(TodosBaseService.buckets(of:)) ?? []
        }
    }
    // A last token shorter than a bucket is a prefix of many buckets: it has none.
    #expect(buckets == [["eco"], ["foo", "bar"], [], [], ["caf", "pla"]])
}

@Test func theFirstWindowOfASearchReadsThePostingsInItsOrder() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    let plans = try fixture.database.read { (db) throws(DatabaseError) in
        try TodoSort.allCases.map { (sort) throws(DatabaseError) in
            let query = TodoQuery(filter: .active, search: "tail", sort: sort)
            guard let matcher = FTS5PhraseMatcher(search: query.search, connection: db),
                let source = try TodosBaseService.postingsSource(query, matcher: matcher, in: db)
            else { return "none" }
            return try db.fetchAll("EXPLAIN QUERY PLAN " + source.sql, source.arguments) { $0.string(at: 3) }
                .joined(separator: "; ")
        }
    }
    for (sort, plan) in zip(TodoSort.allCases, plans) where sort != .urgency {
        #expect(plan.contains("USING COVERING INDEX todo_postings_by_"), "\(sort): \(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(sort): \(plan)")
    }
    #expect(plans[TodoSort.allCases.firstIndex(of: .urgency) ?? 0] == "none")
}
