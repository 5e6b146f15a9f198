/// Which todos a list shows: the todo list's filter, the command line's `list all|active|completed`
/// and the base service's windows.
public enum TodoFilter: String, Sendable, Hashable, CaseIterable {
    /// Every todo.
    case all
    /// Todos not yet done.
    case active
    /// Todos that are done.
    case completed
}

/// The order of a list of todos. `allCases` is the order the todo list's `s` key steps through.
/// In every order but the manual one (which is the person's own arrangement), the todos not
/// done come before the done ones.
public enum TodoSort: String, Sendable, Hashable, CaseIterable {
    /// The order the person arranged by hand.
    case manual
    /// Oldest first.
    case created
    /// Soonest due first; todos without a due date last.
    case dueDate
    /// Alphabetical, ignoring case.
    case title
    /// Most urgent first (``Urgency``).
    case urgency
}

/// One window of a list of todos: which todos, in what order, which slice.
public struct TodoQuery: Sendable, Hashable {
    /// Which todos.
    public var filter: TodoFilter
    /// Words every shown todo starts a word with (in the title or notes); empty for all.
    public var search: String
    /// The order.
    public var sort: TodoSort
    /// How many matching todos to skip.
    public var offset: Int
    /// The most todos to return.
    public var limit: Int
    /// Whether ``offset`` counts from the end of the list: the window is then the `limit` todos
    /// before the last `offset` matching todos (`offset` 0 asks for the last page), and its count
    /// is exact even for a search most todos match.
    public var fromEnd: Bool

    /// Creates a query; by default the first 50 todos in manual order.
    public init(
        filter: TodoFilter = .all, search: String = "", sort: TodoSort = .manual, offset: Int = 0, limit: Int = 50,
        fromEnd: Bool = false
    ) {
        self.filter = filter
        self.search = search
        self.sort = sort
        self.offset = offset
        self.limit = limit
        self.fromEnd = fromEnd
    }
}
