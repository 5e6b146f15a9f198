import Domain
import Foundation
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// Every window strategy against a plain `SELECT` of the same rows, on a table large enough for
// the walks to give up and the backward reads to start, and again after another connection
// deleted every todo and wrote a different table in their place (as the benchmarks' fixture
// does): nothing the service's connection read before may show through.

private let todoCount = 10_000

/// Fills `database` with `todoCount` todos whose states, creation times, due dates and manual
/// positions come from `salt`, in one transaction: the sequence of identifiers starts again at 1.
private func writeTable(_ database: SQLiteDatabase, salt: Int64) throws {
    try database.write { (db) throws(DatabaseError) in
        try db.execute("DELETE FROM todos")
        try db.execute("DELETE FROM sqlite_sequence WHERE name = 'todos'")
        let insert = try db.cachedStatement(TodosBaseService.insertSQL)
        for index in 0..<Int64(todoCount) {
            let mixed = (index &* 7919 &+ salt &* 104_729) % 10_007
            insert.reset()
            insert.bind(mixed % 5 == 0 ? "Plan \(index) todo" : "Todo \(mixed) #\(index)", at: 1)
            insert.bind(mixed % 11 == 0 ? "todo notes" : "", at: 2)
            insert.bind(mixed % 3 == 0, at: 3)
            insert.bind(mixed % 97, at: 4)
            insert.bind(mixed % 97, at: 5)
            insert.bind(mixed % 3 == 0 ? mixed % 97 : nil, at: 6)
            insert.bind((mixed % 401) * TodosBaseService.positionStep, at: 7)
            insert.bind(mixed % 4 == 0 ? nil : (mixed % 53) * 1000, at: 8)
            try insert.run()
        }
    }
}

/// The todos of a filter, search and sort as one plain `SELECT` reads them.
private func plainSelect(
    _ database: SQLiteDatabase, filter: TodoFilter, search: String, sort: TodoSort
) throws -> [TodoObject] {
    var conditions: [String] = []
    switch filter {
    case .all: break
    case .active: conditions.append("completed = 0")
    case .completed: conditions.append("completed = 1")
    }
    var arguments: [SQLValue] = []
    if let match = SearchText.ftsQuery(search) {
        conditions.append("id IN (SELECT rowid FROM todos_fts WHERE todos_fts MATCH ?)")
        arguments.append(.text(match))
    }
    let order =
        switch sort {
        // The urgency order is not read by these paths (see the attributes tests).
        case .created, .urgency: "completed, created_at, id"
        case .dueDate: "completed, due_at IS NULL, due_at, id"
        case .title: "completed, title COLLATE NOCASE, id"
        case .manual: "position, id"
        }
    let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    return try database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "SELECT \(TodosBaseService.columns) FROM todos\(whereClause) ORDER BY \(order)", arguments,
            decode: TodosBaseService.decode)
    }
}

/// Fills `database` with `todoCount` todos whose every sort key grows with their index (title
/// "Todo #index", position, creation time, due date but for every seventh), one in three done.
/// "tail" is in the notes of the `clusterSize` todos from `clusterStart`, so the first matches of
/// a search for it lie far from the start of every order; "tenth" is in one todo's notes in ten.
private func writeClusteredTable(_ database: SQLiteDatabase, clusterStart: Int, clusterSize: Int) throws {
    try database.write { (db) throws(DatabaseError) in
        try db.execute("DELETE FROM todos")
        try db.execute("DELETE FROM sqlite_sequence WHERE name = 'todos'")
        let insert = try db.cachedStatement(TodosBaseService.insertSQL)
        for index in 0..<todoCount {
            let stamp = Int64(index)
            let words = [
                (clusterStart..<clusterStart + clusterSize).contains(index) ? "tail" : nil,
                index % 10 == (index / 10) % 2 ? "tenth" : nil,
            ]
            insert.reset()
            insert.bind("Todo #\(index)", at: 1)
            insert.bind(words.compactMap { $0 }.joined(separator: " "), at: 2)
            insert.bind(index % 3 == 0, at: 3)
            insert.bind(stamp, at: 4)
            insert.bind(stamp, at: 5)
            insert.bind(index % 3 == 0 ? stamp : nil, at: 6)
            insert.bind(stamp * TodosBaseService.positionStep, at: 7)
            insert.bind(index % 7 == 0 ? nil : stamp * 1000, at: 8)
            try insert.run()
        }
    }
}

