public import Domain
public import SceneServices

extension TodoEditorViewModel {
    /// Everything the editor shows, folded from events by ``reduce(_:_:)``.
    public struct State: Sendable, Hashable {
        /// The fields and what is stored.
        public var form: Form
        /// Whether a save is in progress.
        public var isSaving: Bool
        /// Whether the editor asks "discard unsaved changes?".
        public var isConfirmingDiscard: Bool
        /// Whether the editor is done (saved, or cancelled) and should close.
        public var isFinished: Bool
        /// Why the latest save failed, if it did.
        public var saveError: String? {
            didSet { if saveError != nil { saveErrorSerial += 1 } }
        }
        /// How many saves have failed: the same failure twice is shown twice.
        public private(set) var saveErrorSerial = 0

        /// The state of an editor for the todo `id`, or for a new todo when `id` is `nil`, reading
        /// due dates with `dueDays`.
        public init(id: Int64?, dueDays: DueDayParser = .current()) {
            self.form = Form(id: id, dueDays: dueDays)
            self.isSaving = false
            self.isConfirmingDiscard = false
            self.isFinished = false
            self.saveError = nil
        }

        /// Whether saving is possible now.
        public var canSave: Bool { form.isValid && !isSaving && !isFinished }

        /// The failure to show, if any.
        public var errorMessage: String? { saveError ?? form.loadError }
    }

    /// Something that happened in the editor.
    public enum Event: Sendable, Hashable {
        /// The form changed (an edit, or the stored todo arrived).
        case formChanged(Form)
        /// The person asked to save.
        case saveRequested
        /// The save finished.
        case saved(Result<Todo, SceneError>)
        /// The save was refused: another process changed what it changes; in words, each such
        /// field as it is now ("the title is now “Soy milk”").
        case changedElsewhere([String])
        /// The person asked to cancel.
        case cancelRequested
        /// The person confirmed discarding the changes.
        case discardConfirmed
        /// The person chose to keep editing.
        case discardDeclined
    }

    /// The fields of `fields` that the person changed from `stored` and that another process
    /// changed too since the person last saw the todo (`seen`, else `stored`), as `now` has
    /// them, in words.
    public static func conflicts(saving fields: TodoFields, over stored: Todo?, seen: Todo?, now: Todo) -> [String] {
        guard let stored else { return [] }
        let before = seen ?? stored
        var changes: [String] = []
        if fields.title != stored.title, now.title != before.title { changes.append("the title is now “\(now.title)”") }
        if fields.notes != stored.notes, now.notes != before.notes { changes.append("the notes were changed") }
        if fields.dueAt != stored.dueAt, now.dueAt != before.dueAt {
            changes.append(now.dueAt.map { "the due date is now \(DueDate.format($0))" } ?? "the due date was removed")
        }
        return changes
    }

    /// The state after `event`.
    public static func reduce(_ state: State, _ event: Event) -> State {
        var next = state
        switch event {
        case .formChanged(let form):
            next.form = form
        case .saveRequested:
            guard state.canSave else { break }
            next.isSaving = true
            next.saveError = nil
        case .saved(.success):
            next.isSaving = false
            next.isFinished = true
        case .changedElsewhere(let changes):
            next.isSaving = false
            let what = changes.isEmpty ? "this todo was changed" : changes.joined(separator: " and ")
            next.saveError = "Not saved: elsewhere, \(what). Save again to keep yours."
        case .saved(.failure(.gone(.todo))):
            next.isSaving = false
            next.saveError = "Not saved: this todo was deleted meanwhile (u in the list brings it back)."
        case .saved(.failure(let error)):
            next.isSaving = false
            next.saveError = error.message(after: "Could not save")
        case .cancelRequested:
            // While a save runs its outcome decides: done, or back to editing with the error.
            guard !state.isFinished, !state.isSaving else { break }
            if state.form.hasUnsavedChanges && state.form.loadError == nil {
                next.isConfirmingDiscard = true
            } else {
                next.isFinished = true
            }
        case .discardConfirmed:
            guard state.isConfirmingDiscard else { break }
            next.isConfirmingDiscard = false
            next.isFinished = true
        case .discardDeclined:
            next.isConfirmingDiscard = false
        }
        return next
    }
}
