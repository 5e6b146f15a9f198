import Testing

@testable import BaseServices
@testable import SQLiteProvider

@Test func schemaVersionsAreConsecutiveFromOne() {
    #expect(Schema.migrations().map(\.version) == Array(1...Schema.migrations().count))
}

@Test func theSearchIndexFollowsWhatSQLiteOffers() throws {
    let (_, database) = try makeTemporaryDatabase()
    let index = try database.read { (db) throws(DatabaseError) in try Schema.searchIndex(of: db) }
    #expect(index == (Schema.sqliteHasFTS5 ? .fts5 : .words))
}
