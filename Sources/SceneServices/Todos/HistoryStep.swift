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
}
