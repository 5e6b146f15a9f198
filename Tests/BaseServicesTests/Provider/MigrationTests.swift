import Testing

@testable import BaseServices

@Test func migrationsStopAtTheVersionTheDatabaseHas() throws {
    let folder = TemporaryFolder()
    let applied = Counter()
    let migrations = [
        Migration(version: 1, name: "one") { (db) throws(DatabaseError) in
            applied.increment()
            try db.executeScript("CREATE TABLE one(v)")
        }
    ]
    _ = try SQLiteDatabase.open(path: folder.file(), migrations: migrations).database.close()
    _ = try SQLiteDatabase.open(path: folder.file(), migrations: migrations).database.close()
    #expect(applied.value == 1)
}

@Test func aFailingMigrationRollsBackOnlyItsOwnStep() throws {
    let folder = TemporaryFolder()
    let first = Migration(version: 1, name: "one") { (db) throws(DatabaseError) in
        try db.executeScript("CREATE TABLE one(v)")
    }
    let failing = Migration(version: 2, name: "two") { (db) throws(DatabaseError) in
        try db.executeScript("CREATE TABLE two(v)")
        throw DatabaseError(kind: .invalidValue, message: "broken step")
    }
    #expect {
        _ = try SQLiteDatabase.open(path: folder.file(), migrations: [first, failing])
    } throws: { error in
        guard let error = error as? DatabaseError else { return false }
        return error.message.contains("migration 2 (two) failed")
    }
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), migrations: [first])
    #expect(try database.int("PRAGMA user_version") == 1)
    #expect(try database.int("SELECT count(*) FROM sqlite_master WHERE name = 'two'") == 0)
}

@Test(arguments: [SearchIndex.fts5, .words], 0..<7)
func everyEarlierSchemaVersionMigratesToTheLatestKeepingItsData(searchIndex: SearchIndex, fromVersion: Int) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), migrations: Array(all.prefix(fromVersion)))
    if fromVersion >= 1 {
        try old.write { (db) throws(DatabaseError) in
            try db.execute(
                "INSERT INTO todos(title, notes, created_at, updated_at, position) VALUES (?, ?, 1, 2, 3)",
                [.text("Water the plants"), .text("the ferns")])
            // From version 4 on, the word index (without FTS5) is kept by the service, not by triggers.
            if fromVersion >= 4, searchIndex == .words {
                try SearchText.indexWords(
                    of: db.lastInsertedRowID, title: "Water the plants", notes: "the ferns", in: db)
            }
        }
    }
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), migrations: all)
    #expect(try database.int("PRAGMA user_version") == Int64(all.count))
    let context = try ServiceContext.make(database: database)
    #expect(context.searchIndex == searchIndex)
    let todos = TodosBaseService(context: context)
    let found = try value(todos.fetchWindow(TodoQuery(search: "fern")))
    #expect(found.todos.map(\.title) == (fromVersion >= 1 ? ["Water the plants"] : []))
    _ = try value(todos.create(title: "After migration", notes: "", due: nil))
    #expect(try database.int("SELECT count(*) FROM todos") == (fromVersion >= 1 ? 2 : 1))
}

@Test func feedRefreshErrorsMigrationAddsAnEmptyLastErrorToExistingFeeds() throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations()
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), migrations: Array(all.prefix(5)))
    try old.execute("INSERT INTO feeds(url, title, added_at) VALUES ('https://example.com/feed', 'Example', 1)")
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), migrations: all)
    let feeds = FeedsBaseService(context: try ServiceContext.make(database: database))
    let feed = try #require(try value(feeds.fetchFeeds()).first)
    #expect(feed.title == "Example")
    #expect(feed.lastError == nil)
    #expect(try value(feeds.setLastError(feedID: feed.id, "offline")).lastError == "offline")
}

@Test(arguments: [SearchIndex.fts5, .words])
func todoWindowsMigrationCountsTheTodosADatabaseAlreadyHas(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), migrations: Array(all.prefix(6)))
    try old.write { (db) throws(DatabaseError) in
        for (index, completed) in [0, 1, 1, 0, 1].enumerated() {
            try db.execute(
                "INSERT INTO todos(title, completed, created_at, updated_at, position) VALUES (?, ?, 1, 1, ?)",
                [.text("Todo \(index)"), .integer(Int64(completed)), .integer(Int64(index))])
        }
    }
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), migrations: all)
    #expect(try database.int("SELECT total FROM todo_counts") == 5)
    #expect(try database.int("SELECT completed FROM todo_counts") == 3)
    let todos = TodosBaseService(context: try ServiceContext.make(database: database))
    let active = try value(todos.fetchWindow(TodoQuery(filter: .active, sort: .title)))
    #expect(active.todos.map(\.title) == ["Todo 0", "Todo 3"])
    #expect(active.matchingCount == 2)
}

@Test func todoWindowsMigrationGivesEveryFilteredSortItsOwnIndex() throws {
    let (_, database) = try makeTemporaryDatabase()
    let indexes = Set(
        try database.read { (db) throws(DatabaseError) in
            try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'todos'") {
                $0.string(at: 0)
            }
        })
    #expect(
        indexes.isSuperset(of: [
            "todos_by_state_position", "todos_by_state_created", "todos_by_state_title", "todos_by_state_due",
        ]))
    #expect(!indexes.contains("todos_by_completed"))
}
