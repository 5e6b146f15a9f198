import StreamsTesting
import Testing

@testable import BaseServices
@testable import SQLiteProvider

@Test func theSmallestKeysAreKeptWhateverOrderTheyAreOfferedIn() {
    var generator = SeededGenerator(seed: 3)
    let keys = (0..<500).map {
        TodosBaseService.SortKey(
            group: 0, number: Int64.random(in: 0..<50, using: &generator), title: "", id: Int64($0))
    }
    for capacity in [0, 1, 60, 499, 500, 600] {
        var kept = TodosBaseService.SmallestKeys(capacity: capacity)
        for key in keys.shuffled(using: &generator) { kept.offer(key) }
        #expect(kept.sorted() == Array(keys.sorted().prefix(capacity)), "\(capacity)")
    }
}

@Test func sortKeysOrderTitlesAsSQLiteOrdersThemWithoutCase() throws {
    let fixture = try ServicesFixture()
    let titles = [
        "b", "B", "a", "Ä", "ä", "é", "e\u{301}", "E", "e", "Z", "_", "[", "z", "ab", "AB", "a b", "ß", "SS", "ss",
        "1", "10", "9", "😀", "a",
    ]
    _ = try value(fixture.todos.createMany(titles: titles))
    let (stored, ordered) = try fixture.database.read { (db) throws(DatabaseError) in
        let stored = try db.fetchAll("SELECT id, title FROM todos", []) {
            TodosBaseService.SortKey(group: 0, number: 0, title: $0.string(at: 1), id: $0.int64(at: 0))
        }
        let ordered = try db.fetchAll("SELECT id FROM todos ORDER BY \(TodosBaseService.orderClause(.title))", []) {
            $0.int64(at: 0)
        }
        return (stored, ordered)
    }
    #expect(stored.count == titles.count)
    #expect(stored.sorted().map(\.id) == ordered)
}
