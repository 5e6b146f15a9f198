import Domain
import Foundation
import Streams
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

private func titles(_ window: TodoPageObject) -> [String] { window.todos.map(\.title) }

@discardableResult
private func create(
    _ fixture: ServicesFixture, _ title: String, notes: String = "", due: Date? = nil
) throws
    -> TodoObject
{
    try value(fixture.todos.create(title: title, notes: notes, due: due))
}

private func kind<T>(of result: Result<T, DatabaseError>?) -> DatabaseError.Kind? {
    guard case .failure(let error) = result else { return nil }
    return error.kind
}

@Test func createStoresATodoAtTheEndOfTheManualOrder() throws {
    let fixture = try ServicesFixture()
    let first = try create(fixture, "  First  ", notes: "n", due: Date(storedMilliseconds: 5_000))
    let second = try create(fixture, "Second")
    #expect(first.title == "First")
    #expect(first.notes == "n")
    #expect(first.dueAt == Date(storedMilliseconds: 5_000))
    #expect(!first.isCompleted)
    #expect(first.completedAt == nil)
    #expect(second.position > first.position)
    #expect(second.createdAt > first.createdAt)
}

@Test func createRefusesAnEmptyTitle() throws {
    let fixture = try ServicesFixture()
    #expect(kind(of: firstResult(fixture.todos.create(title: " \n", notes: "", due: nil))) == .invalidValue)
    #expect(try fixture.database.int("SELECT count(*) FROM todos") == 0)
}

@Test func createRunsOnlyWhenSubscribed() throws {
    let fixture = try ServicesFixture()
    let pending = fixture.todos.create(title: "Later", notes: "", due: nil)
    #expect(try fixture.database.int("SELECT count(*) FROM todos") == 0)
    _ = try value(pending)
    #expect(try fixture.database.int("SELECT count(*) FROM todos") == 1)
}

@Test func createManyStoresEveryTitleInOrderAfterTheExistingTodos() throws {
    let fixture = try ServicesFixture()
    try create(fixture, "Existing")
    #expect(try value(fixture.todos.createMany(titles: ["One", "Two", "Three"])) == 3)
    let stored = try value(
        fixture.todos.fetchWindow(TodoQuery(sort: .manual)))
    #expect(titles(stored) == ["Existing", "One", "Two", "Three"])
}

@Test func createManyWithOneEmptyTitleWritesNothing() throws {
    let fixture = try ServicesFixture()
    #expect(kind(of: firstResult(fixture.todos.createMany(titles: ["Fine", "  "]))) == .invalidValue)
    #expect(try fixture.database.int("SELECT count(*) FROM todos") == 0)
}

@Test func updateReplacesTitleNotesAndDueDate() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "Old", notes: "old", due: Date(storedMilliseconds: 1_000))
    let updated = try value(fixture.todos.update(id: todo.id, title: "New", notes: "new", due: nil))
    #expect(updated.title == "New")
    #expect(updated.notes == "new")
    #expect(updated.dueAt == nil)
    #expect(updated.updatedAt > todo.updatedAt)
}

@Test func updateWritesOnlyTheFieldsTheEditNamesOverWhatIsStoredNow() throws {
    let fixture = try ServicesFixture()
    let due = Date(storedMilliseconds: 1_000)
    let todo = try create(fixture, "Milk", notes: "", due: due)
    // Another writer renames it after this caller read it; the caller then edits the notes only.
    _ = try value(fixture.todos.update(id: todo.id, TodoEdit(title: "Oat milk")))
    let updated = try value(fixture.todos.update(id: todo.id, TodoEdit(notes: "2 l")))
    #expect([updated.title, updated.notes] == ["Oat milk", "2 l"])
    #expect(updated.dueAt == due)
    #expect(try value(fixture.todos.update(id: todo.id, TodoEdit(due: .remove))).dueAt == nil)
    #expect(try value(fixture.todos.update(id: todo.id, TodoEdit(due: .set(due)))).dueAt == due)
    #expect(kind(of: firstResult(fixture.todos.update(id: todo.id, TodoEdit(title: " \t")))) == .invalidValue)
}

