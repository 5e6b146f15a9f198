import CSQLite
import Foundation
import SQLiteProvider
import Testing

/// A card of a game: every kind of property a record stores.
private struct Card: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    enum Suit: String, Codable, SQLValueConvertible { case hearts, spades }
    enum Rank: Int, Codable, SQLValueConvertible { case ace = 1, king = 13 }
    struct Meta: Codable, Equatable, Sendable {
        var tags: [String]
        var weight: Double
    }

    static let databaseTableName = "card"
    var id: Int64?
    var title: String
    var suit: Suit = .hearts
    var rank: Rank = .ace
    var drawnAt: Date?
    var token: UUID?
    var payload: Data?
    var link: URL?
    var meta: Meta?
    var note: String?

    mutating func didInsert(rowID: Int64) { id = rowID }
}

/// A pair of cards: a primary key of two columns, in a table without rowid.
private struct Pair: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "pair"
    static let primaryKeyColumns = ["left_id", "right_id"]
    var left_id: Int64
    var right_id: Int64
    var label: String?
}

/// A record of a table and columns whose names are hostile SQL.
private struct Odd: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "odd \"table\" '; DROP TABLE card; --"
    static let primaryKeyColumns = ["key"]
    enum CodingKeys: String, CodingKey {
        case key
        case value = "va\"lue'); DROP TABLE card; --"
    }
    var key: String
    var value: String
}

/// The tests' own schema for records.
private func database() throws -> SQLiteDatabase {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("cards") { db in
        try db.executeScript(
            """
            CREATE TABLE card (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL UNIQUE, suit TEXT NOT NULL,
                rank INTEGER NOT NULL, drawnAt TEXT, token TEXT, payload BLOB, link TEXT, meta TEXT, note TEXT);
            CREATE TABLE pair (left_id INTEGER NOT NULL, right_id INTEGER NOT NULL, label TEXT,
                PRIMARY KEY (left_id, right_id)) WITHOUT ROWID;
            CREATE TABLE "odd ""table"" '; DROP TABLE card; --" (
                key TEXT PRIMARY KEY, "va""lue'); DROP TABLE card; --" TEXT NOT NULL);
            """)
    }
    return try SQLiteDatabase.openInMemory(migrator: migrator)
}

/// The error `body` fails with in a write, or `nil` when it succeeds.
private func failure(in database: SQLiteDatabase, _ body: (Connection) throws -> Void) -> DatabaseError? {
    do {
        try database.write(body)
        return nil
    } catch {
        return error as? DatabaseError
    }
}

// Extended result codes, which the C header builds with shifts that Swift does not import.
private let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
private let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)

private let hostile = "Robert'); DROP TABLE card; --\u{0}\"quoted\" 'single' \\ ?1 :name"

@Suite struct ConnectionRecordsTests {
    @Test func insertStoresEveryPropertyInTheColumnOfItsNameAndGivesTheRowIDBack() throws {
        let database = try database()
        defer { database.close() }
        let card = Card(
            id: nil, title: "Ace", suit: .spades, rank: .king, drawnAt: Date(timeIntervalSince1970: 1_764_059_400.25),
            token: UUID(), payload: Data([0, 1, 2]), link: URL(string: "https://example.com/a?b=c"),
            meta: .init(tags: ["x", "y"], weight: 1.5), note: nil)
        let inserted = try database.write { db in try db.insert(card) }
        #expect(inserted.id == 1)
        var expected = card
        expected.id = 1
        #expect(try database.read { db in try db.fetchOne(Card.self, key: 1) } == expected)
        let stored = try database.read { db in
            try db.fetchOne("SELECT suit, rank, meta, typeof(note) FROM card") { row in
                [row.string(at: 0), String(row.int64(at: 1)), row.string(at: 2), row.string(at: 3)]
            }
        }
        #expect(stored == ["spades", "13", #"{"tags":["x","y"],"weight":1.5}"#, "null"])
    }

    @Test func insertOfATakenKeyOrUniqueValueFailsWithTheConstraintCodeAndWritesNothing() throws {
        let database = try database()
        defer { database.close() }
        try database.write { db in try db.insert(Card(id: 1, title: "Ace")) }
        let takenKey = failure(in: database) { db in
            try db.insert(Card(id: 2, title: "King"))
            try db.insert(Card(id: 1, title: "Queen"))
        }
        #expect(takenKey?.code == constraintPrimaryKey)
        let takenTitle = failure(in: database) { db in try db.insert(Card(id: nil, title: "Ace")) }
        #expect(takenTitle?.code == constraintUnique)
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card") } == 1)
    }

