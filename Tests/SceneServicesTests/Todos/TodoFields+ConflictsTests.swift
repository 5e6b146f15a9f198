import Foundation
import SceneServices
import Testing

private let day = Date(timeIntervalSince1970: 1_795_000_000)

@Test func conflictsNameOnlyTheFieldsThePersonChangedThatChangedElsewhere() {
    let stored = Todo(id: 7, title: "Milk", notes: "", createdAt: day)
    let now = Todo(id: 7, title: "Soy milk", notes: "from elsewhere", createdAt: day, dueAt: day)
    let conflicts = TodoFields(title: "Milk", notes: "2 l", dueAt: nil).conflicts(over: stored, seen: nil, now: now)
    // The title changed elsewhere but not here: it is not named, nor is the due date.
    #expect(conflicts == ["the notes were changed"])
}

@Test func conflictsCountFromTheTodoAsLastSeenAndNoneForANewTodo() {
    let stored = Todo(id: 7, title: "Milk", notes: "", createdAt: day)
    let seen = Todo(id: 7, title: "Soy milk", notes: "", createdAt: day)
    let now = Todo(id: 7, title: "Rice milk", notes: "", createdAt: day)
    let fields = TodoFields(title: "Oat milk", notes: "", dueAt: nil)
    #expect(fields.conflicts(over: stored, seen: seen, now: now) == ["the title is now “Rice milk”"])
    #expect(fields.conflicts(over: stored, seen: now, now: now).isEmpty)
    #expect(fields.conflicts(over: nil, seen: nil, now: now).isEmpty)
}