@Test func updateWithWhatWasReadRefusesToOverwriteAFieldChangedSinceButNotTheOthers() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "Milk", notes: "", due: nil)
    let read = TodoEdit.Fields(title: todo.title, notes: todo.notes, dueAt: todo.dueAt)
    _ = try value(fixture.todos.update(id: todo.id, TodoEdit(notes: "from elsewhere")))
    // The notes changed since they were read: an edit of them is refused, and writes nothing.
    let refused = firstResult(
        fixture.todos.update(id: todo.id, TodoEdit(title: "Oat milk", notes: "2 l", readAs: read)))
    #expect(kind(of: refused) == .conflict)
    #expect(try value(fixture.todos.fetch(id: todo.id))?.title == "Milk")
    // An edit of the title alone, which nobody else changed, goes through.
    let renamed = try value(fixture.todos.update(id: todo.id, TodoEdit(title: "Oat milk", readAs: read)))
    #expect([renamed.title, renamed.notes] == ["Oat milk", "from elsewhere"])
}

@Test func updateOfAMissingTodoIsNotFound() throws {
    let fixture = try ServicesFixture()
    #expect(kind(of: firstResult(fixture.todos.update(id: 42, title: "x", notes: "", due: nil))) == .notFound)
}

@Test func toggleFlipsCompletionAndItsTime() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "Flip")
    let done = try value(fixture.todos.toggle(id: todo.id))
    #expect(done.isCompleted)
    #expect(done.completedAt != nil)
    let undone = try value(fixture.todos.toggle(id: todo.id))
    #expect(!undone.isCompleted)
    #expect(undone.completedAt == nil)
}

@Test func setCompletedKeepsTheFirstCompletionTime() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "Once")
    let first = try value(fixture.todos.setCompleted(id: todo.id, true))
    let again = try value(fixture.todos.setCompleted(id: todo.id, true))
    #expect(again.completedAt == first.completedAt)
    #expect(kind(of: firstResult(fixture.todos.setCompleted(id: 999, true))) == .notFound)
}

@Test func toggleAllCompletesEverythingThenReopensEverything() throws {
    let fixture = try ServicesFixture()
    let a = try create(fixture, "a")
    try create(fixture, "b")
    _ = try value(fixture.todos.toggle(id: a.id))
    #expect(try value(fixture.todos.toggleAll()) == 1)
    #expect(try fixture.database.int("SELECT count(*) FROM todos WHERE completed = 1") == 2)
    #expect(try value(fixture.todos.toggleAll()) == 2)
    #expect(try fixture.database.int("SELECT count(*) FROM todos WHERE completed = 0") == 2)
}

@Test func deleteRemovesTheTodoAndReturnsIt() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "Gone")
    #expect(try value(fixture.todos.delete(id: todo.id)) == todo)
    #expect(try value(fixture.todos.fetch(id: todo.id)) == nil)
    #expect(kind(of: firstResult(fixture.todos.delete(id: todo.id))) == .notFound)
}

@Test func clearCompletedDeletesOnlyDoneTodos() throws {
    let fixture = try ServicesFixture()
    let done = try create(fixture, "done")
    try create(fixture, "open")
    _ = try value(fixture.todos.toggle(id: done.id))
    #expect(try value(fixture.todos.clearCompleted()) == 1)
    #expect(titles(try value(fixture.todos.fetchWindow(TodoQuery()))) == ["open"])
}

@Test func reorderMovesATodoAfterAnotherOrToTheTop() throws {
    let fixture = try ServicesFixture()
    let a = try create(fixture, "a")
    try create(fixture, "b")
    let c = try create(fixture, "c")
    _ = try value(fixture.todos.reorder(id: c.id, after: a.id))
    #expect(titles(try value(fixture.todos.fetchWindow(TodoQuery(sort: .manual)))) == ["a", "c", "b"])
    _ = try value(fixture.todos.reorder(id: c.id, after: nil))
    #expect(titles(try value(fixture.todos.fetchWindow(TodoQuery(sort: .manual)))) == ["c", "a", "b"])
}

@Test func reorderRenumbersWhenNeighboursLeaveNoRoom() throws {
    let fixture = try ServicesFixture()
    let a = try create(fixture, "a")
    let b = try create(fixture, "b")
    // Halving the gap between a and b eleven times uses up its 1024 positions.
    var moving = [try create(fixture, "m0")]
    _ = try value(fixture.todos.reorder(id: moving[0].id, after: a.id))
    for index in 1...11 {
        let next = try create(fixture, "m\(index)")
        _ = try value(fixture.todos.reorder(id: next.id, after: a.id))
        moving.append(next)
    }
    let order = titles(try value(fixture.todos.fetchWindow(TodoQuery(sort: .manual))))
    #expect(order == ["a"] + (0...11).reversed().map { "m\($0)" } + ["b"])
    #expect(try value(fixture.todos.fetch(id: b.id))?.title == "b")
}

