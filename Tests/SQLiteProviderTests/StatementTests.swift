import SQLiteProvider
import Testing

@Test func boundTextIsStoredVerbatimNeverReadAsSQL() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    let hostile = "x'); DROP TABLE t; --\u{0}é🙂"
    try database.execute("CREATE TABLE t(v TEXT)")
    try database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO t(v) VALUES (?)", [.text(hostile)]) }
    let stored = try database.read { (db) throws(DatabaseError) in
        try db.fetchOne("SELECT v FROM t") { $0.string(at: 0) }
    }
    #expect(stored == hostile)
}

@Test func integersRealsAndNullsRoundTrip() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute("CREATE TABLE t(a INTEGER, b REAL, c TEXT)")
    try database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO t VALUES (?, ?, ?)", [.integer(Int64.max), .real(2.5), .null])
    }
    let row = try database.read { (db) throws(DatabaseError) in
        try db.fetchOne("SELECT a, b, c FROM t") { ($0.int64(at: 0), $0.double(at: 1), $0.optionalString(at: 2)) }
    }
    #expect(row?.0 == Int64.max)
    #expect(row?.1 == 2.5)
    #expect(row?.2 == nil)
}

@Test func statementCacheReturnsTheSamePreparedStatement() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    let same = try database.read { (db) throws(DatabaseError) in
        try db.cachedStatement("SELECT 1") === db.cachedStatement("SELECT 1")
    }
    #expect(same)
}

@Test func aBadStatementFailsWithItsSQLAndSQLiteCode() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    #expect {
        try database.read { (db) throws(DatabaseError) in try db.fetchInt("SELECT * FROM missing") }
    } throws: { error in
        guard let error = error as? DatabaseError else { return false }
        return error.kind == .sqlite && error.code == 1 && error.sql == "SELECT * FROM missing"
            && error.message.contains("no such table")
    }
}

@Test func authorizerRecordsTablesReadAndWritten() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute("CREATE TABLE a(x); CREATE TABLE b(y)")
    let tables = try database.read { (db) throws(DatabaseError) in
        let statement = try db.prepare("SELECT x, y FROM a, b")
        return statement.readTables
    }
    #expect(tables == ["a", "b"])
}

@Test func authorizerRecordsCascadeTargetsAsWritten() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute(
        "CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(id INTEGER PRIMARY KEY, p REFERENCES p(id) ON DELETE CASCADE)"
    )
    let tables = try database.write { (db) throws(DatabaseError) in
        try db.prepare("DELETE FROM p").writeTables
    }
    #expect(tables == ["p", "c"])
}
