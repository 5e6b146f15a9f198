/// How many todos are active and done.
public struct TodoTally: Sendable, Hashable {
    /// Todos not yet done.
    public let active: Int
    /// Todos that are done.
    public let completed: Int

    /// Every todo.
    public var total: Int { active + completed }

    /// Creates a tally.
    public init(active: Int, completed: Int) {
        self.active = active
        self.completed = completed
    }
}
