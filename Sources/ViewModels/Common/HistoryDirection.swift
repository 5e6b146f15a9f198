package import SceneServices

extension HistoryDirection {
    /// What the status line says after a step: the change in words (a long title shortened, so
    /// the key that goes back stays on screen), or that there was none ("Undid: remove feed
    /// "Example". Ctrl-R redoes it.").
    package func notice(for step: HistoryStep?) -> ActionText {
        switch (self, step) {
        case (.undo, let step?): "Undid: \(step.shortLabel()). \(.redo) redoes it."
        case (.redo, let step?): "Redid: \(step.shortLabel()). \(.undo) undoes it."
        case (.undo, nil): "Nothing to undo."
        case (.redo, nil): "Nothing to redo."
        }
    }

    /// What the status line says when a step failed ("Could not undo: …").
    package func failure(_ error: SceneError) -> String {
        error.message(after: "Could not \(self == .undo ? "undo" : "redo")")
    }
}
