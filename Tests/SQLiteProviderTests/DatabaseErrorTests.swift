import SQLiteProvider
import Testing

@Test func databaseErrorDescriptionNamesMessageCodeAndStatement() {
    let error = DatabaseError(kind: .sqlite, code: 2067, message: "UNIQUE constraint failed", sql: "INSERT INTO t")
    #expect(error.description == "UNIQUE constraint failed (code 2067) in: INSERT INTO t")
}

@Test func databaseErrorPrimaryCodeIsTheLowByteOfTheExtendedCode() {
    let error = DatabaseError(kind: .sqlite, code: 2067, message: "constraint")
    #expect(error.primaryCode == 19)
}

@Test func sqliteCorruptAndNotADatabaseCodesAreClassifiedAsNotADatabase() {
    #expect(DatabaseError.fromSQLite(code: 26, message: "", sql: nil).kind == .notADatabase)
    #expect(DatabaseError.fromSQLite(code: 11, message: "", sql: nil).kind == .notADatabase)
    #expect(DatabaseError.fromSQLite(code: 8, message: "", sql: nil).kind == .readOnly)
    #expect(DatabaseError.fromSQLite(code: 5, message: "", sql: nil).kind == .sqlite)
}