    @Test func updateWritesEveryColumnAndClearsTheOnesThatAreNil() throws {
        let database = try database()
        defer { database.close() }
        var card = try database.write { db in try db.insert(Card(id: nil, title: "Ace", note: "kept?")) }
        card.title = "Ace of spades"
        card.suit = .spades
        card.note = nil
        try database.write { db in try db.update(card) }
        #expect(try database.read { db in try db.fetchOne(Card.self, key: card.id) } == card)
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card WHERE note IS NULL") } == 1)
    }

    @Test func updateOfAMissingRowIsNotFoundAndRollsTheWriteBack() throws {
        let database = try database()
        defer { database.close() }
        let error = failure(in: database) { db in
            try db.insert(Card(id: 1, title: "Ace"))
            try db.update(Card(id: 42, title: "King"))
        }
        #expect(error?.kind == .notFound)
        #expect(error?.message == "cannot update Card: no row of card has id = 42")
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card") } == 0)
    }

    @Test func upsertInsertsANewRowThenUpdatesItOnConflictOfThePrimaryKey() throws {
        let database = try database()
        defer { database.close() }
        var card = try database.write { db in try db.upsert(Card(id: nil, title: "Ace")) }
        #expect(card.id == 1)
        card.title = "Ace of hearts"
        card.meta = .init(tags: [], weight: 0)
        let updated = try database.write { db in try db.upsert(card) }
        #expect(updated == card)
        #expect(try database.read { db in try db.fetchAll(Card.self, "SELECT * FROM card") } == [card])
    }

    @Test func upsertStillFailsOnAConflictOfAnotherUniqueColumn() throws {
        let database = try database()
        defer { database.close() }
        try database.write { db in try db.insert(Card(id: 1, title: "Ace")) }
        let error = failure(in: database) { db in try db.upsert(Card(id: 2, title: "Ace")) }
        #expect(error?.code == constraintUnique)
    }

    @Test func deleteReportsWhetherARowWasDeleted() throws {
        let database = try database()
        defer { database.close() }
        let card = try database.write { db in try db.insert(Card(id: nil, title: "Ace")) }
        let king = try database.write { db in try db.insert(Card(id: nil, title: "King")) }
        #expect(try database.write { db in try db.delete(card) } == true)
        #expect(try database.write { db in try db.delete(card) } == false)
        #expect(try database.write { db in try db.delete(Card.self, key: 99) } == false)
        #expect(try database.write { db in try db.delete(Card.self, key: Int64?.none) } == false)
        #expect(try database.write { db in try db.delete(Card.self, key: king.id) } == true)
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card") } == 0)
    }

    @Test func fetchByKeyIsNilForAMissingRowOrANilKey() throws {
        let database = try database()
        defer { database.close() }
        #expect(try database.read { db in try db.fetchOne(Card.self, key: 7) } == nil)
        #expect(try database.read { db in try db.fetchOne(Card.self, key: Int64?.none) } == nil)
    }

