import BaseServices
import Streams

/// A change that undo took back, or redo made again: the change in words and how many todos it
/// touched (none for a feed's removal).
package struct HistoryStep: Sendable, Hashable {
    /// What the change did, without the title it names: `add`, `complete 3 todos`, `remove feed`.
    package let action: String
    /// The title of the todo or feed the change names, whole; `nil` for a change of several.
    package let subject: String?
    /// How many todos it touched.
    package let todoCount: Int

    /// A step that did `action`, to the todo or feed titled `subject` if it names one.
    package init(action: String, subject: String? = nil, todoCount: Int) {
        self.action = action
        self.subject = subject
        self.todoCount = todoCount
    }

    /// The change as it was made: `add "Buy milk"`, `complete 3 todos`, `remove feed "Example"`.
    package var label: String { subject.map { "\(action) \"\($0)\"" } ?? action }

    /// The change in at most `maximumLength` characters, as the app's messages quote titles
    /// (`delete “Buy milk”`), for a status line that must keep room for what follows it: the
    /// title is shortened inside its quotes, with "…" (`delete “Mark a todo done, then clear…”`),
    /// keeping at least its first character; a label that fits is returned whole.
    package func shortLabel(maximumLength: Int = 48) -> String {
        guard let subject else {
            return action.count > maximumLength ? String(action.prefix(max(0, maximumLength - 1))) + "…" : action
        }
        return Self.quoting(action, subject, maximumLength: maximumLength)
    }

    /// `action` and the title `subject` in the app's quotes (`Deleted “Buy milk”`), in at most
    /// `maximumLength` characters: the title is shortened inside its quotes with "…", keeping at
    /// least its first character.
    package static func quoting(_ action: String, _ subject: String, maximumLength: Int = 48) -> String {
        guard action.count + subject.count + 3 > maximumLength else { return "\(action) “\(subject)”" }
        let kept = max(1, maximumLength - action.count - 4)
        var shortened = subject.prefix(kept)
        while shortened.count > 1, shortened.last?.isWhitespace == true { shortened.removeLast() }
        return "\(action) “\(shortened)…”"
    }
}

extension HistoryBaseServiceType {
    /// Undoes the last change, to feeds or todos, made here or by any other process, and says
    /// what it took back as a scene shows it.
    func undoStep() -> Observable<Result<HistoryStep?, SceneError>> {
        undo().map { $0.toScene { $0.map(HistoryStep.init) } }
    }

    /// Redoes the last change undone, and says what it made again.
    func redoStep() -> Observable<Result<HistoryStep?, SceneError>> {
        redo().map { $0.toScene { $0.map(HistoryStep.init) } }
    }
}
