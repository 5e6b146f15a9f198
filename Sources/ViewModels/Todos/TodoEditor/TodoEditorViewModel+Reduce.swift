import Domain
import SceneServices

extension TodoEditorViewModel {
    /// Folds `event` into `state`; returns what the step asks for.
    static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .action(let action):
            return reduce(&state, action)
        case .loaded(let result):
            state.isLoading = false
            switch result {
            case .success(let todo?):
                state.stored = todo
                state.fields = [state.storedTitleText, todo.notes, state.storedDueText].map { PromptText($0) }
            case .success(nil): state.loadError = "This todo no longer exists."
            case .failure(let error): state.loadError = error.message(after: "Could not load the todo")
            }
            if let error = state.loadError { state.status.show(error, .error) }
        case .saved(_, .success):
            state.isSaving = false
            return finish(&state)
        case .saved(let save, .failure(let error)):
            state.isSaving = false
            // A save refused because another process changed the todo keeps that change, so
            // that the next save writes over it.
            if case .changedElsewhere(let current) = error { state.changedElsewhere = current }
            state.status.show(saveFailure(save, error), .error)
        case .messageExpired(let expiry):
            state.status.expire(expiry)
        }
        return []
    }

    /// Folds what the person asked into `state`.
    private static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
        if case .notesArea(let width, let height) = action {
            // The area's size is no key: a message shown stays.
            state.notesView.width = max(width, 0)
            state.notesView.height = max(height, 0)
            return []
        }
        // A message stays until the next key (or its timeout); the key then does its work.
        state.status.dismiss()
        switch action {
        case .help:
            return [.route(.help(.todoEditor))]
        case .confirmDiscard:
            guard state.isConfirmingDiscard else { return [] }
            state.isConfirmingDiscard = false
            return finish(&state)
        case .keepEditing:
            state.isConfirmingDiscard = false
        case _ where state.isConfirmingDiscard, .notesArea:
            break
        case .focus(let delta):
            let count = Field.allCases.count
            state.focused = Field(rawValue: ((state.focused.rawValue + delta) % count + count) % count) ?? .title
        case .edit(let text):
            state.fields[state.focused.rawValue] = text
        case .editNotes(let text, let view, let overflowed):
            if overflowed { state.status.show(notesFullMessage(count: text.text.count), .error) }
            state.fields[Field.notes.rawValue] = text
            state.notesView = AreaView(
                width: state.notesView.width, height: state.notesView.height, scrollRow: view.scrollRow,
                scrollColumn: view.scrollColumn, goalColumn: view.goalColumn)
        case .save:
            // One save at a time: a press while one runs, or after one succeeded, is ignored.
            guard state.canSave, let fields = state.fieldsToSave else { return [] }
            state.isSaving = true
            return [.save(Save(fields: fields, stored: state.stored, seen: state.changedElsewhere))]
        case .cancel:
            // While a save runs its outcome decides: done, or back to editing with the error.
            guard !state.isFinished, !state.isSaving else { return [] }
            guard state.hasUnsavedChanges, state.loadError == nil else { return finish(&state) }
            state.isConfirmingDiscard = true
        }
        return []
    }

    /// The editor is done: it goes back, once.
    private static func finish(_ state: inout State) -> [Effect] {
        guard !state.isFinished else { return [] }
        state.isFinished = true
        return [.route(.back)]
    }

    /// Why `save` failed, in words.
    private static func saveFailure(_ save: Save, _ error: SceneError) -> ActionText {
        switch error {
        case .changedElsewhere(let current):
            // What changed since the person last saw the todo, among what they changed.
            let changes = save.fields.conflicts(over: save.stored, seen: save.seen, now: current)
            let what = changes.isEmpty ? "this todo was changed" : changes.joined(separator: " and ")
            return "Not saved: elsewhere, \(what). Save again to keep yours."
        case .gone(.todo):
            return "Not saved: this todo was deleted meanwhile (\(.undo) in the list brings it back)."
        default:
            return ActionText(error.message(after: "Could not save"))
        }
    }

    /// What the status line says when a key or paste does not fit in notes of `count`
    /// characters (the limit, or more for notes stored longer).
    static func notesFullMessage(count: Int) -> String {
        "The notes are full (\(CountText.grouped(count)) characters); the rest was not added."
    }
}