    @Test func aCompositeKeyFindsUpdatesUpsertsAndDeletesItsRow() throws {
        let database = try database()
        defer { database.close() }
        try database.write { db in
            try db.insert(Pair(left_id: 1, right_id: 2, label: "a"))
            try db.insert(Pair(left_id: 2, right_id: 1, label: "b"))
            try db.update(Pair(left_id: 1, right_id: 2, label: "updated"))
            try db.upsert(Pair(left_id: 2, right_id: 1, label: "upserted"))
            try db.upsert(Pair(left_id: 3, right_id: 3, label: nil))
        }
        let key: [String: any SQLValueConvertible] = ["left_id": 1, "RIGHT_ID": 2]
        #expect(try database.read { db in try db.fetchOne(Pair.self, key: key) }?.label == "updated")
        #expect(
            try database.read { db in try db.fetchOne(Pair.self, key: ["left_id": 2, "right_id": 1]) }?.label
                == "upserted")
        #expect(try database.write { db in try db.delete(Pair.self, key: key) } == true)
        #expect(try database.write { db in try db.delete(Pair(left_id: 3, right_id: 3)) } == true)
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM pair") } == 1)
    }

    @Test func aKeyThatDoesNotNameThePrimaryKeyColumnsIsAMisuse() throws {
        let database = try database()
        defer { database.close() }
        let single = failure(in: database) { db in _ = try db.delete(Pair.self, key: 1) }
        #expect(single?.kind == .misuse)
        #expect(single?.message.contains("left_id, right_id") == true)
        let partial = failure(in: database) { db in _ = try db.delete(Pair.self, key: ["left_id": 1]) }
        #expect(partial?.kind == .misuse)
        let extra = failure(in: database) { db in
            _ = try db.delete(Pair.self, key: ["left_id": 1, "right_id": 2, "label": "x"])
        }
        #expect(extra?.kind == .misuse)
    }

    @Test func hostileTextIsBoundAsAValueInEveryOperation() throws {
        let database = try database()
        defer { database.close() }
        var card = try database.write { db in try db.insert(Card(id: nil, title: hostile, note: hostile)) }
        #expect(try database.read { db in try db.fetchOne(Card.self, key: card.id) }?.title == hostile)
        card.note = hostile + hostile
        try database.write { db in try db.update(card) }
        try database.write { db in try db.upsert(Card(id: 2, title: "x" + hostile, note: hostile)) }
        let notes = try database.read { db in try db.fetchAll("SELECT note FROM card ORDER BY id") { $0.string(at: 0) }
        }
        #expect(notes == [hostile + hostile, hostile])
        #expect(try database.write { db in try db.delete(card) } == true)
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card") } == 1)
    }

    @Test func hostileTableAndColumnNamesAreQuoted() throws {
        let database = try database()
        defer { database.close() }
        let odd = Odd(key: hostile, value: hostile)
        try database.write { db in
            try db.insert(odd)
            try db.update(Odd(key: hostile, value: "changed"))
            try db.upsert(Odd(key: "other", value: hostile))
        }
        #expect(try database.read { db in try db.fetchOne(Odd.self, key: hostile) }?.value == "changed")
        #expect(try database.write { db in try db.delete(Odd.self, key: hostile) } == true)
        #expect(
            try database.read { db in try db.fetchOne(Odd.self, key: "other") } == Odd(key: "other", value: hostile))
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card") } == 0)
    }
}

/// Records whose values or names no column can hold.
@Suite struct RecordEncodingFailureTests {
    private struct Big: Encodable, PersistableRecord {
        static let databaseTableName = "card"
        var id: Int64
        var count: UInt64
    }

    private struct Handmade: Encodable, PersistableRecord {
        static let databaseTableName = "card"
        var id: Int64
        enum CodingKeys: String, CodingKey { case id, place }
        enum PlaceKeys: String, CodingKey { case floor }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            var place = container.nestedContainer(keyedBy: PlaceKeys.self, forKey: .place)
            try place.encode(2, forKey: .floor)
        }
    }

    private struct Bare: Encodable, PersistableRecord {
        static let databaseTableName = "card"
        var id: Int64
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(id)
        }
    }

    private struct Keyless: Encodable, PersistableRecord {
        static let databaseTableName = "card"
        var title: String
    }

    private struct NulName: Encodable, PersistableRecord {
        static let databaseTableName = "card\u{0}; DROP TABLE card"
        var id: Int64
    }

    private struct Nothing: Encodable, PersistableRecord {
        struct Empty: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        static let databaseTableName = "card"
        var id: Int64
        var empty = Empty()
    }

    @Test func anIntegerAboveSQLitesRangeFailsNamingTheProperty() throws {
        let database = try database()
        defer { database.close() }
        let error = failure(in: database) { db in try db.insert(Big(id: 1, count: .max)) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.hasPrefix("cannot store Big.count in a column: 18446744073709551615 is larger") == true)
    }

    @Test func aNestedContainerOpenedByTheRecordItselfFailsNamingTheProperty() throws {
        let database = try database()
        defer { database.close() }
        let error = failure(in: database) { db in try db.insert(Handmade(id: 1)) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.hasPrefix("Handmade.place opens a nested container") == true)
    }

    @Test func aPropertyThatEncodesNothingFailsNamingIt() throws {
        let database = try database()
        defer { database.close() }
        let error = failure(in: database) { db in try db.insert(Nothing(id: 1)) }
        #expect(error?.message == "cannot store Nothing.empty in a column: Empty encodes no value")
    }

    @Test func aRecordThatIsNotKeyedOrHasNoKeyPropertyOrANameWithNULIsRefused() throws {
        let database = try database()
        defer { database.close() }
        let bare = failure(in: database) { db in try db.insert(Bare(id: 1)) }
        #expect(bare?.kind == .invalidValue)
        #expect(bare?.message.contains("encodes as a single value") == true)
        let keyless = failure(in: database) { db in try db.update(Keyless(title: "x")) }
        #expect(keyless?.kind == .misuse)
        #expect(keyless?.message == "Keyless has no property for its primary key column id (it encodes title)")
        let nul = failure(in: database) { db in try db.insert(NulName(id: 1)) }
        #expect(nul?.kind == .invalidValue)
        #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM card") } == 0)
    }
}