@Test func fetchWindowFiltersByState() throws {
    let fixture = try ServicesFixture()
    let done = try create(fixture, "done")
    try create(fixture, "open")
    _ = try value(fixture.todos.toggle(id: done.id))
    #expect(titles(try value(fixture.todos.fetchWindow(TodoQuery(filter: .active)))) == ["open"])
    #expect(titles(try value(fixture.todos.fetchWindow(TodoQuery(filter: .completed)))) == ["done"])
    #expect(try value(fixture.todos.fetchWindow(TodoQuery(filter: .all))).totalCount == 2)
}

@Test func fetchWindowSortsByEveryOrder() throws {
    let fixture = try ServicesFixture()
    try create(fixture, "beta", due: Date(storedMilliseconds: 2_000))
    try create(fixture, "Alpha")
    try create(fixture, "gamma", due: Date(storedMilliseconds: 1_000))
    let sorted = { (sort: TodoSort) throws -> [String] in
        titles(try value(fixture.todos.fetchWindow(TodoQuery(sort: sort))))
    }
    #expect(try sorted(.created) == ["beta", "Alpha", "gamma"])
    #expect(try sorted(.manual) == ["beta", "Alpha", "gamma"])
    #expect(try sorted(.title) == ["Alpha", "beta", "gamma"])
    #expect(try sorted(.dueDate) == ["gamma", "beta", "Alpha"])
}

@Test func fetchWindowReturnsTheRequestedSliceAndTheMatchingCount() throws {
    let fixture = try ServicesFixture()
    for index in 0..<10 { try create(fixture, "todo \(index)") }
    let window = try value(fixture.todos.fetchWindow(TodoQuery(offset: 3, limit: 4)))
    #expect(titles(window) == ["todo 3", "todo 4", "todo 5", "todo 6"])
    #expect(window.totalCount == 10)
    #expect(window.offset == 3)
}

@Test(arguments: [SearchIndex.fts5, .words])
func searchMatchesWordPrefixesInTitleAndNotesIgnoringCaseAndAccents(searchIndex: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    try create(fixture, "Buy milk")
    try create(fixture, "Call Zoë", notes: "about the Café")
    try create(fixture, "Milkshake recipe")
    try create(fixture, "Nothing")
    let search = { (text: String) throws -> [String] in
        titles(try value(fixture.todos.fetchWindow(TodoQuery(search: text, sort: .created))))
    }
    #expect(try search("milk") == ["Buy milk", "Milkshake recipe"])
    #expect(try search("MILK bu") == ["Buy milk"])
    #expect(try search("zoe cafe") == ["Call Zoë"])
    #expect(try search("\"milk* OR") == [])
    #expect(try search("  ") == ["Buy milk", "Call Zoë", "Milkshake recipe", "Nothing"])
}

@Test(arguments: [SearchIndex.fts5, .words])
func searchFollowsUpdatesAndDeletes(searchIndex: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    let todo = try create(fixture, "Paint fence")
    _ = try value(fixture.todos.update(id: todo.id, title: "Paint door", notes: "", due: nil))
    #expect(try value(fixture.todos.fetchWindow(TodoQuery(search: "fence"))).todos.isEmpty)
    #expect(try value(fixture.todos.fetchWindow(TodoQuery(search: "door"))).totalCount == 1)
    _ = try value(fixture.todos.delete(id: todo.id))
    #expect(try value(fixture.todos.fetchWindow(TodoQuery(search: "door"))).todos.isEmpty)
}

@Test func observeCountsFollowsWrites() throws {
    let fixture = try ServicesFixture()
    let recorder = Recorder(fixture.todos.observeCounts(on: ImmediateScheduler()))
    let todo = try create(fixture, "a")
    fixture.database.settle()
    _ = try value(fixture.todos.toggle(id: todo.id))
    fixture.database.settle()
    #expect(
        recorder.successes() == [
            TodoTally(active: 0, completed: 0), TodoTally(active: 1, completed: 0),
            TodoTally(active: 0, completed: 1),
        ])
    recorder.dispose()
}

@Test func observeActiveCountIgnoresChangesThatKeepIt() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "a")
    let recorder = Recorder(fixture.todos.observeActiveCount(on: ImmediateScheduler()))
    _ = try value(fixture.todos.update(id: todo.id, title: "b", notes: "", due: nil))
    fixture.database.settle()
    _ = try value(fixture.todos.toggle(id: todo.id))
    fixture.database.settle()
    #expect(recorder.successes() == [1, 0])
    recorder.dispose()
}

@Test func observeWindowFollowsTheQuery() throws {
    let fixture = try ServicesFixture()
    try create(fixture, "apple")
    let recorder = Recorder(fixture.todos.observeWindow(search: "ban", on: ImmediateScheduler()))
    try create(fixture, "banana")
    fixture.database.settle()
    #expect(recorder.successes().map(titles) == [[], ["banana"]])
    recorder.dispose()
}

