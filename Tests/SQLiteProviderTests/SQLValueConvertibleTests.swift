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
