import Foundation
public import SceneServices

extension TodoEditorViewModel {
    /// The fields being edited and what is stored, folded from edits by ``reduceForm(_:_:)``.
    public struct Form: Sendable, Hashable {
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
        /// Why the stored todo could not be loaded, if it could not (there is nothing to edit).
        public var loadError: String?

        /// The form of an editor for the todo `id`, or for a new todo when `id` is `nil`.
        public init(id: Int64?) {
            self.id = id
            self.originalTitle = ""
            self.originalNotes = ""
            self.originalDueText = ""
            self.title = ""
            self.notes = ""
            self.dueText = ""
            self.isLoading = id != nil
            self.loadError = nil
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

        /// Whether the fields may be saved: loaded, and every field valid.
        public var isValid: Bool { !isLoading && loadError == nil && titleError == nil && dueError == nil }

        /// The fields to save, or `nil` when they are not valid.
        public var fields: TodoFields? {
            guard isValid else { return nil }
            let trimmedDue = dueText.trimmingCharacters(in: .whitespacesAndNewlines)
            return TodoFields(
                title: title.trimmingCharacters(in: .whitespacesAndNewlines), notes: notes,
                dueAt: trimmedDue.isEmpty ? nil : DueDate.parse(trimmedDue))
        }
    }

    /// A change to the form.
    public enum FormEvent: Sendable, Hashable {
        /// The stored todo arrived (`nil`: there is none), or failed to.
        case loaded(Result<Todo?, SceneError>)
        /// The person changed the title.
        case editTitle(String)
        /// The person changed the notes.
        case editNotes(String)
        /// The person changed the due date text.
        case editDue(String)
    }

    /// The form after `event`.
    public static func reduceForm(_ form: Form, _ event: FormEvent) -> Form {
        var next = form
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
            next.loadError = "This todo no longer exists."
        case .loaded(.failure(let error)):
            next.isLoading = false
            next.loadError = "Could not load the todo: \(error.message)"
        case .editTitle(let title):
            next.title = title
        case .editNotes(let notes):
            next.notes = notes
        case .editDue(let text):
            next.dueText = text
        }
        return next
    }
}
