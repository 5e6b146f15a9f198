import SceneServices
import Testing
import ViewModels

private typealias VM = TodoEditorViewModel

private func state(title: String, stored: Todo? = nil) -> VM.State {
    var form = VM.Form(id: stored?.id)
    if let stored { form = VM.reduceForm(form, .loaded(.success(stored))) }
    return VM.reduce(VM.State(id: stored?.id), .formChanged(VM.reduceForm(form, .editTitle(title))))
}

@Test func editorCannotSaveWhileLoading() {
    #expect(!VM.State(id: 1).canSave)
}

@Test func editorCanSaveValidFields() {
    #expect(state(title: "Milk").canSave)
}

@Test func editorCannotSaveInvalidFields() {
    #expect(!state(title: " ").canSave)
}

@Test func editorSaveRequestWhenValidStartsSaving() {
    let saving = VM.reduce(state(title: "Milk"), .saveRequested)
    #expect(saving.isSaving)
    #expect(!saving.canSave)
}

@Test func editorSaveRequestWhenInvalidDoesNothing() {
    let before = state(title: "")
    #expect(VM.reduce(before, .saveRequested) == before)
}

@Test func editorSaveRequestWhileSavingChangesNothing() {
    let saving = VM.reduce(state(title: "Milk"), .saveRequested)
    #expect(VM.reduce(saving, .saveRequested) == saving)
}

@Test func editorSaveRequestAfterSavingChangesNothing() {
    let saved = VM.reduce(VM.reduce(state(title: "Milk"), .saveRequested), .saved(.success(Fixtures.todo(1, "Milk"))))
    #expect(VM.reduce(saved, .saveRequested) == saved)
}

@Test func editorSavedFinishes() {
    let saved = VM.reduce(VM.reduce(state(title: "Milk"), .saveRequested), .saved(.success(Fixtures.todo(1, "Milk"))))
    #expect(saved.isFinished)
    #expect(!saved.isSaving)
}

@Test func editorSaveFailureShowsTheErrorAndAllowsARetry() {
    let failed = VM.reduce(
        VM.reduce(state(title: "Milk"), .saveRequested), .saved(.failure(SceneError.storage("disk full"))))
    #expect(failed.errorMessage == "Could not save: disk full")
    #expect(failed.canSave)
    #expect(!failed.isFinished)
}

@Test func editorNewSaveRequestClearsTheOldSaveError() {
    let failed = VM.reduce(
        VM.reduce(state(title: "Milk"), .saveRequested), .saved(.failure(SceneError.storage("disk full"))))
    #expect(VM.reduce(failed, .saveRequested).errorMessage == nil)
}

@Test func editorShowsTheLoadError() {
    let form = VM.reduceForm(VM.Form(id: 2), .loaded(.failure(SceneError.storage("locked"))))
    #expect(VM.reduce(VM.State(id: 2), .formChanged(form)).errorMessage == "Could not load the todo: locked")
}

@Test func editorCancelWithoutChangesFinishes() {
    let cancelled = VM.reduce(state(title: "Milk", stored: Fixtures.todo(1, "Milk")), .cancelRequested)
    #expect(cancelled.isFinished)
    #expect(!cancelled.isConfirmingDiscard)
}

@Test func editorCancelWithChangesAsksForConfirmation() {
    let cancelled = VM.reduce(state(title: "Oat milk", stored: Fixtures.todo(1, "Milk")), .cancelRequested)
    #expect(cancelled.isConfirmingDiscard)
    #expect(!cancelled.isFinished)
}

@Test func editorCancelOfATodoThatFailedToLoadFinishes() {
    let form = VM.reduceForm(VM.Form(id: 2), .loaded(.success(nil)))
    let cancelled = VM.reduce(VM.reduce(VM.State(id: 2), .formChanged(form)), .cancelRequested)
    #expect(cancelled.isFinished)
}

@Test func editorConfirmedDiscardFinishes() {
    let asked = VM.reduce(state(title: "Oat milk", stored: Fixtures.todo(1, "Milk")), .cancelRequested)
    #expect(VM.reduce(asked, .discardConfirmed).isFinished)
}

@Test func editorDeclinedDiscardKeepsTheEdits() {
    let asked = VM.reduce(state(title: "Oat milk", stored: Fixtures.todo(1, "Milk")), .cancelRequested)
    let kept = VM.reduce(asked, .discardDeclined)
    #expect(!kept.isConfirmingDiscard)
    #expect(!kept.isFinished)
    #expect(kept.form.title == "Oat milk")
}

@Test func editorDiscardConfirmationWithoutAQuestionIsIgnored() {
    #expect(!VM.reduce(state(title: "Milk"), .discardConfirmed).isFinished)
}

@Test func editorCancelAfterFinishingChangesNothing() {
    let saved = VM.reduce(VM.reduce(state(title: "Milk"), .saveRequested), .saved(.success(Fixtures.todo(1, "Milk"))))
    #expect(VM.reduce(saved, .cancelRequested) == saved)
}

@Test func editorCancelWhileSavingIsIgnored() {
    let saving = VM.reduce(state(title: "Milk"), .saveRequested)
    #expect(VM.reduce(saving, .cancelRequested) == saving)
}
