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
    let saved = try first(service.save(TodoFields(title: "Milk", notes: "2 l", dueAt: due), id: nil)).get()
    let stored = try first(fixture.todos.fetch(id: saved.id)).get()
    #expect(stored?.title == "Milk")
    #expect(stored?.dueAt == due)
}

@Test func todoEditorServiceSaveWithAnIdentifierUpdates() throws {
    let fixture = try ServicesFixture()
    let service = TodoEditorService(todos: fixture.todos)
    let stored = try first(fixture.todos.create(title: "Milk", notes: "", due: nil)).get()
    _ = try first(service.save(TodoFields(title: "Oat milk", notes: "barista"), id: stored.id)).get()
    let updated = try first(fixture.todos.fetch(id: stored.id)).get()
    #expect(updated?.title == "Oat milk")
    #expect(updated?.notes == "barista")
}

@Test func todoEditorServiceSaveOfAMissingTodoFails() throws {
    let fixture = try ServicesFixture()
    let result = try first(TodoEditorService(todos: fixture.todos).save(TodoFields(title: "Tea"), id: 40))
    guard case .failure = result else {
        Issue.record("saving a missing todo succeeded: \(result)")
        return
    }
}
