import Foundation
import SQLiteProvider
import Testing

@Test func uuidIsStoredAsTextAndReadFromTextInEitherCaseOrSixteenBytes() throws {
    let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(uuid.sqlValue == .text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(UUID(sqlValue: .text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f")) == uuid)
    let bytes = withUnsafeBytes(of: uuid.uuid) { [UInt8]($0) }
    #expect(UUID(sqlValue: .blob(bytes)) == uuid)
}

@Test func uuidIsNilForTextThatIsNotOneOrBytesOfAnotherLength() {
    #expect(UUID(sqlValue: .text("not a uuid")) == nil)
    #expect(UUID(sqlValue: .blob([1, 2, 3])) == nil)
    #expect(UUID(sqlValue: .integer(1)) == nil)
}

@Test func dataIsStoredAsABlobAndReadOnlyFromOne() throws {
    let data = Data([0, 1, 254, 255])
    #expect(data.sqlValue == .blob([0, 1, 254, 255]))
    #expect(Data(sqlValue: .blob([0, 1, 254, 255])) == data)
    #expect(Data(sqlValue: .text("0001")) == nil)
    let (_, database) = try makeTemporaryDatabase(migrations: [])
    try database.execute("CREATE TABLE d(x BLOB)")
    try database.write { (db) throws(DatabaseError) in try db.execute("INSERT INTO d VALUES (\(data))") }
    let stored = try database.read { (db) throws(DatabaseError) in try db.fetchValue("SELECT x FROM d", as: Data.self) }
    #expect(stored == data)
}
