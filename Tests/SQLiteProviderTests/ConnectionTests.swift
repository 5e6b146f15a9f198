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

@Test func containsIgnoringCaseFoldsEveryLetterNotOnlyASCII() throws {
    let (_, database) = try makeTemporaryDatabase()
    func contains(_ text: String, _ part: String) throws -> Int64? {
        try database.read { (db) throws(DatabaseError) in
            try db.fetchOne("SELECT contains_ignoring_case(?, ?)", [.text(text), .text(part)]) {
                $0.isNull(at: 0) ? nil : $0.int64(at: 0)
            } ?? nil
        }
    }
    let cases: [(String, String, Int64)] = [
        ("Über alles", "über", 1), ("CAFÉ AU LAIT", "café", 1), ("Ελληνικά", "ΕΛΛ", 1), ("ПРИВЕТ мир", "привет", 1),
        // One code point or a letter and its accent: the same letter.
        ("Cafe\u{301}", "CAFÉ", 1), ("Hello World", "WORLD", 1), ("Hello World", "worlds", 0), ("abc", "abd", 0),
        ("anything", "", 1), ("", "x", 0), ("naïve", "naive", 0), ("x", "xx", 0),
        // A part may end inside a cluster, as SQLite's instr finds it.
        ("كَتَبَ", "ك", 1), ("किताब", "कित", 1), ("กรุงเทพ", "กร", 1), ("cafe\u{301}", "cafe", 1), ("👍🏽 ok", "👍", 1),
        // Unicode's folding: a final sigma, the sharp s.
        ("ΟΔΟΣ", "οδος", 1), ("οδός", "ΟΔΌΣ", 1), ("STRASSE", "straße", 1),
    ]
    for (text, part, expected) in cases { #expect(try contains(text, part) == expected, "\(text) \(part)") }
    let null = try database.read { (db) throws(DatabaseError) in
        try db.fetchOne("SELECT contains_ignoring_case(NULL, 'x') IS NULL, contains_ignoring_case(12345, 34)", []) {
            ($0.int64(at: 0), $0.int64(at: 1))
        }
    }
    #expect(null?.0 == 1 && null?.1 == 1)
    // The ASCII path agrees with folding every letter.
    var generator = SystemRandomNumberGenerator()
    let letters = Array("aAbBz@[`{ ")
    for _ in 0..<2_000 {
        let text = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in letters.randomElement()! })
        let part = String((0..<Int.random(in: 0...3, using: &generator)).map { _ in letters.randomElement()! })
        let expected: Int64 = part.isEmpty || text.lowercased().contains(part.lowercased()) ? 1 : 0
        #expect(try contains(text, part) == expected, "\(text) \(part)")
    }
}
