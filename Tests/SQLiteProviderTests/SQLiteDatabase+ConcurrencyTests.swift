import Dispatch
import Foundation
import SQLiteProvider
import Streams
import TestMeasures
import Testing

/// How many notes there are and how many are pinned.
private struct NoteCounts: Equatable, Sendable {
    var total: Int64
    var pinned: Int64
}

private func counts(_ db: Connection) throws(DatabaseError) -> NoteCounts {
    NoteCounts(
        total: try db.fetchInt("SELECT count(*) FROM notes", []),
        pinned: try db.fetchInt("SELECT count(*) FROM notes WHERE pinned = 1", []))
}

/// The first 20 titles of the notes that are not pinned, in title order.
private func window(_ db: Connection) throws(DatabaseError) -> [String] {
    try db.fetchAll("SELECT title FROM notes WHERE pinned = 0 ORDER BY title, id LIMIT 20") { $0.string(at: 0) }
}

@Test func concurrentWritersAndObserversEndOnTheFinalState() throws {
    let (_, database) = try makeTemporaryDatabase()
    let scheduler = ImmediateScheduler()
    let observedCounts = Recorder(database.observe(on: scheduler) { (db) throws(DatabaseError) in try counts(db) })
    let pinned = Recorder(
        database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try db.fetchInt("SELECT count(*) FROM notes WHERE pinned = 1", [])
        })
    let observedWindow = Recorder(database.observe(on: scheduler) { (db) throws(DatabaseError) in try window(db) })
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
        var generator = SystemRandomNumberGenerator()
        var mine: [Int64] = []
        for step in 0..<40 {
            do {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !mine.isEmpty:
                    let id = mine.randomElement(using: &generator) ?? 0
                    try database.write { (db) throws(DatabaseError) in
                        try db.execute("UPDATE notes SET pinned = 1 - pinned WHERE id = ?", [.integer(id)])
                    }
                case 1 where !mine.isEmpty:
                    let id = mine.remove(at: Int.random(in: 0..<mine.count, using: &generator))
                    try database.write { (db) throws(DatabaseError) in
                        try db.execute("DELETE FROM notes WHERE id = ?", [.integer(id)])
                    }
                default:
                    let id = try database.write { (db) throws(DatabaseError) in
                        try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("w\(writer) s\(step)")])
                        return db.lastInsertedRowID
                    }
                    mine.append(id)
                }
            } catch {
                failures.increment()
            }
        }
    }
    database.settle()
    let finalCounts = try database.read { (db) throws(DatabaseError) in try counts(db) }
    let finalWindow = try database.read { (db) throws(DatabaseError) in try window(db) }
    #expect(failures.value == 0)
    #expect(finalCounts.total > 0)
    #expect(observedCounts.values.last == .success(finalCounts))
    #expect(pinned.values.last == .success(finalCounts.pinned))
    #expect(observedWindow.values.last == .success(finalWindow))
    observedCounts.dispose()
    pinned.dispose()
    observedWindow.dispose()
}
