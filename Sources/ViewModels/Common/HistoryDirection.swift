public import SceneServices
import Streams

/// Which way through the history of changes: the one history that every list's `u` and
/// Ctrl-R step through, whatever the change touched (a todo, a feed's removal).
public enum HistoryDirection: Sendable, Hashable {
    /// Back: undo.
    case undo
    /// Forward again: redo.
    case redo

    /// What the status line says after a step: the change in words (a long title shortened, so
    /// the key that goes back stays on screen), or that there was none ("Undid: remove feed
    /// "Example". Ctrl-R redoes it.").
    public func notice(for step: HistoryStep?) -> String {
        switch (self, step) {
        case (.undo, let step?): "Undid: \(step.shortLabel()). Ctrl-R redoes it."
        case (.redo, let step?): "Redid: \(step.shortLabel()). u undoes it."
        case (.undo, nil): "Nothing to undo."
        case (.redo, nil): "Nothing to redo."
        }
    }

    /// What the status line says when a step failed ("Could not undo: …").
    public func failure(_ error: SceneError) -> String {
        error.message(after: "Could not \(self == .undo ? "undo" : "redo")")
    }
}

extension HistoryDirection {
    /// Each undo and redo asked for, taken in turn through `step` (one at a time, in the order
    /// asked), as the direction and what the step did; a failing stream becomes a failure.
    static func steps(
        undo: Observable<Void>, redo: Observable<Void>,
        through step: @escaping @Sendable (HistoryDirection) -> Observable<Result<HistoryStep?, SceneError>>
    ) -> Observable<(HistoryDirection, Result<HistoryStep?, SceneError>)> {
        Observable.merge(undo.map { HistoryDirection.undo }, redo.map { HistoryDirection.redo })
            .concatMap { direction in
                step(direction).take(1).recoveringAsResult().map { (direction, $0) }
            }
    }
}