@Test func observeTodoSendsNilOnceDeleted() throws {
    let fixture = try ServicesFixture()
    let todo = try create(fixture, "short-lived")
    let recorder = Recorder(fixture.todos.observeTodo(id: todo.id, on: ImmediateScheduler()))
    _ = try value(fixture.todos.delete(id: todo.id))
    fixture.database.settle()
    #expect(recorder.successes() == [todo, nil])
    recorder.dispose()
}

@Test func insertCreatesManyTodosInOrder() throws {
    let fixture = try ServicesFixture()
    let count = try fixture.todos.insert((0..<50).map { TodoDraft(title: "bulk \($0)", isCompleted: $0 % 2 == 0) })
    #expect(count == 50)
    let window = try value(fixture.todos.fetchWindow(TodoQuery(filter: .completed, limit: 3)))
    #expect(titles(window) == ["bulk 0", "bulk 2", "bulk 4"])
    #expect(window.totalCount == 25)
}

/// Drafts whose every inserted value differs from its neighbours': notes, state, due date, tags,
/// project, priority and recurrence.
private func variedDrafts(_ count: Int) -> [TodoDraft] {
    (0..<count).map { index in
        TodoDraft(
            title: "draft \(index)", notes: index % 3 == 0 ? "notes of \(index)" : "",
            dueAt: index % 4 == 0 ? nil : Date(storedMilliseconds: 1_800_000_000_000 + Int64(index) * 86_400_000),
            isCompleted: index % 5 == 0,
            attributes: TodoAttributes(
                tags: index % 2 == 0 ? ["t\(index % 7)"] : [], project: index % 6 == 0 ? "p\(index)" : nil,
                priority: TodoPriority.allCases[index % TodoPriority.allCases.count],
                recurrence: index % 8 == 1 ? Recurrence(every: 1 + index % 3, .week) : nil))
    }
}

/// What a stored todo holds apart from the times it was written.
private struct StoredValues: Equatable {
    let id: Int64, title: String, notes: String, isCompleted: Bool, isCompletedAtSet: Bool, position: Int64
    let dueAt: Date?, attributes: TodoAttributes

    init(_ todo: TodoObject) {
        (id, title, notes, isCompleted, isCompletedAtSet) = (
            todo.id, todo.title, todo.notes, todo.isCompleted, todo.completedAt != nil
        )
        (position, dueAt, attributes) = (todo.position, todo.dueAt, todo.attributes)
    }
}

private func storedValues(_ database: SQLiteDatabase) throws -> [StoredValues] {
    try database.read { (db) throws(DatabaseError) in
        try db.fetchAll(
            "SELECT \(TodosBaseService.columns) FROM todos ORDER BY id", [], decode: TodosBaseService.decode)
    }.map(StoredValues.init)
}

// Most of a large insert goes in statements of many rows: every value must land in its own
// todo's row, as when each todo is inserted alone, with either search index.
@Test(arguments: [SearchIndex.fts5, .words])
func anInsertOfManyDraftsStoresWhatInsertingEachAloneStores(searchIndex: SearchIndex) throws {
    let count = 2 * TodosBaseService.rowsPerInsert + 22
    let drafts = variedDrafts(count)
    let together = try ServicesFixture(searchIndex: searchIndex)
    try create(together, "Existing")
    #expect(try together.todos.insert(drafts) == count)
    let alone = try ServicesFixture(searchIndex: searchIndex)
    try create(alone, "Existing")
    for draft in drafts { #expect(try alone.todos.insert([draft]) == 1) }

    let stored = try storedValues(together.database)
    #expect(stored.count == count + 1)
    #expect(stored == (try storedValues(alone.database)))
    #expect(stored.map(\.id) == Array(stored[0].id...stored[0].id + Int64(count)))
    for word in ["draft", "notes", "12"] {
        let query = TodoQuery(filter: .all, search: word, sort: .manual, limit: count + 1)
        #expect(
            titles(try value(together.todos.fetchWindow(query))) == titles(try value(alone.todos.fetchWindow(query))),
            "\(searchIndex) \(word)")
    }
}

@Test func deletingTheNewestTodoDoesNotGiveItsIdentifierToTheNextOne() throws {
    let fixture = try ServicesFixture()
    try create(fixture, "Kept")
    let newest = try create(fixture, "Removed")
    _ = try value(fixture.todos.delete(id: newest.id))
    let next = try create(fixture, "Next")
    #expect(next.id > newest.id)
}
