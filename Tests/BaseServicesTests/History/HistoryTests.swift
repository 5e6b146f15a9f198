import Domain
import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// The todo history: every change can be undone and redone, exactly (every column, the order,
// the counts and the search index), also from another connection and after a restart.

private func everyTodo(_ database: SQLiteDatabase) throws -> [TodoObject] {
    try database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "SELECT \(TodosBaseService.columns) FROM todos ORDER BY id", [], decode: TodosBaseService.decode)
    }
}

private func counts(_ database: SQLiteDatabase) throws -> [Int64] {
    try database.read { (db) throws(DatabaseError) in
        [
            try db.fetchInt("SELECT total FROM todo_counts", []),
            try db.fetchInt("SELECT completed FROM todo_counts", []),
            try db.fetchInt("SELECT count(*) FROM todos", []),
            try db.fetchInt("SELECT count(*) FROM todos WHERE completed = 1", []),
        ]
    }
}

private func searchIDs(_ fixture: ServicesFixture, _ text: String) throws -> [Int64] {
    try value(fixture.todos.fetchWindow(TodoQuery(search: text))).todos.map(\.id).sorted()
}

/// Three todos, one done and one due, as a starting point.
private func seeded(_ searchIndex: SearchIndex? = nil) throws -> (ServicesFixture, [TodoObject]) {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    let milk = try value(fixture.todos.create(title: "Buy milk", notes: "semi-skimmed", due: nil))
    let bread = try value(
        fixture.todos.create(title: "Bake bread", notes: "", due: Date(storedMilliseconds: 86_400_000)))
    _ = try value(fixture.todos.create(title: "Call mum", notes: "Sunday", due: nil))
    _ = try value(fixture.todos.setCompleted(id: bread.id, true))
    _ = milk
    return (fixture, try everyTodo(fixture.database))
}

/// Undoes once and checks that every todo is as `before`; then redoes and checks `after`.
private func expectUndoRedo(
    _ fixture: ServicesFixture, before: [TodoObject], label: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let after = try everyTodo(fixture.database)
    let afterCounts = try counts(fixture.database)
    let undone = try value(fixture.history.undo())
    #expect(undone?.label == label, sourceLocation: sourceLocation)
    #expect(try everyTodo(fixture.database) == before, sourceLocation: sourceLocation)
    let restoredCounts = try counts(fixture.database)
    #expect(
        restoredCounts[0] == restoredCounts[2] && restoredCounts[1] == restoredCounts[3], sourceLocation: sourceLocation
    )
    let redone = try value(fixture.history.redo())
    #expect(redone?.label == label, sourceLocation: sourceLocation)
    #expect(try everyTodo(fixture.database) == after, sourceLocation: sourceLocation)
    #expect(try counts(fixture.database) == afterCounts, sourceLocation: sourceLocation)
}

@Test func undoingAnAddRemovesTheTodoAndRedoBringsItBackWithItsIdentifier() throws {
    let (fixture, before) = try seeded()
    _ = try value(fixture.todos.create(title: "Water plants", notes: "", due: nil))
    try expectUndoRedo(fixture, before: before, label: "add \"Water plants\"")
}

@Test func aStepsLabelQuotesTheWholeTitle() throws {
    let (fixture, before) = try seeded()
    let title = "Mark a todo done, then clear the done ones, then undo both of them"
    _ = try value(fixture.todos.create(title: title, notes: "", due: nil))
    try expectUndoRedo(fixture, before: before, label: "add \"\(title)\"")
}

@Test func aChangeThatChangesNothingIsNotAStep() throws {
    let (fixture, before) = try seeded()
    let milk = before[0]
    _ = try value(fixture.todos.setCompleted(id: milk.id, true))
    _ = try value(fixture.todos.setCompleted(id: milk.id, true))
    _ = try value(fixture.todos.update(id: milk.id, title: milk.title, notes: milk.notes, due: milk.dueAt))
    // One step: the first completion; undoing it reopens the todo as it was.
    #expect(try value(fixture.history.undo())?.label == "complete \"Buy milk\"")
    #expect(try everyTodo(fixture.database) == before)
    #expect(try value(fixture.history.undo())?.label != "complete \"Buy milk\"")
}

@Test func undoingAnEditRestoresTitleNotesDueDateAndTimestamps() throws {
    let (fixture, before) = try seeded()
    _ = try value(fixture.todos.update(id: before[0].id, title: "Buy oat milk", notes: "", due: Date()))
    try expectUndoRedo(fixture, before: before, label: "edit \"Buy oat milk\"")
}

@Test func undoingACompletionRestoresTheStateAndItsTime() throws {
    let (fixture, before) = try seeded()
    _ = try value(fixture.todos.toggle(id: before[0].id))
    try expectUndoRedo(fixture, before: before, label: "complete \"Buy milk\"")
    _ = try value(fixture.todos.setCompleted(id: before[1].id, false))
    try expectUndoRedo(
        fixture, before: try everyTodo(fixture.database).map { $0.id == before[1].id ? before[1] : $0 },
        label: "reopen \"Bake bread\"")
}

