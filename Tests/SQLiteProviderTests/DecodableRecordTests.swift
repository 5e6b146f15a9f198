import Foundation
import SQLiteProvider
import Testing

/// A record decoded by `Decodable`, with no `init(row:)` of its own.
private struct Entry: Codable, FetchableRecord, Equatable {
    enum Mood: String, Codable { case good, bad }
    struct Place: Codable, Equatable {
        var name: String
        var floor: Int
    }

    var id: Int64
    var title: String
    var mood: Mood
    var score: Double
    var small: UInt8
    var done: Bool
    var loggedAt: Date
    var token: UUID
    var payload: Data
    var link: URL?
    var place: Place?
    var tags: [String]
    var note: String?
}

private func database() throws -> SQLiteDatabase {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("entries") { db in
        try db.execute(
            """
            CREATE TABLE entry (id INTEGER PRIMARY KEY, title TEXT NOT NULL, mood TEXT NOT NULL,
                score REAL NOT NULL, small INTEGER NOT NULL, done INTEGER NOT NULL,
                loggedAt TEXT NOT NULL, token TEXT NOT NULL, payload BLOB NOT NULL, link TEXT,
                place TEXT, tags TEXT NOT NULL, note TEXT)
            """)
    }
    return try SQLiteDatabase.openInMemory(migrator: migrator)
}

extension SQLiteDatabase {
    /// The error `body` fails with when it runs in a read, or `nil` when it succeeds.
    fileprivate func failure<T>(of body: (Connection) throws -> T) -> DatabaseError? {
        do {
            _ = try read(body)
            return nil
        } catch {
            return error as? DatabaseError
        }
    }
}

@Suite struct DecodableRecordTests {
    private let token = UUID(
        uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F))

    @Test func everyKindOfPropertyIsReadFromTheColumnOfItsName() throws {
        let database = try database()
        defer { database.close() }
        let loggedAt = Date(timeIntervalSince1970: 1_764_059_400.25)
        try database.write { db in
            try db.execute(
                """
                INSERT INTO entry (id, title, mood, score, small, done, loggedAt, token, payload, link,
                    place, tags, note)
                VALUES (1, 'Run', 'good', 7, 200, 1, \(loggedAt), \(token), \(Data([1, 2, 3])),
                    'https://example.com/run', '{"name":"Gym","floor":2}', '["sport","morning"]', NULL)
                """)
        }
        let entries = try database.read { db in try db.fetchAll(Entry.self, "SELECT * FROM entry") }
        #expect(
            entries == [
                Entry(
                    id: 1, title: "Run", mood: .good, score: 7, small: 200, done: true, loggedAt: loggedAt,
                    token: token, payload: Data([1, 2, 3]), link: URL(string: "https://example.com/run"),
                    place: .init(name: "Gym", floor: 2), tags: ["sport", "morning"], note: nil)
            ])
    }

    @Test func anOptionalPropertyWhoseColumnWasNotSelectedIsNil() throws {
        struct Short: Decodable, FetchableRecord, Equatable {
            var title: String
            var note: String?
        }
        let database = try database()
        defer { database.close() }
        let short = try database.read { db in try db.fetchOne(Short.self, "SELECT 'Walk' AS TITLE") }
        #expect(short == Short(title: "Walk", note: nil))
    }

    @Test func aMissingOrMismatchedColumnIsATypeMismatchNamingIt() throws {
        struct Needs: Decodable, FetchableRecord {
            var title: String
            var count: Int
        }
        let database = try database()
        defer { database.close() }
        let missing = database.failure { db in try db.fetchOne(Needs.self, "SELECT 'a' AS title") }
        #expect(missing?.kind == .typeMismatch)
        #expect(missing?.message.contains("count") == true)
        let mismatched = database.failure { db in
            try db.fetchOne(Needs.self, "SELECT 'a' AS title, 'many' AS count")
        }
        #expect(mismatched?.kind == .typeMismatch)
        #expect(mismatched?.message.contains("column count holds text, not Int") == true)
        let null = database.failure { db in try db.fetchOne(Needs.self, "SELECT 'a' AS title, NULL AS count") }
        #expect(null?.kind == .typeMismatch)
        let overflow = database.failure { db in try db.fetchOne(Entry.self, "SELECT 300 AS small") }
        #expect(overflow?.kind == .typeMismatch)
        let matching = database.failure { db in try db.fetchOne(Needs.self, "SELECT 'a' AS title, 1 AS count") }
        #expect(matching == nil)
    }

    @Test func nestedJSONThatDoesNotDecodeIsATypeMismatchNamingTheColumn() throws {
        struct WithPlace: Decodable, FetchableRecord { var place: Entry.Place }
        let database = try database()
        defer { database.close() }
        let result = database.failure { db in try db.fetchOne(WithPlace.self, #"SELECT '{"name":1}' AS place"#) }
        #expect(result?.kind == .typeMismatch)
        #expect(result?.message.contains("column place does not hold Place as JSON") == true)
    }

    @Test func aSingleValueRecordReadsTheOnlyColumn() throws {
        struct Name: Decodable, FetchableRecord, Equatable {
            var value: String
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(String.self) }
        }
        let database = try database()
        defer { database.close() }
        let names = try database.read { db in try db.fetchAll(Name.self, "SELECT 'a' UNION ALL SELECT 'b'") }
        #expect(names.map(\.value) == ["a", "b"])
        let two = database.failure { db in try db.fetchAll(Name.self, "SELECT 'a', 'b'") }
        #expect(two?.kind == .typeMismatch)
    }
}

