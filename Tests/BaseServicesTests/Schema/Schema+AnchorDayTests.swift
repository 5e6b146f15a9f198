import Domain
import Foundation
import Streams
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

private func due(_ text: String) throws -> Int64 {
    try #require(DueDay(text)).date.storedMilliseconds
}

@Test(arguments: [SearchIndex.fts5, .words])
func anchorDayMigrationUpgradesADatabaseOfThePreviousSchemaInPlaceAnchoringEachSeriesOnItsDueDay(
    searchIndex: SearchIndex
) throws {
    // A database as the previous version wrote it: a monthly todo due on the 31st, one that
    // already drifted to the 28th, one that does not recur, and a yearly one deleted, its row
    // waiting in the history.
    let rows: [(String, Int64, String?)] = [
        ("Rent", try due("2027-01-31"), "monthly"), ("Water bill", try due("2027-03-28"), "monthly"),
        ("Dentist", try due("2027-01-31"), nil), ("Birthday", try due("2028-02-29"), "yearly"),
    ]
    let database = try upgradedPastStep("recurring todos keep their day", searchIndex: searchIndex) { old in
        try old.write { (db) throws(DatabaseError) in
            for (index, (title, dueAt, recurrence)) in rows.enumerated() {
                try db.execute(
                    "INSERT INTO todos(title, created_at, updated_at, position, due_at, recurrence) VALUES (?, 1, 1, ?, ?, ?)",
                    [.text(title), .integer(Int64(index + 1)), .integer(dueAt), .text(recurrence)])
                if searchIndex == .words {
                    try SearchText.indexWords(of: db.lastInsertedRowID, title: title, notes: "", in: db)
                }
            }
            try db.execute("INSERT INTO changes(stack, label, made_at) VALUES ('undo', 'delete \"Birthday\"', 2)")
            let columns =
                "title, notes, completed, created_at, updated_at, completed_at, position, due_at, tags, project, priority, "
                + "recurrence"
            try db.execute(
                """
                INSERT INTO todo_change_rows(change_id, todo_id, present, \(columns))
                SELECT ?, id, 1, \(columns) FROM todos WHERE id = 4
                """,
                [.integer(db.lastInsertedRowID)])
            try db.execute("DELETE FROM todos WHERE id = 4")
        }
    }
    #expect(try database.int("PRAGMA user_version") == Int64(Schema.migrations().count))
    let context = try ServiceContext.make(database: database)
    let todos = TodosBaseService(context: context)
    let stored = try value(todos.fetchWindow(TodoQuery())).todos
    #expect(stored.map(\.title) == ["Rent", "Water bill", "Dentist"])
    #expect(stored.map(\.anchorDay) == [31, 28, nil])
    // The series on the 31st now comes back to it after February.
    _ = try value(todos.setCompleted(id: 1, true))
    let february = try #require(try value(todos.fetchWindow(TodoQuery(filter: .active))).todos.last)
    #expect(february.dueAt.map { DueDay($0).description } == "2027-02-28")
    _ = try value(todos.setCompleted(id: february.id, true))
    let march = try #require(try value(todos.fetchWindow(TodoQuery(filter: .active))).todos.last)
    #expect(march.dueAt.map { DueDay($0).description } == "2027-03-31")
    // The deleted yearly todo comes back anchored on the 29th, and finds it in 2032.
    let history = HistoryBaseService(context: context)
    for _ in 0..<2 { _ = try value(history.undo()) }
    #expect(try value(history.undo())?.label == "delete \"Birthday\"")
    let birthday = try #require(try value(todos.fetch(id: 4)))
    #expect(birthday.anchorDay == 29)
    #expect(
        birthday.attributes.recurrence?.next(afterDue: try #require(birthday.dueAt), anchorDay: birthday.anchorDay)
            .description
            == "2029-02-28")
    #expect(
        try database.read { (db) throws(DatabaseError) in try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) }
        } == "ok")
}