@Test func undoingADeleteBringsTheTodoBackAsItWasAndSearchFindsIt() throws {
    for searchIndex in [SearchIndex.words] + (Schema.sqliteHasFTS5 ? [.fts5] : []) {
        let (fixture, before) = try seeded(searchIndex)
        #expect(try searchIDs(fixture, "skimmed") == [before[0].id])
        _ = try value(fixture.todos.delete(id: before[0].id))
        #expect(try searchIDs(fixture, "skimmed") == [])
        try expectUndoRedo(fixture, before: before, label: "delete \"Buy milk\"")
        _ = try value(fixture.history.undo())
        #expect(try searchIDs(fixture, "skimmed") == [before[0].id], "\(searchIndex)")
    }
}

@Test func undoingCompleteAllAndClearCompletedRestoresEveryTodo() throws {
    let (fixture, before) = try seeded()
    #expect(try value(fixture.todos.toggleAll()) == 2)
    try expectUndoRedo(fixture, before: before, label: "complete 2 todos")
    let allDone = try everyTodo(fixture.database)
    #expect(try value(fixture.todos.clearCompleted()) == 3)
    try expectUndoRedo(fixture, before: allDone, label: "clear 3 done todos")
}

@Test func undoingAMoveRestoresTheOrder() throws {
    let (fixture, before) = try seeded()
    _ = try value(fixture.todos.reorder(id: before[2].id, after: nil))
    try expectUndoRedo(fixture, before: before, label: "move \"Call mum\"")
}

@Test func undoingAnAddOfManyRemovesThemAll() throws {
    let (fixture, before) = try seeded()
    #expect(try value(fixture.todos.createMany(titles: ["a", "b", "c"])) == 3)
    try expectUndoRedo(fixture, before: before, label: "add 3 todos")
}

// An add large enough to go in statements of many rows, with a count that no such statement
// divides, is undone and redone whole; one empty title among them, past the first statements,
// writes nothing.
@Test func undoingAnAddOfManyInStatementsOfManyRowsRemovesThemAll() throws {
    let (fixture, before) = try seeded()
    let count = 3 * TodosBaseService.rowsPerInsert + 5
    #expect(try value(fixture.todos.createMany(titles: (0..<count).map { "many \($0)" })) == count)
    try expectUndoRedo(fixture, before: before, label: "add \(count) todos")

    let titles = (0..<count).map { $0 == count - 3 ? " " : "more \($0)" }
    #expect(throws: DatabaseError.self) { try value(fixture.todos.createMany(titles: titles)) }
    #expect(try fixture.database.int("SELECT count(*) FROM todos WHERE title LIKE 'more %'") == 0)
}

@Test func undoStepsBackThroughSeveralChangesInOrder() throws {
    let fixture = try ServicesFixture()
    let empty = try everyTodo(fixture.database)
    let todo = try value(fixture.todos.create(title: "One", notes: "", due: nil))
    let created = try everyTodo(fixture.database)
    _ = try value(fixture.todos.update(id: todo.id, title: "Two", notes: "", due: nil))
    let edited = try everyTodo(fixture.database)
    _ = try value(fixture.todos.delete(id: todo.id))
    #expect(try value(fixture.history.undo())?.label == "delete \"Two\"")
    #expect(try everyTodo(fixture.database) == edited)
    #expect(try value(fixture.history.undo())?.label == "edit \"Two\"")
    #expect(try everyTodo(fixture.database) == created)
    #expect(try value(fixture.history.undo())?.label == "add \"One\"")
    #expect(try everyTodo(fixture.database) == empty)
    #expect(try value(fixture.history.undo()) == nil)
    #expect(try value(fixture.history.redo())?.label == "add \"One\"")
    #expect(try value(fixture.history.redo())?.label == "edit \"Two\"")
    #expect(try everyTodo(fixture.database) == edited)
}

@Test func aNewChangeAfterAnUndoLeavesNothingToRedo() throws {
    let (fixture, _) = try seeded()
    _ = try value(fixture.todos.create(title: "Extra", notes: "", due: nil))
    _ = try value(fixture.history.undo())
    _ = try value(fixture.todos.create(title: "Other", notes: "", due: nil))
    #expect(try value(fixture.history.redo()) == nil)
    #expect(try value(fixture.history.undo())?.label == "add \"Other\"")
}

@Test func changesThatTouchNothingAreNotRecorded() throws {
    let fixture = try ServicesFixture()
    #expect(try value(fixture.todos.toggleAll()) == 0)
    #expect(try value(fixture.todos.clearCompleted()) == 0)
    #expect(try value(fixture.todos.createMany(titles: [])) == 0)
    #expect(try value(fixture.history.undo()) == nil)
}

@Test func aFailedChangeLeavesNoHistory() throws {
    let (fixture, _) = try seeded()
    #expect(throws: DatabaseError.self) { try value(fixture.todos.delete(id: 999)) }
    #expect(throws: DatabaseError.self) { try value(fixture.todos.update(id: 999, title: "x", notes: "", due: nil)) }
    #expect(try value(fixture.history.undo())?.label == "complete \"Bake bread\"")
}

