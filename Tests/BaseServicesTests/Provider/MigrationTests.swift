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

@Test(arguments: [SearchIndex.fts5, .words], 0..<4)
func everyEarlierSchemaVersionMigratesToTheLatestKeepingItsData(searchIndex: SearchIndex, fromVersion: Int) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), migrations: Array(all.prefix(fromVersion)))
    if fromVersion >= 1 {
        try old.write { (db) throws(DatabaseError) in
            try db.execute(
                "INSERT INTO todos(title, notes, created_at, updated_at, position) VALUES (?, ?, 1, 2, 3)",
                [.text("Water the plants"), .text("the ferns")])
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
