import Domain
import Foundation
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

@Test(arguments: [SearchIndex.fts5, .words])
func searchPostingsMigrationUpgradesADatabaseOfThePreviousSchemaInPlace(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let step = try #require(all.firstIndex { $0.name == "todo search postings" })
    #expect(all[step].version == 21)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(step)))
    try old.write { (db) throws(DatabaseError) in
        for (index, (title, notes)) in [("École rapide", "foo-bar"), ("Café plan", "élan"), ("Plan B", "")].enumerated()
        {
            try db.execute(
                "INSERT INTO todos(title, notes, completed, created_at, updated_at, position) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .text(title), .text(notes), .integer(Int64(index % 2)), .integer(Int64(index)), .integer(1),
                    .integer(Int64(10 - index)),
                ])
            if searchIndex == .words {
                try SearchText.indexWords(of: db.lastInsertedRowID, title: title, notes: notes, in: db)
            }
        }
    }
    #expect(try old.int("PRAGMA user_version") == 20)
    old.close()

    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    #expect(try database.int("PRAGMA user_version") == 21)
    let hasPostings = try database.int("SELECT count(*) FROM sqlite_master WHERE name = 'todo_postings'") == 1
    #expect(hasPostings == (searchIndex == .fts5))
    if searchIndex == .fts5 {
        let (stored, expected) = try postingsAndTheirIndexTerms(database)
        #expect(stored == expected)
        #expect(stored.count == 9)
    }
    let context = try ServiceContext.make(database: database)
    let todos = TodosBaseService(context: context)
    for sort in TodoSort.allCases {
        let found = try value(todos.fetchWindow(TodoQuery(filter: .all, search: "pla", sort: sort, limit: 60)))
        #expect(Set(found.todos.map(\.title)) == ["Café plan", "Plan B"], "\(sort)")
    }
    _ = try value(todos.create(title: "Plan C", notes: "", due: nil))
    let found = try value(todos.fetchWindow(TodoQuery(filter: .active, search: "plan", sort: .title, limit: 60)))
    #expect(found.todos.map(\.title) == ["Plan B", "Plan C"])
    #expect(
        try database.read { (db) throws(DatabaseError) in try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) }
        } == "ok")
}
