import Foundation
import SQLiteProvider
import Streams
import Testing

// The code of `Records.md`, as the article shows it, so that it compiles and does what the
// article says.

private struct Habit: Codable, Sendable, FetchableRecord, PersistableRecord {
    enum Kind: String, Codable, SQLValueConvertible {
        case daily, weekly
    }

    static let databaseTableName = "habit"
    var id: Int64?
    var name: String
    var kind: Kind
    var startedOn: Date?

    mutating func didInsert(rowID: Int64) { id = rowID }
}

private struct Membership: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "membership"
    static let primaryKeyColumns = ["habit_id", "group_id"]
    var habit_id: Int64
    var group_id: Int64
    var role: String?
}

private enum Priority: Int, SQLValueConvertible {
    case low = 0, high = 1
}

private func habits() throws -> SQLiteDatabase {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("habits") { db in
        try db.executeScript(
            """
            CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, startedOn TEXT,
                priority INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE membership (habit_id INTEGER NOT NULL, group_id INTEGER NOT NULL, role TEXT,
                PRIMARY KEY (habit_id, group_id));
            """)
    }
    return try SQLiteDatabase.openTemporary(migrator: migrator)
}

@Test func theRecordsArticleSnippetsRunAsDescribed() async throws {
    let database = try habits()
    defer { database.close() }
    let bag = DisposeBag()

    let saved = try database.write { db in
        var run = try db.insert(Habit(id: nil, name: "Run", kind: .daily))  // run.id is the new rowid
        run.kind = .weekly
        try db.update(run)  // by primary key; no such row is .notFound
        try db.upsert(Habit(id: 7, name: "Read", kind: .daily))  // insert, or update row 7
        _ = try db.delete(Habit.self, key: 7)  // true: a row was deleted
        return run
    }
    let stored = try database.read { db in try db.fetchOne(Habit.self, key: saved.id) }
    #expect(saved.id == 1)
    #expect(stored?.kind == .weekly)

    try database.write { db in try db.insert(Membership(habit_id: 1, group_id: 2, role: "owner")) }
    let membership = try database.read { db in
        try db.fetchOne(Membership.self, key: ["habit_id": 1, "group_id": 2])
    }
    #expect(membership?.role == "owner")

    try database.write { db in
        try db.execute("UPDATE habit SET priority = \(Priority.high) WHERE id = \(1)")
    }
    let priorities = try database.read { db in
        try db.fetchAll("SELECT priority FROM habit") { (row) throws(DatabaseError) -> Priority in try row[0] }
    }
    #expect(priorities == [.high])

    database.writeSingle { db in try db.insert(Habit(id: nil, name: "Swim", kind: .daily)) }
        .subscribe(onSuccess: { habit in print("added", habit.name) }, onFailure: { error in print(error) })
        .disposed(by: bag)

    database.writeCompletable { db in _ = try db.delete(Habit.self, key: 3) }
        .subscribe(onError: { error in print(error) })
        .disposed(by: bag)

    let swim = try await database.asyncWrite { db in
        try db.insert(Habit(id: nil, name: "Swim", kind: .weekly))
    }
    #expect(swim.id == 3)
    #expect(try database.read { db in try db.fetchInt("SELECT count(*) FROM habit") } == 3)
    database.waitForPendingWork()
}
