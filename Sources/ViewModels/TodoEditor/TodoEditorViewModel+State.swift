import Foundation
public import SceneServices

extension TodoEditorViewModel {
    /// Everything the editor shows, folded from events by ``reduce(_:_:)``.
    public struct State: Sendable, Hashable {
        /// The todo being edited, or `nil` for a new one.
        public var id: Int64?
        /// The title as stored (empty for a new todo).
        public var originalTitle: String
        /// The notes as stored.
        public var originalNotes: String
        /// The due date as stored, as text.
        public var originalDueText: String
        /// The title as typed.
        public var title: String
        /// The notes as typed.
        public var notes: String
        /// The due date as typed (`YYYY-MM-DD`, or empty for none).
        public var dueText: String
        /// Whether the stored todo is still being loaded.
        public var isLoading: Bool
        /// Whether the stored todo could not be loaded (nothing to edit).
        public var loadFailed: Bool
        /// Whether a save is in progress.
        public var isSaving: Bool
        /// Whether the editor asks "discard unsaved changes?".
        public var isConfirmingDiscard: Bool
        /// Whether the editor is done (saved, or cancelled) and should close.
        public var isFinished: Bool
        /// The latest failure to show, if any.
        public var errorMessage: String?

        /// The state of an editor for the todo `id`, or for a new todo when `id` is `nil`.
        public init(id: Int64?) {
            self.id = id
            self.originalTitle = ""
            self.originalNotes = ""
            self.originalDueText = ""
            self.title = ""
            self.notes = ""
            self.dueText = ""
            self.isLoading = id != nil
            self.loadFailed = false
            self.isSaving = false
            self.isConfirmingDiscard = false
            self.isFinished = false
            self.errorMessage = nil
        }

        /// Why the title cannot be saved, if it cannot.
        public var titleError: String? { TitleRule.problem(with: title) }

        /// Why the due date cannot be saved, if it cannot.
        public var dueError: String? {
            let trimmed = dueText.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, DueDate.parse(trimmed) == nil else { return nil }
            return "Write the due date as YYYY-MM-DD, like 2026-12-31."
        }

        /// Whether anything differs from what is stored.
        public var hasUnsavedChanges: Bool {
            title != originalTitle || notes != originalNotes
                || dueText.trimmingCharacters(in: .whitespacesAndNewlines) != originalDueText
        }

        /// Whether saving is possible now.
        public var canSave: Bool {
            !isLoading && !loadFailed && !isSaving && !isFinished && titleError == nil && dueError == nil
        }

        /// The fields to save, or `nil` when they are not valid.
        public var fields: TodoFields? {
            guard titleError == nil, dueError == nil else { return nil }
            let trimmedDue = dueText.trimmingCharacters(in: .whitespacesAndNewlines)
            return TodoFields(
                title: title.trimmingCharacters(in: .whitespacesAndNewlines), notes: notes,
                dueAt: trimmedDue.isEmpty ? nil : DueDate.parse(trimmedDue))
        }
    }

    /// Something that happened in the editor.
    public enum Event: Sendable, Hashable {
        /// The stored todo arrived (`nil`: there is none), or failed to.
        case loaded(Result<Todo?, SceneError>)
        /// The person changed the title.
        case editTitle(String)
        /// The person changed the notes.
        case editNotes(String)
        /// The person changed the due date text.
        case editDue(String)
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
        case .loaded(.success(let todo?)):
            let dueText = todo.dueAt.map(DueDate.format) ?? ""
            next.originalTitle = todo.title
            next.originalNotes = todo.notes
            next.originalDueText = dueText
            next.title = todo.title
            next.notes = todo.notes
            next.dueText = dueText
            next.isLoading = false
        case .loaded(.success(nil)):
            next.isLoading = false
            next.loadFailed = true
            next.errorMessage = "This todo no longer exists."
        case .loaded(.failure(let error)):
            next.isLoading = false
            next.loadFailed = true
            next.errorMessage = "Could not load the todo: \(error.message)"
        case .editTitle(let title):
            next.title = title
        case .editNotes(let notes):
            next.notes = notes
        case .editDue(let text):
            next.dueText = text
        case .saveRequested:
            guard state.canSave else { break }
            next.isSaving = true
            next.errorMessage = nil
        case .saved(.success):
            next.isSaving = false
            next.isFinished = true
        case .saved(.failure(let error)):
            next.isSaving = false
            next.errorMessage = "Could not save: \(error.message)"
        case .cancelRequested:
            if state.hasUnsavedChanges && !state.loadFailed {
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
