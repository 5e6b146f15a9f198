import SQLiteProvider
import Testing

@Test func integersConvertOnlyWhenTheStoredValueFits() {
    #expect(Int32(sqlValue: .integer(Int64(Int32.max))) == Int32.max)
    #expect(Int32(sqlValue: .integer(Int64(Int32.max) + 1)) == nil)
    #expect(Int(sqlValue: .integer(-3)) == -3)
    #expect(Int64(sqlValue: .real(1)) == nil)
}

@Test func boolIsAnyIntegerOtherThanZero() {
    #expect(Bool(sqlValue: .integer(0)) == false)
    #expect(Bool(sqlValue: .integer(2)) == true)
    #expect(Bool(sqlValue: .text("true")) == nil)
    #expect(true.sqlValue == .integer(1))
}

@Test func doubleReadsARealOrAnInteger() {
    #expect(Double(sqlValue: .real(2.5)) == 2.5)
    #expect(Double(sqlValue: .integer(3)) == 3)
    #expect(Double(sqlValue: .text("3")) == nil)
}

@Test func textAndBytesConvertOnlyFromTheirOwnKind() {
    #expect(String(sqlValue: .text("a")) == "a")
    #expect(String(sqlValue: .integer(1)) == nil)
    #expect([UInt8](sqlValue: .blob([1, 2])) == [1, 2])
    #expect([UInt8](sqlValue: .text("12")) == nil)
    #expect(SQLValue(sqlValue: .null) == .null)
}

@Test func aRowReadsColumnsByIndexAndByNameInAnyCase() throws {
    let database = try SQLiteDatabase.openInMemory(options: NotesSchema.options, migrations: NotesSchema.migrations())
    defer { database.close() }
    try database.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO notes(title, position) VALUES ('first', 4)", [])
    }
    let read = try database.read { (db) throws(DatabaseError) in
        try db.fetchOne("SELECT title AS Heading, position FROM notes", []) { (row) throws(DatabaseError) in
            (
                row.columnCount, row.columnName(at: 0), row.columnIndex(named: "heading"),
                try row[1] as Int, try row["POSITION"] as Int, row.columnIndex(named: "missing")
            )
        }
    }
    #expect(read?.0 == 2)
    #expect(read?.1 == "Heading")
    #expect(read?.2 == 0)
    #expect(read?.3 == 4)
    #expect(read?.4 == 4)
    #expect(read?.5 == nil)
}

private enum Suit: String, SQLValueConvertible { case hearts, spades }
private enum Rank: Int, SQLValueConvertible { case ace = 1, king = 13 }
private struct NoteID: RawRepresentable, Hashable, SQLValueConvertible {
    var rawValue: Int64
}

@Test func aRawRepresentableValueIsStoredAsItsRawValue() {
    #expect(Suit.spades.sqlValue == .text("spades"))
    #expect(Rank.king.sqlValue == .integer(13))
    #expect(NoteID(rawValue: 7).sqlValue == .integer(7))
    #expect(Suit(sqlValue: .text("hearts")) == .hearts)
    #expect(Rank(sqlValue: .integer(1)) == .ace)
    #expect(NoteID(sqlValue: .integer(7)) == NoteID(rawValue: 7))
}

@Test func aRawRepresentableValueIsNilForAnotherTypeOrAnUnknownRawValue() {
    #expect(Suit(sqlValue: .text("clubs")) == nil)
    #expect(Suit(sqlValue: .integer(1)) == nil)
    #expect(Rank(sqlValue: .integer(2)) == nil)
    #expect(Rank(sqlValue: .null) == nil)
}

@Test func rawRepresentableValuesRoundTripThroughBoundSQLAndRows() throws {
    let database = try SQLiteDatabase.openInMemory(migrations: [])
    defer { database.close() }
    try database.write { db in
        try db.execute("CREATE TABLE hand (id INTEGER PRIMARY KEY, suit TEXT, rank INTEGER)")
        try db.execute("INSERT INTO hand VALUES (\(NoteID(rawValue: 3)), \(Suit.spades), \(Rank.king))")
        try db.execute("INSERT INTO hand VALUES (\(NoteID(rawValue: 4)), \(Suit?.none), \(Rank.ace))")
    }
    let hands = try database.read { db in
        try db.fetchAll("SELECT id, suit, rank FROM hand ORDER BY id") { (row) throws(DatabaseError) in
            (try row["id"] as NoteID, try row["suit"] as Suit?, try row[2] as Rank)
        }
    }
    #expect(hands.map(\.0) == [NoteID(rawValue: 3), NoteID(rawValue: 4)])
    #expect(hands.map(\.1) == [.spades, nil])
    #expect(hands.map(\.2) == [.king, .ace])
}

@Test func smallIntegersConvertOnlyWhenTheStoredValueFits() {
    #expect(UInt8(sqlValue: .integer(255)) == 255)
    #expect(UInt8(sqlValue: .integer(256)) == nil)
    #expect(Int8(sqlValue: .integer(-128)) == -128)
    #expect(Int16(sqlValue: .integer(40_000)) == nil)
    #expect(UInt16(sqlValue: .integer(40_000)) == 40_000)
    #expect(UInt32(sqlValue: .integer(-1)) == nil)
    #expect(UInt32.max.sqlValue == .integer(4_294_967_295))
    #expect(Float(sqlValue: .integer(2)) == 2)
    #expect(Float(1.5).sqlValue == .real(1.5))
}
