/// A change that undo took back, or redo made again: the change in words and how many todos it
/// touched (none for a feed's removal).
public struct HistoryStep: Sendable, Hashable {
    /// The change as it was made: `add "Buy milk"`, `complete 3 todos`, `remove feed "Example"`.
    public let label: String
    /// How many todos it touched.
    public let todoCount: Int

    /// A step.
    public init(label: String, todoCount: Int) {
        self.label = label
        self.todoCount = todoCount
    }

    /// ``label`` in at most `maximumLength` characters, for a status line that must keep room
    /// for what follows it: a quoted title is shortened inside its quotes, with "…"
    /// (`delete "Mark a todo done, then clear…"`), keeping at least its first character; a
    /// label that fits is returned whole.
    public func shortLabel(maximumLength: Int = 48) -> String {
        guard label.count > maximumLength else { return label }
        guard label.last == "\"", let open = label.firstIndex(of: "\""), open < label.index(before: label.endIndex)
        else { return String(label.prefix(max(0, maximumLength - 1))) + "…" }
        let kept = max(1, maximumLength - label[...open].count - 2)
        let title = label[label.index(after: open)..<label.index(before: label.endIndex)]
        var shortened = title.prefix(kept)
        while shortened.count > 1, shortened.last?.isWhitespace == true { shortened.removeLast() }
        return label[...open] + shortened + "…\""
    }
}
