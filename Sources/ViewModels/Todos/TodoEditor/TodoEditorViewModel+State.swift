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
        /// The person asked to cancel.
        case cancelRequested
        /// The person confirmed discarding the changes.
        case discardConfirmed
        /// The person chose to keep editing.
        case discardDeclined
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
        case .saved(.failure(.changedElsewhere(let current))):
            next.isSaving = false
            next.saveError = "Not saved: changed elsewhere to “\(current.title)”. Save again to keep yours."
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
