import Domain
import SceneServices
import Testing

@testable import ViewModels

private func loaded(_ todo: Todo, dueDays: DueDayParser = .current()) -> Editor.State {
    Editor.State(id: todo.id, dueDays: dueDays).after(.loaded(.success(todo)))
}

@Test func formForANewTodoIsNotLoading() {
    #expect(!Editor.State(id: nil).isLoading)
}

@Test func formForAStoredTodoLoadsItsFields() {
    let form = loaded(Todo(id: 3, title: "Milk", notes: "2 l", createdAt: Fixtures.day, dueAt: Fixtures.day))
    #expect(!form.isLoading)
    #expect([form.title, form.notes, form.dueText] == ["Milk", "2 l", "2026-12-31"])
    #expect(!form.hasUnsavedChanges)
}

@Test func formForAMissingTodoIsNotValid() {
    let form = Editor.State(id: 9).after(.loaded(.success(nil)))
    #expect(form.loadError == "This todo no longer exists.")
    #expect(!form.isValid)
}

@Test func formLoadFailureIsShown() {
    let form = Editor.State(id: 9).after(.loaded(.failure(SceneError.storage("locked"))))
    #expect(form.loadError == "Could not load the todo: locked")
    #expect(!form.isValid)
}

@Test func formIsNotValidWhileLoading() {
    #expect(!Editor.State(id: 1).typing("Milk").isValid)
}

@Test func formBlankTitleIsAnError() {
    let form = Editor.State(id: nil).typing("   ")
    #expect(form.titleError == "A title is required.")
    #expect(!form.isValid)
}

@Test func formOverlongTitleIsAnError() {
    let form = Editor.State(id: nil).typing(String(repeating: "x", count: 501))
    #expect(form.titleError == "A title can have at most 500 characters; this one has 501.")
    #expect(!form.isValid)
}

@Test func formUnparseableDueDateIsAnError() {
    let form = Editor.State(id: nil, dueDays: Fixtures.dueDays).typing("Milk").typing("someday", in: .due)
    #expect(
        form.dueError
            == "“someday” is not a date. Write one of: today, tomorrow, a weekday (fri), next week, next month, "
            + "+3d, +2w, +1m, in 3 days, eow, eom, dec 24, 24 december, 24/12 (DD/MM) or 2026-12-24.")
    #expect(form.dueNote == nil)
    #expect(!form.isValid)
}

@Test func formImpossibleDueDateIsNamed() {
    let form = Editor.State(id: nil, dueDays: Fixtures.dueDays).typing("2024-02-30", in: .due)
    #expect(form.dueError == "February 2024 has 29 days, so there is no February 30.")
}

@Test func formReadsANaturalDueDateAndSaysWhichDayItIs() {
    let form = Editor.State(id: nil, dueDays: Fixtures.dueDays).typing("Milk").typing("fri", in: .due)
    #expect(form.dueError == nil)
    #expect(form.dueNote == "Friday 2026-11-27, tomorrow")
    #expect(form.fieldsToSave == TodoFields(title: "Milk", notes: "", dueAt: DueDay("2026-11-27")?.date))
}

@Test func formDueDateTypedAnotherWayForTheStoredDayIsNoChange() {
    let form = loaded(Fixtures.todo(1, "Milk", due: Fixtures.day), dueDays: Fixtures.dueDays)
        .typing("dec 31", in: .due)
    #expect(!form.hasUnsavedChanges)
    #expect(form.typing("dec 30", in: .due).hasUnsavedChanges)
}

@Test func formFieldsKeepTheStoredMomentWhenTheDueDayTypedIsTheStoredOne() {
    // Stored at 18:30 on the day, as another program may store it: saving only the notes must
    // not move it to the start of the day.
    let evening = Fixtures.day.addingTimeInterval(18.5 * 3600)
    let stored = Fixtures.todo(1, "Milk", due: evening)
    let form = loaded(stored, dueDays: Fixtures.dueDays).typing("2 l", in: .notes).typing("dec 31", in: .due)
    #expect(form.stored == stored)
    #expect(form.fieldsToSave == TodoFields(title: "Milk", notes: "2 l", dueAt: evening))
    #expect(form.typing("dec 30", in: .due).fieldsToSave?.dueAt != evening)
}

@Test func formValidFieldsTrimTheTitle() {
    let form = Editor.State(id: nil).typing("  Milk ").typing("2026-12-31", in: .due)
    #expect(form.isValid)
    #expect(form.fieldsToSave == TodoFields(title: "Milk", notes: "", dueAt: Fixtures.day))
}

@Test func formEmptyDueDateMeansNone() {
    let form = Editor.State(id: nil).typing("Milk").typing("  ", in: .due)
    #expect(form.fieldsToSave == TodoFields(title: "Milk", notes: "", dueAt: nil))
}

@Test func formEditingBackToTheStoredValuesHasNoUnsavedChanges() {
    var form = loaded(Fixtures.todo(1, "Milk")).typing("Oat milk")
    #expect(form.hasUnsavedChanges)
    form = form.typing("Milk")
    #expect(!form.hasUnsavedChanges)
}