@Test func theHistoryKeepsTheLastTwoHundredChanges() throws {
    let fixture = try ServicesFixture()
    let todo = try value(fixture.todos.create(title: "Flip", notes: "", due: nil))
    for _ in 0..<(History.depth + 5) { _ = try value(fixture.todos.toggle(id: todo.id)) }
    var undone = 0
    while try value(fixture.history.undo()) != nil { undone += 1 }
    #expect(undone == History.depth)
    #expect(try fixture.database.int("SELECT count(*) FROM changes WHERE stack = 'undo'") == 0)
}

@Test func theHistoryIsSharedByEveryConnectionAndSurvivesAReopen() throws {
    let (fixture, before) = try seeded()
    _ = try value(fixture.todos.delete(id: before[2].id))
    // Another process: its own database connection and service over the same file.
    let (other, _) = try SQLiteDatabase.open(
        path: fixture.folder.file(), options: DatabaseOptions.rivulet, migrations: Schema.migrations())
    let otherHistory = HistoryBaseService(context: try ServiceContext.make(database: other) { Date() })
    #expect(try value(otherHistory.undo())?.label == "delete \"Call mum\"")
    #expect(try everyTodo(fixture.database) == before)
    #expect(try value(otherHistory.undo())?.label == "complete \"Bake bread\"")
    #expect(try value(fixture.history.redo())?.label == "complete \"Bake bread\"")
    #expect(try everyTodo(other) == before)
}

@Test func forgettingTheHistoryLeavesNothingToUndoOrRedo() throws {
    let (fixture, before) = try seeded()
    _ = try value(fixture.todos.delete(id: before[0].id))
    _ = try value(fixture.history.undo())
    try value(fixture.history.forgetHistory())
    #expect(try value(fixture.history.undo()) == nil)
    #expect(try value(fixture.history.redo()) == nil)
    #expect(try fixture.database.int("SELECT count(*) FROM todo_change_rows") == 0)
    #expect(try everyTodo(fixture.database) == before)
}

@Test func undoingALargeAddRemovesEveryTodoItAdded() throws {
    let (fixture, before) = try seeded()
    #expect(try value(fixture.todos.createMany(titles: (0..<5000).map { "Bulk \($0)" })) == 5000)
    // The 5,000 new todos, and the four changes of `seeded()`.
    #expect(try fixture.database.int("SELECT count(*) FROM todo_change_rows") == 5000 + 4)
    #expect(try value(fixture.history.undo())?.todoCount == 5000)
    #expect(try everyTodo(fixture.database) == before)
}

@Test func undoingABulkActionOnTheShownTodosRestoresThemAndTouchesNoOther() throws {
    let (fixture, before) = try seeded()
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(search: "buy"))) == 1)
    #expect(try value(fixture.todos.clearCompleted(matching: TodoQuery(search: "bake"))) == 1)
    #expect(try value(fixture.history.undo())?.label == "clear 1 done todo")
    #expect(try value(fixture.history.undo())?.label == "complete 1 todo")
    #expect(try everyTodo(fixture.database) == before)
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(search: "nothing matches"))) == 0)
    #expect(try value(fixture.history.undo())?.label == "complete \"Bake bread\"")
}

@Test func aStepNamesItsActionAndTheWholeTitleItQuotesApart() {
    let single = HistoryStepObject(label: "edit \"Say \"hi\" to Ann\"", todoCount: 1, madeAt: Date())
    #expect(single.action == "edit")
    #expect(single.subject == "Say \"hi\" to Ann")
    let bulk = HistoryStepObject(label: "complete 3 todos", todoCount: 3, madeAt: Date())
    #expect(bulk.action == "complete 3 todos")
    #expect(bulk.subject == nil)
    let feed = HistoryStepObject(label: "remove feed \"\"", todoCount: 0, madeAt: Date())
    #expect(feed.action == "remove feed")
    #expect(feed.subject == "")
}

@Test func createdModifiedAndCompletedMomentsFollowEachChangeAndComeBackWithUndoAndRedo() throws {
    let fixture = try ServicesFixture()
    let added = try value(fixture.todos.create(title: "Buy milk", notes: "", due: nil))
    #expect(added.updatedAt == added.createdAt && added.completedAt == nil)
    let edited = try value(fixture.todos.update(id: added.id, TodoEdit(notes: "oat")))
    #expect(edited.createdAt == added.createdAt && edited.updatedAt > added.updatedAt)
    let done = try value(fixture.todos.setCompleted(id: added.id, true))
    let completedAt = try #require(done.completedAt)
    #expect(completedAt > edited.updatedAt && done.updatedAt == completedAt)
    _ = try value(fixture.history.undo())
    #expect(try value(fixture.todos.fetch(id: added.id)) == edited)
    _ = try value(fixture.history.redo())
    #expect(try value(fixture.todos.fetch(id: added.id)) == done)
    let reopened = try value(fixture.todos.setCompleted(id: added.id, false))
    #expect(reopened.completedAt == nil && reopened.createdAt == added.createdAt)
}
