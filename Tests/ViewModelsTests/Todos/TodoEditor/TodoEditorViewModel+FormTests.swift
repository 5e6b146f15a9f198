import Domain
import SceneServices
import Testing
import ViewModels

private typealias VM = TodoEditorViewModel

private func loaded(_ todo: Todo) -> VM.Form {
    VM.reduceForm(VM.Form(id: todo.id), .loaded(.success(todo)))
}

@Test func formForANewTodoIsNotLoading() {
    #expect(!VM.Form(id: nil).isLoading)
}

@Test func formForAStoredTodoLoadsItsFields() {
    let form = loaded(Todo(id: 3, title: "Milk", notes: "2 l", createdAt: Fixtures.day, dueAt: Fixtures.day))
    #expect(!form.isLoading)
    #expect([form.title, form.notes, form.dueText] == ["Milk", "2 l", "2026-12-31"])
    #expect(!form.hasUnsavedChanges)
}

@Test func formForAMissingTodoIsNotValid() {
    let form = VM.reduceForm(VM.Form(id: 9), .loaded(.success(nil)))
    #expect(form.loadError == "This todo no longer exists.")
    #expect(!form.isValid)
}

@Test func formLoadFailureIsShown() {
    let form = VM.reduceForm(VM.Form(id: 9), .loaded(.failure(SceneError.storage("locked"))))
    #expect(form.loadError == "Could not load the todo: locked")
    #expect(!form.isValid)
}

@Test func formIsNotValidWhileLoading() {
    #expect(!VM.reduceForm(VM.Form(id: 1), .editTitle("Milk")).isValid)
}

@Test func formBlankTitleIsAnError() {
    let form = VM.reduceForm(VM.Form(id: nil), .editTitle("   "))
    #expect(form.titleError == "A title is required.")
    #expect(!form.isValid)
}

@Test func formOverlongTitleIsAnError() {
    let form = VM.reduceForm(VM.Form(id: nil), .editTitle(String(repeating: "x", count: 501)))
    #expect(form.titleError == "A title can have at most 500 characters; this one has 501.")
    #expect(!form.isValid)
}

@Test func formUnparseableDueDateIsAnError() {
    let form = VM.reduceForm(
        VM.reduceForm(VM.Form(id: nil, dueDays: Fixtures.dueDays), .editTitle("Milk")), .editDue("someday"))
    #expect(
        form.dueError
            == "“someday” is not a date. Write one of: today, tomorrow, yesterday, a weekday (fri), next week, "
            + "+3d, +2w, in 3 days, in 2 weeks, dec 24, 24 december, 24/12 (DD/MM) or 2026-12-24.")
    #expect(form.dueNote == nil)
    #expect(!form.isValid)
}

@Test func formImpossibleDueDateIsNamed() {
    let form = VM.reduceForm(VM.Form(id: nil, dueDays: Fixtures.dueDays), .editDue("2024-02-30"))
    #expect(form.dueError == "February 2024 has 29 days, so there is no February 30.")
}

@Test func formReadsANaturalDueDateAndSaysWhichDayItIs() {
    let form = VM.reduceForm(
        VM.reduceForm(VM.Form(id: nil, dueDays: Fixtures.dueDays), .editTitle("Milk")), .editDue("fri"))
    #expect(form.dueError == nil)
    #expect(form.dueNote == "Friday 2026-11-27, tomorrow")
    #expect(form.fields == TodoFields(title: "Milk", notes: "", dueAt: DueDay("2026-11-27")?.date))
}

@Test func formDueDateTypedAnotherWayForTheStoredDayIsNoChange() {
    let stored = Fixtures.todo(1, "Milk", due: Fixtures.day)
    let form = VM.reduceForm(
        VM.reduceForm(VM.Form(id: 1, dueDays: Fixtures.dueDays), .loaded(.success(stored))), .editDue("dec 31"))
    #expect(!form.hasUnsavedChanges)
    #expect(VM.reduceForm(form, .editDue("dec 30")).hasUnsavedChanges)
}

@Test func formFieldsKeepTheStoredMomentWhenTheDueDayTypedIsTheStoredOne() {
    // Stored at 18:30 on the day, as another program may store it: saving only the notes must
    // not move it to the start of the day.
    let evening = Fixtures.day.addingTimeInterval(18.5 * 3600)
    let stored = Fixtures.todo(1, "Milk", due: evening)
    let loaded = VM.reduceForm(VM.Form(id: 1, dueDays: Fixtures.dueDays), .loaded(.success(stored)))
    let form = VM.reduceForm(VM.reduceForm(loaded, .editNotes("2 l")), .editDue("dec 31"))
    #expect(form.stored == stored)
    #expect(form.fields == TodoFields(title: "Milk", notes: "2 l", dueAt: evening))
    #expect(VM.reduceForm(form, .editDue("dec 30")).fields?.dueAt != evening)
}

@Test func formValidFieldsTrimTheTitle() {
    let form = VM.reduceForm(VM.reduceForm(VM.Form(id: nil), .editTitle("  Milk ")), .editDue("2026-12-31"))
    #expect(form.isValid)
    #expect(form.fields == TodoFields(title: "Milk", notes: "", dueAt: Fixtures.day))
}

@Test func formEmptyDueDateMeansNone() {
    let form = VM.reduceForm(VM.reduceForm(VM.Form(id: nil), .editTitle("Milk")), .editDue("  "))
    #expect(form.fields == TodoFields(title: "Milk", notes: "", dueAt: nil))
}

@Test func formEditingBackToTheStoredValuesHasNoUnsavedChanges() {
    var form = VM.reduceForm(loaded(Fixtures.todo(1, "Milk")), .editTitle("Oat milk"))
    #expect(form.hasUnsavedChanges)
    form = VM.reduceForm(form, .editTitle("Milk"))
    #expect(!form.hasUnsavedChanges)
}
