package import Streams

/// Which way through the history of changes: the one history that every scene's undo and redo
/// step through, whatever the change touched (a todo, a feed's removal, items marked read).
package enum HistoryDirection: Sendable, Hashable {
    /// Back: undo.
    case undo
    /// Forward again: redo.
    case redo
}

/// A scene service that steps through the one history of changes, made here or by any other
/// process, to todos or feeds: the todo list's undo takes back a feed's removal too.
package protocol HistoryStepping: Sendable {
    /// Undoes the last change; `nil` when there is nothing to undo.
    func undo() -> Observable<Result<HistoryStep?, SceneError>>

    /// Redoes the last change undone; `nil` when there is nothing to redo.
    func redo() -> Observable<Result<HistoryStep?, SceneError>>
}

extension HistoryStepping {
    /// One step through the history `direction`: ``undo()`` or ``redo()``.
    package func step(_ direction: HistoryDirection) -> Observable<Result<HistoryStep?, SceneError>> {
        direction == .undo ? undo() : redo()
    }
}