/// Checks every strategy's windows (the whole list, the first pages, a middle slice, and the
/// end read backwards) for each of `searches` against the plain `SELECT`.
private func expectEveryWindowMatchesThePlainSelect(
    _ fixture: ServicesFixture, _ label: String, searches: [String] = ["", "todo", "plan"]
) throws {
    for search in searches {
        for filter in TodoFilter.allCases {
            for sort in TodoSort.allCases where sort != .urgency {
                let expected = try plainSelect(fixture.database, filter: filter, search: search, sort: sort)
                let queries = [
                    TodoQuery(filter: filter, search: search, sort: sort, offset: 0, limit: todoCount),
                    TodoQuery(filter: filter, search: search, sort: sort, offset: 0, limit: 60),
                    TodoQuery(filter: filter, search: search, sort: sort, offset: 120, limit: 60),
                    TodoQuery(filter: filter, search: search, sort: sort, offset: expected.count / 2, limit: 60),
                    TodoQuery(filter: filter, search: search, sort: sort, offset: 0, limit: 60, fromEnd: true),
                ]
                for strategy in TodosBaseService.SearchStrategy.allCases {
                    for query in queries {
                        let window = try fixture.database.read { (db) throws(DatabaseError) in
                            try TodosBaseService.window(
                                query, searchIndex: fixture.context.searchIndex, strategy: strategy, in: db)
                        }
                        let start = query.fromEnd ? max(0, expected.count - query.limit) : query.offset
                        let slice = Array(expected.dropFirst(start).prefix(query.limit))
                        #expect(window.todos.count == slice.count, "\(label) \(strategy) \(query)")
                        #expect(window.todos == slice, "\(label) \(strategy) \(query)")
                        #expect(window.offset == start, "\(label) \(strategy) \(query)")
                    }
                }
            }
        }
        // The public path the benchmark's `app` subject measures: every todo, manual order.
        let all = try value(
            fixture.todos.fetchWindow(TodoQuery(filter: .all, sort: .manual, offset: 0, limit: todoCount)))
        #expect(all.todos == (try plainSelect(fixture.database, filter: .all, search: "", sort: .manual)), "\(label)")
        #expect(all.totalCount == todoCount)
    }
}

@Test func everyWindowStrategyReadsWhatAPlainSelectReadsOnALargeTableAlsoAfterAnotherConnectionRewroteIt()
    throws
{
    let fixture = try ServicesFixture(searchIndex: .fts5)
    try writeTable(fixture.database, salt: 1)
    try expectEveryWindowMatchesThePlainSelect(fixture, "first table")

    guard let path = fixture.database.path else { throw DatabaseError(kind: .misuse, message: "no file") }
    let (other, _) = try SQLiteDatabase.open(
        path: path, options: DatabaseOptions.rivulet, migrations: Schema.migrations(searchIndex: .fts5))
    try writeTable(other, salt: 2)
    other.close()
    try expectEveryWindowMatchesThePlainSelect(fixture, "rewritten by another connection")
}

@Test func everyWindowStrategyReadsWhatAPlainSelectReadsForMatchesFarFromTheStartAlsoAfterAnotherConnectionRewroteIt()
    throws
{
    let fixture = try ServicesFixture(searchIndex: .fts5)
    try writeClusteredTable(fixture.database, clusterStart: todoCount - todoCount / 10, clusterSize: todoCount / 10)
    try expectEveryWindowMatchesThePlainSelect(fixture, "clustered at the end", searches: ["tail", "tenth"])

    guard let path = fixture.database.path else { throw DatabaseError(kind: .misuse, message: "no file") }
    let (other, _) = try SQLiteDatabase.open(
        path: path, options: DatabaseOptions.rivulet, migrations: Schema.migrations(searchIndex: .fts5))
    try writeClusteredTable(other, clusterStart: todoCount / 2, clusterSize: todoCount / 20)
    other.close()
    try expectEveryWindowMatchesThePlainSelect(fixture, "clustered in the middle", searches: ["tail", "tenth"])
}

@Test func theFirstWindowOfMatchesFarFromTheStartIsCountedExactly() throws {
    let fixture = try ServicesFixture(searchIndex: .fts5)
    try writeClusteredTable(fixture.database, clusterStart: todoCount - todoCount / 10, clusterSize: todoCount / 10)
    for sort in TodoSort.allCases where sort != .urgency {
        let found = try value(fixture.todos.fetchWindow(TodoQuery(filter: .all, search: "tail", sort: sort, limit: 60)))
        #expect(found.todos.count == 60, "\(sort)")
        #expect(found.totalCount == todoCount / 10, "\(sort)")
        #expect(found.isCountExact, "\(sort)")
    }
}
