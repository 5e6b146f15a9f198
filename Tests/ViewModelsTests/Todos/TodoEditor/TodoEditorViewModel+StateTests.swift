import SceneServices
import Testing

@testable import ViewModels

private func state(title: String, stored: Todo? = nil) -> Editor.State {
    var state = Editor.State(id: stored?.id)
    if let stored { state = state.after(.loaded(.success(stored))) }
    return state.typing(title)
}

/// `state` after a save was asked for, and the save asked for, if any.
private func saving(_ state: Editor.State) -> (Editor.State, Editor.Save?) {
    var next = state
    guard case .save(let save)? = Editor.reduce(&next, .action(.save)).first else { return (next, nil) }
    return (next, save)
}

/// `state` after its save was asked for and answered with `result`.
private func saved(_ state: Editor.State, _ result: Result<Todo, SceneError>) -> Editor.State {
    let (next, save) = saving(state)
    guard let save else { return next }
    return next.after(.saved(save, result))
}

@Test func editorCannotSaveWhileLoading() {
    #expect(!Editor.State(id: 1).canSave)
}

@Test func editorCanSaveValidFields() {
    #expect(state(title: "Milk").canSave)
}

@Test func editorCannotSaveInvalidFields() {
    #expect(!state(title: " ").canSave)
}

@Test func editorSaveRequestWhenValidStartsSaving() {
    let (saving, save) = saving(state(title: "Milk"))
    #expect(saving.isSaving)
    #expect(!saving.canSave)
    #expect(save == Editor.Save(fields: TodoFields(title: "Milk"), stored: nil, seen: nil))
}

@Test func editorSaveRequestWhenInvalidDoesNothing() {
    let before = state(title: "")
    var after = before
    #expect(Editor.reduce(&after, .action(.save)).isEmpty)
    #expect(after == before)
}

@Test func editorSaveRequestWhileSavingChangesNothing() {
    let (saving, _) = saving(state(title: "Milk"))
    var after = saving
    #expect(Editor.reduce(&after, .action(.save)).isEmpty)
    #expect(after == saving)
}

@Test func editorSaveRequestAfterSavingChangesNothing() {
    let saved = saved(state(title: "Milk"), .success(Fixtures.todo(1, "Milk")))
    var after = saved
    #expect(Editor.reduce(&after, .action(.save)).isEmpty)
    #expect(after == saved)
}

@Test func editorSavedFinishes() {
    let (saving, save) = saving(state(title: "Milk"))
    var saved = saving
    let effects = save.map { Editor.reduce(&saved, .saved($0, .success(Fixtures.todo(1, "Milk")))) }
    #expect(saved.isFinished)
    #expect(!saved.isSaving)
    #expect(effects == [.route(.back)])
}

@Test func editorSaveFailureShowsTheErrorAndAllowsARetry() {
    let failed = saved(state(title: "Milk"), .failure(SceneError.storage("disk full")))
    #expect(failed.errorMessage == "Could not save: disk full")
    #expect(failed.canSave)
    #expect(!failed.isFinished)
}

@Test func editorNewSaveRequestClearsTheOldSaveError() {
    let failed = saved(state(title: "Milk"), .failure(SceneError.storage("disk full")))
    #expect(saving(failed).0.errorMessage == nil)
}

@Test func editorShowsTheLoadError() {
    #expect(
        Editor.State(id: 2).after(.loaded(.failure(SceneError.storage("locked")))).errorMessage
            == "Could not load the todo: locked")
}

@Test func editorCancelWithoutChangesFinishes() {
    let cancelled = state(title: "Milk", stored: Fixtures.todo(1, "Milk")).after(.action(.cancel))
    #expect(cancelled.isFinished)
    #expect(!cancelled.isConfirmingDiscard)
}

@Test func editorCancelWithChangesAsksForConfirmation() {
    let cancelled = state(title: "Oat milk", stored: Fixtures.todo(1, "Milk")).after(.action(.cancel))
    #expect(cancelled.isConfirmingDiscard)
    #expect(!cancelled.isFinished)
}

@Test func editorCancelOfATodoThatFailedToLoadFinishes() {
    #expect(Editor.State(id: 2).after(.loaded(.success(nil)), .action(.cancel)).isFinished)
}

@Test func editorConfirmedDiscardFinishes() {
    let asked = state(title: "Oat milk", stored: Fixtures.todo(1, "Milk")).after(.action(.cancel))
    #expect(asked.after(.action(.confirmDiscard)).isFinished)
}

@Test func editorDeclinedDiscardKeepsTheEdits() {
    let asked = state(title: "Oat milk", stored: Fixtures.todo(1, "Milk")).after(.action(.cancel))
    let kept = asked.after(.action(.keepEditing))
    #expect(!kept.isConfirmingDiscard)
    #expect(!kept.isFinished)
    #expect(kept.title == "Oat milk")
}

@Test func editorDiscardConfirmationWithoutAQuestionIsIgnored() {
    #expect(!state(title: "Milk").after(.action(.confirmDiscard)).isFinished)
}

@Test func editorCancelAfterFinishingChangesNothing() {
    let saved = saved(state(title: "Milk"), .success(Fixtures.todo(1, "Milk")))
    var after = saved
    #expect(Editor.reduce(&after, .action(.cancel)).isEmpty)
    #expect(after == saved)
}

@Test func editorCancelWhileSavingIsIgnored() {
    let (saving, _) = saving(state(title: "Milk"))
    #expect(saving.after(.action(.cancel)) == saving)
}
