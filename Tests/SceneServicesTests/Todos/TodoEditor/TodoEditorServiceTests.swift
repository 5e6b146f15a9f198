import BaseServices
import Domain
import Foundation
import Streams
import Testing

@testable import SceneServices

@Test func todoEditorServiceLoadsAStoredTodo() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let stored = try first(fixture.todos.create(title: "Milk", notes: "2 l", due: nil)).get()
    let loaded = try first(service.load(id: stored.id)).get()
    #expect(loaded?.title == "Milk")
    #expect(loaded?.notes == "2 l")
}

@Test func todoEditorServiceLoadOfAMissingTodoIsNil() throws {
    let fixture = try ServicesFixture()
    #expect(try first(TodoEditorService(todos: fixture.todos).load(id: 12)).get() == nil)
}

@Test func todoEditorServiceSaveWithoutAnIdentifierCreates() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let due = Date(timeIntervalSince1970: 1_798_675_200)
    let saved = try first(service.save(TodoFields(title: "Milk", notes: "2 l", dueAt: due), over: nil)).get()
    let stored = try first(fixture.todos.fetch(id: saved.id)).get()
    #expect(stored?.title == "Milk")
    #expect(stored?.dueAt == due)
}

@Test func todoEditorServiceSaveWithAnIdentifierUpdates() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let stored = try first(fixture.todos.create(title: "Milk", notes: "", due: nil)).get()
    _ = try first(service.save(TodoFields(title: "Oat milk", notes: "barista"), over: Todo(stored))).get()
    let updated = try first(fixture.todos.fetch(id: stored.id)).get()
    #expect(updated?.title == "Oat milk")
    #expect(updated?.notes == "barista")
}

@Test func todoEditorServiceSaveOfAMissingTodoFails() throws {
    let fixture = try ServicesFixture()
    let stored = try first(fixture.todos.create(title: "Tea", notes: "", due: nil)).get()
    _ = try first(fixture.todos.delete(id: stored.id)).get()
    let result = try first(
        TodoEditorService(todos: fixture.todos).save(TodoFields(title: "Green tea"), over: Todo(stored)))
    #expect(result == .failure(.gone(.todo)))
}

@Test func todoEditorServiceSaveKeepsAFieldAnotherProcessChangedMeanwhile() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let due = Date(timeIntervalSince1970: 1_798_675_200)
    let loaded = try first(fixture.todos.create(title: "Milk", notes: "", due: due)).get()
    // Another process renames the todo and takes its due date away while the editor is open.
    _ = try first(fixture.todos.update(id: loaded.id, title: "Oat milk", notes: "", due: nil)).get()
    // The editor changed only the notes.
    _ = try first(service.save(TodoFields(title: "Milk", notes: "2 l", dueAt: due), over: Todo(loaded))).get()
    let stored = try first(fixture.todos.fetch(id: loaded.id)).get()
    #expect(stored?.title == "Oat milk")
    #expect(stored?.notes == "2 l")
    #expect(stored?.dueAt == nil)
}

@Test func todoEditorServiceRefusesToOverwriteAFieldAnotherProcessChangedUnlessAskedTo() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let loaded = try first(fixture.todos.create(title: "Milk", notes: "", due: nil)).get()
    _ = try first(fixture.todos.update(id: loaded.id, title: "Soy milk", notes: "", due: nil)).get()
    let refused = try first(service.save(TodoFields(title: "Oat milk", notes: "2 l"), over: Todo(loaded)))
    guard case .failure(.changedElsewhere(let current)) = refused else {
        Issue.record("expected a refusal naming the todo as it is now, got \(refused)")
        return
    }
    #expect(current.title == "Soy milk")
    // Nothing of the refused save was written, not even the notes.
    #expect(try first(fixture.todos.fetch(id: loaded.id)).get()?.notes == "")
    // Shown that version, the person saves again; had it changed once more, this would fail.
    _ = try first(fixture.todos.update(id: loaded.id, title: "Rice milk", notes: "", due: nil)).get()
    let again = try first(
        service.save(TodoFields(title: "Oat milk", notes: "2 l"), over: Todo(loaded), overwriting: current))
    guard case .failure(.changedElsewhere(let newer)) = again else {
        Issue.record("a save over a version that changed again went through: \(again)")
        return
    }
    _ = try first(service.save(TodoFields(title: "Oat milk", notes: "2 l"), over: Todo(loaded), overwriting: newer))
        .get()
    let stored = try first(fixture.todos.fetch(id: loaded.id)).get()
    #expect(stored?.title == "Oat milk")
    #expect(stored?.notes == "2 l")
}

@Test func todoEditorServiceSavesWhenAnotherProcessMadeTheSameChange() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let loaded = try first(fixture.todos.create(title: "Milk", notes: "", due: nil)).get()
    _ = try first(fixture.todos.update(id: loaded.id, title: "Oat milk", notes: "", due: nil)).get()
    let saved = try first(service.save(TodoFields(title: "Oat milk", notes: "2 l"), over: Todo(loaded))).get()
    #expect(saved.notes == "2 l")
}

@Test func todoEditorServiceSavesTheAttributesOfTheTitleLineAndLeavesThemWhenUnchanged() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let home = TodoAttributes(tags: ["home"], priority: .low)
    let created = try first(service.save(TodoFields(title: "Paint", attributes: home), over: nil)).get()
    #expect(try first(fixture.todos.fetch(id: created.id)).get()?.attributes == home)
    let work = TodoAttributes(tags: ["work"], project: "office")
    _ = try first(service.save(TodoFields(title: "Paint", attributes: work), over: created)).get()
    let changed = try #require(try first(fixture.todos.fetch(id: created.id)).get())
    #expect(changed.attributes == work)
    // Another process sets a priority; a save of the notes alone keeps it.
    _ = try first(
        fixture.todos.update(id: created.id, TodoEdit(attributes: TodoAttributeChange(priority: .set(.high))))
    )
    .get()
    _ = try first(service.save(TodoFields(title: "Paint", notes: "blue", attributes: work), over: Todo(changed)))
        .get()
    #expect(try first(fixture.todos.fetch(id: created.id)).get()?.attributes.priority == .high)
    // A save that changes the tags writes the tags alone: the priority set elsewhere stays.
    let tagged = TodoAttributes(tags: ["work", "paint"], project: "office")
    _ = try first(service.save(TodoFields(title: "Paint", notes: "blue", attributes: tagged), over: Todo(changed)))
        .get()
    let merged = try #require(try first(fixture.todos.fetch(id: created.id)).get()?.attributes)
    #expect(merged == TodoAttributes(tags: ["work", "paint"], project: "office", priority: .high))
}
