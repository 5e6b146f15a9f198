import SQLiteProvider
import Testing

@Test func aScriptRunsEveryStatementInIt() throws {
    let (_, database) = try makeTemporaryDatabase()
    try database.execute("INSERT INTO notes(title) VALUES ('a'); INSERT INTO notes(title) VALUES ('b');")
    #expect(try database.int("SELECT count(*) FROM notes") == 2)
}

@Test func aFailingScriptNamesItsSQLAndKeepsNothingOfTheWrite() throws {
    let (_, database) = try makeTemporaryDatabase()
    #expect {
        try database.execute("INSERT INTO notes(title) VALUES ('a'); INSERT INTO nowhere VALUES (1);")
    } throws: { error in
        (error as? DatabaseError)?.sql?.contains("nowhere") == true
    }
    #expect(try database.int("SELECT count(*) FROM notes") == 0)
}

@Test func aConnectionReportsTheRowItInsertedAndHowManyRowsAStatementChanged() throws {
    let (_, database) = try makeTemporaryDatabase()
    let (first, second, changed) = try database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO notes(title) VALUES ('a')", [])
        let first = db.lastInsertedRowID
        try db.execute("INSERT INTO notes(title) VALUES ('b')", [])
        let second = db.lastInsertedRowID
        try db.execute("UPDATE notes SET pinned = 1", [])
        return (first, second, db.changedRowCount)
    }
    #expect(first == 1)
    #expect(second == 2)
    #expect(changed == 2)
}

@Test func readsAndWritesEachRunInATransactionOfTheirOwn() throws {
    let (_, database) = try makeTemporaryDatabase()
    // A read is one transaction too, so everything it fetches comes from one snapshot.
    #expect(try database.write { (db) throws(DatabaseError) in db.isInTransaction })
    #expect(try database.read { (db) throws(DatabaseError) in db.isInTransaction })
}

@Test func fetchIntOfAQueryWithoutRowsIsZero() throws {
    let (_, database) = try makeTemporaryDatabase()
    #expect(try database.int("SELECT id FROM notes WHERE id = 42") == 0)
}

@Test func aStatementWalkedByHandStepsThroughEveryRowAndIsResetAfterwards() throws {
    let (_, database) = try makeTemporaryDatabase()
    try database.execute("INSERT INTO notes(title) VALUES ('a'), ('bbb'), ('cc')")
    let sql = "SELECT title FROM notes ORDER BY id"
    let longest = try database.read { (db) throws(DatabaseError) in
        try db.withStatement(sql, []) { (rows) throws(DatabaseError) in
            var longest = 0
            while try rows.step() { longest = max(longest, rows.string(at: 0).count) }
            return longest
        }
    }
    #expect(longest == 3)
    let again = try database.read { (db) throws(DatabaseError) in try db.fetchAll(sql, []) { $0.string(at: 0) } }
    #expect(again == ["a", "bbb", "cc"])
}
