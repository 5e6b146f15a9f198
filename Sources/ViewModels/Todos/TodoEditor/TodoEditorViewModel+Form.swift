public import Domain
import Foundation
public import SceneServices

extension TodoEditorViewModel {
    /// The fields being edited and what is stored, folded from edits by ``reduceForm(_:_:)``.
    public struct Form: Sendable, Hashable {
        /// The todo being edited, or `nil` for a new one.
        public var id: Int64?
        /// The todo as loaded, or `nil` for a new one (or before it is loaded).
        public var stored: Todo?
        /// The todo as another process left it, when a save was refused because of that change:
        /// the next save writes over it.
        public var changedElsewhere: Todo?
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
        /// The due date as typed (any form ``DueDayParser`` reads, or empty for none).
        public var dueText: String
        /// Reads the due date as typed: today and the day/month order, as of when the editor opened.
        public var dueDays: DueDayParser
        /// Whether the stored todo is still being loaded.
        public var isLoading: Bool
        /// Why the stored todo could not be loaded, if it could not (there is nothing to edit).
        public var loadError: String?

        /// The form of an editor for the todo `id`, or for a new todo when `id` is `nil`, reading
        /// due dates with `dueDays`.
        public init(id: Int64?, dueDays: DueDayParser = .current()) {
            self.dueDays = dueDays
            self.id = id
            self.stored = nil
            self.changedElsewhere = nil
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

        /// The day the due date as typed names, why it names none, or `nil` when it is empty.
        public var dueDay: Result<DueDay, DueDayError>? {
            let trimmed = dueText.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : dueDays.parse(trimmed)
        }

        /// Why the due date cannot be saved, if it cannot.
        public var dueError: String? {
            guard case .failure(let error) = dueDay else { return nil }
            return error.message
        }

        /// The day a valid due date names, in words: "Friday 2026-11-27, tomorrow".
        public var dueNote: String? {
            guard case .success(let day) = dueDay else { return nil }
            return "\(day.weekday.name) \(day), \(dueDays.distance(to: day))"
        }

        /// Whether anything differs from what is stored (a due date typed another way that
        /// names the same day is no change).
        public var hasUnsavedChanges: Bool {
            guard title == originalTitle, notes == originalNotes else { return true }
            let typedDue = dueText.trimmingCharacters(in: .whitespacesAndNewlines)
            if typedDue == originalDueText { return false }
            guard case .success(let day) = dueDay else { return true }
            return day.description != originalDueText
        }

        /// Whether the fields may be saved: loaded, and every field valid.
        public var isValid: Bool { !isLoading && loadError == nil && titleError == nil && dueError == nil }

        /// The fields to save, or `nil` when they are not valid. A due date typed another way
        /// that names the stored day keeps the stored moment, so it is no change.
        public var fields: TodoFields? {
            guard isValid else { return nil }
            let dueAt: Date? =
                switch dueDay {
                case .success(let day) where day.description == originalDueText: stored?.dueAt
                case .success(let day): day.date
                default: nil
                }
            return TodoFields(title: title.trimmingCharacters(in: .whitespacesAndNewlines), notes: notes, dueAt: dueAt)
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
        /// A save was refused: another process changed the todo meanwhile; it is now this.
        case changedElsewhere(Todo)
    }

    /// The form after `event`.
    public static func reduceForm(_ form: Form, _ event: FormEvent) -> Form {
        var next = form
        switch event {
        case .loaded(.success(let todo?)):
            let dueText = todo.dueAt.map(DueDate.format) ?? ""
            next.stored = todo
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
            next.loadError = error.message(after: "Could not load the todo")
        case .editTitle(let title):
            next.title = title
        case .editNotes(let notes):
            next.notes = notes
        case .editDue(let text):
            next.dueText = text
        case .changedElsewhere(let current):
            next.changedElsewhere = current
        }
        return next
    }
}
