package import Domain
import Foundation
package import SceneServices

extension TodoEditorViewModel {
    /// Everything the editor shows: the three fields as typed with their cursors, what is
    /// stored, and whether a save or a question is on.
    package struct State: Sendable, Hashable, ShowsStatusMessages {
        /// The todo being edited, or `nil` for a new one.
        package let id: Int64?
        /// Reads the due date as typed: today and the day/month order, as of when the editor opened.
        package let dueDays: DueDayParser
        /// The todo as loaded, or `nil` for a new one (or before it is loaded).
        package internal(set) var stored: Todo?
        /// The todo as another process left it, when a save was refused because of that change:
        /// the next save writes over it.
        package internal(set) var changedElsewhere: Todo?
        /// The title, notes and due fields as typed, with their cursors.
        package internal(set) var fields = Field.allCases.map { _ in PromptText() }
        /// The field keys go to.
        package internal(set) var focused = Field.title
        /// How the notes area shows the notes: its size, scroll and goal column.
        package internal(set) var notesView = AreaView()
        /// Whether the stored todo is still being loaded.
        package internal(set) var isLoading: Bool
        /// Why the stored todo could not be loaded, if it could not (there is nothing to edit).
        package internal(set) var loadError: String?
        /// Whether a save is in progress.
        package internal(set) var isSaving = false
        /// Whether the editor asks "discard unsaved changes?".
        package internal(set) var isConfirmingDiscard = false
        /// Whether the editor is done (saved, or cancelled) and closes.
        package internal(set) var isFinished = false
        /// The status line's message (why the todo was not loaded or saved), until a key or its timeout.
        package internal(set) var status = StatusMessageSlot()

        /// The editor of the todo `id`, or of a new one, reading due dates with `dueDays`.
        package init(id: Int64?, dueDays: DueDayParser = .current()) {
            self.id = id
            self.dueDays = dueDays
            isLoading = id != nil
        }

        /// The title line as typed: tags, project, priority and recurrence among its words.
        package var title: String { fields[Field.title.rawValue].text }
        /// The title line of the todo as stored (empty for a new one).
        var storedTitleText: String { stored?.titleLine ?? "" }
        /// The notes as typed.
        package var notes: String { fields[Field.notes.rawValue].text }
        /// The due date as typed (any form ``DueDayParser`` reads, or empty for none).
        package var dueText: String { fields[Field.due.rawValue].text }
        /// The due date as stored, as text (empty for none).
        var storedDueText: String { stored?.dueAt.map(DueDate.format) ?? "" }

        /// The title line read, or why it cannot be saved.
        var titleLine: Result<TodoLine, TodoLineError> {
            TodoLine.parseTitle(title, dueDays: dueDays, hasDue: dueDay != nil)
        }
        /// Why the title line cannot be saved, if it cannot.
        package var titleError: String? { titleLine.failure?.message }

        /// The day the due date as typed names, why it names none, or `nil` when it is empty.
        package var dueDay: Result<DueDay, DueDayError>? {
            let trimmed = dueText.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : dueDays.parse(trimmed)
        }

        /// Why the due date cannot be saved, if it cannot.
        package var dueError: String? { dueDay?.failure?.message }

        /// The day a valid due date names, in words: "Friday 2026-11-27, tomorrow".
        package var dueNote: String? {
            guard case .success(let day) = dueDay else { return nil }
            return "\(day.weekday.name) \(day), \(dueDays.distance(to: day))"
        }

        /// Whether anything differs from what is stored (a due date typed another way that
        /// names the same day is no change).
        package var hasUnsavedChanges: Bool {
            guard title == storedTitleText, notes == (stored?.notes ?? "") else { return true }
            if dueText.trimmingCharacters(in: .whitespacesAndNewlines) == storedDueText { return false }
            guard case .success(let day) = dueDay else { return true }
            return day.description != storedDueText
        }

        /// Whether the fields may be saved: loaded, and every field valid.
        package var isValid: Bool { !isLoading && loadError == nil && titleError == nil && dueError == nil }

        /// The fields to save, or `nil` when they are not valid. A due date typed another way
        /// that names the stored day keeps the stored moment, so it is no change.
        package var fieldsToSave: TodoFields? {
            guard isValid, case .success(let line) = titleLine else { return nil }
            let dueAt: Date? =
                switch dueDay {
                case .success(let day) where day.description == storedDueText: stored?.dueAt
                case .success(let day): day.date
                default: nil
                }
            // A title line as loaded keeps the title and attributes as stored (reading it back tidies spaces).
            let kept = title == storedTitleText ? stored : nil
            return TodoFields(
                title: kept?.title ?? line.title.trimmingCharacters(in: .whitespaces), notes: notes, dueAt: dueAt,
                attributes: kept?.attributes ?? TodoAttributes(line))
        }

        /// Whether saving is possible now.
        package var canSave: Bool { isValid && !isSaving && !isFinished }

        /// Whether something is loading or saving.
        package var isBusy: Bool { isLoading || isSaving }
    }
}
