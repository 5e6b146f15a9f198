import SceneServices
import Testing
import ViewModels

private typealias VM = TodoEditorViewModel

private func loaded(_ todo: Todo) -> VM.State {
    VM.reduce(VM.State(id: todo.id), .loaded(.success(todo)))
}

@Test func editorForANewTodoIsNotLoading() {
    #expect(!VM.State(id: nil).isLoading)
}

@Test func editorForAStoredTodoLoadsItsFields() {
    let state = loaded(Todo(id: 3, title: "Milk", notes: "2 l", createdAt: Fixtures.day, dueAt: Fixtures.day))
    #expect(!state.isLoading)
    #expect([state.title, state.notes, state.dueText] == ["Milk", "2 l", "2026-12-31"])
    #expect(!state.hasUnsavedChanges)
}

@Test func editorForAMissingTodoCannotSave() {
    let state = VM.reduce(VM.State(id: 9), .loaded(.success(nil)))
    #expect(state.errorMessage == "This todo no longer exists.")
    #expect(!state.canSave)
}

@Test func editorLoadFailureShowsTheError() {
    let state = VM.reduce(VM.State(id: 9), .loaded(.failure(SceneError("locked"))))
    #expect(state.errorMessage == "Could not load the todo: locked")
    #expect(!state.canSave)
}

@Test func editorCannotSaveWhileLoading() {
    #expect(!VM.reduce(VM.State(id: 1), .editTitle("Milk")).canSave)
}

@Test func editorBlankTitleIsAnErrorAndDisablesSave() {
    let state = VM.reduce(VM.State(id: nil), .editTitle("   "))
    #expect(state.titleError == "A title is required.")
    #expect(!state.canSave)
}

@Test func editorOverlongTitleIsAnErrorAndDisablesSave() {
    let state = VM.reduce(VM.State(id: nil), .editTitle(String(repeating: "x", count: 501)))
    #expect(state.titleError == "A title can have at most 500 characters; this one has 501.")
    #expect(!state.canSave)
}

@Test func editorUnparseableDueDateIsAnErrorAndDisablesSave() {
    var state = VM.reduce(VM.State(id: nil), .editTitle("Milk"))
    state = VM.reduce(state, .editDue("next friday"))
    #expect(state.dueError == "Write the due date as YYYY-MM-DD, like 2026-12-31.")
    #expect(!state.canSave)
}

@Test func editorValidFieldsEnableSaveAndTrimTheTitle() {
    var state = VM.reduce(VM.State(id: nil), .editTitle("  Milk "))
    state = VM.reduce(state, .editDue("2026-12-31"))
    #expect(state.canSave)
    #expect(state.fields == TodoFields(title: "Milk", notes: "", dueAt: Fixtures.day))
}

@Test func editorSaveRequestWhenValidStartsSaving() {
    let state = VM.reduce(VM.reduce(VM.State(id: nil), .editTitle("Milk")), .saveRequested)
    #expect(state.isSaving)
    #expect(!state.canSave)
}

@Test func editorSaveRequestWhenInvalidDoesNothing() {
    let before = VM.reduce(VM.State(id: nil), .editTitle(""))
    #expect(VM.reduce(before, .saveRequested) == before)
}

@Test func editorSavedFinishes() {
    var state = VM.reduce(VM.reduce(VM.State(id: nil), .editTitle("Milk")), .saveRequested)
    state = VM.reduce(state, .saved(.success(Fixtures.todo(1, "Milk"))))
    #expect(state.isFinished)
    #expect(!state.isSaving)
}

@Test func editorSaveFailureShowsTheErrorAndAllowsARetry() {
    var state = VM.reduce(VM.reduce(VM.State(id: nil), .editTitle("Milk")), .saveRequested)
    state = VM.reduce(state, .saved(.failure(SceneError("disk full"))))
    #expect(state.errorMessage == "Could not save: disk full")
    #expect(state.canSave)
    #expect(!state.isFinished)
}

@Test func editorCancelWithoutChangesFinishes() {
    let state = VM.reduce(loaded(Fixtures.todo(1, "Milk")), .cancelRequested)
    #expect(state.isFinished)
    #expect(!state.isConfirmingDiscard)
}

@Test func editorCancelWithChangesAsksForConfirmation() {
    let state = VM.reduce(VM.reduce(loaded(Fixtures.todo(1, "Milk")), .editNotes("2 l")), .cancelRequested)
    #expect(state.isConfirmingDiscard)
    #expect(!state.isFinished)
}

@Test func editorConfirmedDiscardFinishes() {
    var state = VM.reduce(VM.reduce(loaded(Fixtures.todo(1, "Milk")), .editTitle("Oat milk")), .cancelRequested)
    state = VM.reduce(state, .discardConfirmed)
    #expect(state.isFinished)
}

@Test func editorDeclinedDiscardKeepsTheEdits() {
    var state = VM.reduce(VM.reduce(loaded(Fixtures.todo(1, "Milk")), .editTitle("Oat milk")), .cancelRequested)
    state = VM.reduce(state, .discardDeclined)
    #expect(!state.isConfirmingDiscard)
    #expect(!state.isFinished)
    #expect(state.title == "Oat milk")
}

@Test func editorDiscardConfirmationWithoutAQuestionIsIgnored() {
    let state = VM.reduce(VM.reduce(VM.State(id: nil), .editTitle("Milk")), .discardConfirmed)
    #expect(!state.isFinished)
}

@Test func editorEditingBackToTheStoredValuesHasNoUnsavedChanges() {
    var state = VM.reduce(loaded(Fixtures.todo(1, "Milk")), .editTitle("Oat milk"))
    #expect(state.hasUnsavedChanges)
    state = VM.reduce(state, .editTitle("Milk"))
    #expect(!state.hasUnsavedChanges)
}
