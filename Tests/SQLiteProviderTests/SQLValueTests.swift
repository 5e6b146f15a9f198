import SQLiteProvider
import Testing

@Test func textOfNoStringIsNull() {
    #expect(SQLValue.text(String?.none) == .null)
    #expect(SQLValue.text(String?.some("a")) == .text("a"))
}

@Test func integerOfNoNumberIsNull() {
    #expect(SQLValue.integer(Int64?.none) == .null)
    #expect(SQLValue.integer(Int64?.some(7)) == .integer(7))
}

@Test func everyKindOfValueIsStoredAndReadBackAsItWas() throws {
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute("CREATE TABLE v(x)")
    let values: [SQLValue] = [.integer(Int64.min), .real(-0.5), .text("é🙂\u{0}x"), .blob([0, 255, 1]), .null]
    try database.write { (db) throws(DatabaseError) in
        for value in values { try db.execute("INSERT INTO v(x) VALUES (?)", [value]) }
    }
    let stored = try database.read { (db) throws(DatabaseError) in
        try db.fetchAll("SELECT x FROM v ORDER BY rowid", []) { $0.sqlValue(at: 0) }
    }
    #expect(stored == values)
}