@Suite struct SQLDateTests {
    @Test(arguments: [
        ("2025-11-25", 1_764_028_800.0),
        ("2025-11-25 08:30", 1_764_059_400.0),
        ("2025-11-25T08:30:00Z", 1_764_059_400.0),
        ("2025-11-25 08:30:00.250", 1_764_059_400.25),
        ("2025-11-25T10:30:00+02:00", 1_764_059_400.0),
        ("2025-11-25T03:30:00-05:00", 1_764_059_400.0),
        ("1969-12-31 23:59:59", -1.0),
        ("2024-02-29", 1_709_164_800.0),
        ("0001-01-01", -62_135_596_800.0),
    ])
    func readsSQLiteAndISOForms(text: String, seconds: Double) {
        #expect(SQLDate.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "", "2026-13-01", "2023-02-29", "2026-11-31", "2026-11-25 24:00", "2026-11-25 08:30:",
        "26-11-25", "2026-11-25x", "2026-11-25 08:30:00.", "2026-11-25T08:30+2",
    ])
    func refusesWhatIsNotADate(text: String) {
        #expect(SQLDate.parse(text) == nil)
    }

    @Test func formatsUTCWithMillisecondsAndReadsItBack() {
        for seconds in [0.0, 1_764_059_400.25, -1.5, 951_782_400.999, -62_135_596_800] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = SQLDate.format(date)
            #expect(SQLDate.parse(text) == date, "\(text)")
        }
        #expect(SQLDate.format(Date(timeIntervalSince1970: 1_764_059_400.25)) == "2025-11-25 08:30:00.250")
        #expect(SQLDate.format(Date(timeIntervalSince1970: -1.5)) == "1969-12-31 23:59:58.500")
    }

    @Test func theTextFormSortsInTimeOrderAndSQLiteReadsIt() throws {
        let database = try SQLiteDatabase.openInMemory(migrator: DatabaseMigrator())
        defer { database.close() }
        let date = Date(timeIntervalSince1970: 1_764_059_400.25)
        let seconds = try database.read { db in
            try db.fetchValue("SELECT CAST(strftime('%s', \(date)) AS INTEGER)", as: Int.self)
        }
        #expect(seconds == 1_764_059_400)
        let sorted = try database.read { db in
            try db.fetchValue("SELECT \(date) < \(date.addingTimeInterval(0.001))", as: Bool.self)
        }
        #expect(sorted == true)
    }
}
