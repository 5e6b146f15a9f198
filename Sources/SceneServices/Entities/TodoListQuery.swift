/// Which todos the list shows.
public enum TodoListFilter: String, Sendable, Hashable, CaseIterable {
    /// Every todo.
    case all
    /// Todos not yet done.
    case active
    /// Todos that are done.
    case completed
}

/// The order of the todo list.
public enum TodoListSort: String, Sendable, Hashable, CaseIterable {
    /// The order the person arranged by hand.
    case manual
    /// Oldest first.
    case created
    /// Soonest due first; todos without a due date last.
    case dueDate
    /// Alphabetical, ignoring case.
    case title
}

/// One window of the todo list: which todos, in what order, which slice.
public struct TodoListQuery: Sendable, Hashable {
    /// Which todos.
    public var filter: TodoListFilter
    /// Words every shown todo starts a word with; empty for all.
    public var search: String
    /// The order.
    public var sort: TodoListSort
    /// How many matching todos to skip.
    public var offset: Int
    /// The most todos to return.
    public var limit: Int
    /// Whether ``offset`` counts from the end of the list: the page is then the `limit` todos
    /// before the last `offset` (`offset` 0 asks for the last page), counted exactly.
    public var fromEnd: Bool

    /// Creates a query; by default the first 50 todos in manual order.
    public init(
        filter: TodoListFilter = .all, search: String = "", sort: TodoListSort = .manual, offset: Int = 0,
        limit: Int = 50, fromEnd: Bool = false
    ) {
        self.filter = filter
        self.search = search
        self.sort = sort
        self.offset = offset
        self.limit = limit
        self.fromEnd = fromEnd
    }
}

/// The todos of one window, with how many match in all.
public struct TodoPage: Sendable, Hashable {
    /// The todos in the window, in order.
    public let todos: [Todo]
    /// How many todos match the query in all, for scrolling; when ``isCountExact`` is `false`,
    /// how many were found so far (at least this many match).
    public let totalCount: Int
    /// Where the window starts, counted from the first matching todo.
    public let offset: Int
    /// Whether ``totalCount`` is exact. A search most todos match is counted only a little past
    /// its window; a page asked for from the end is always counted exactly.
    public let isCountExact: Bool

    /// Creates a page.
    public init(todos: [Todo], totalCount: Int, offset: Int, isCountExact: Bool = true) {
        self.todos = todos
        self.totalCount = totalCount
        self.offset = offset
        self.isCountExact = isCountExact
    }
}

/// How many todos are active and done.
public struct TodoTally: Sendable, Hashable {
    /// Todos not yet done.
    public let active: Int
    /// Todos that are done.
    public let completed: Int

    /// Creates a tally.
    public init(active: Int, completed: Int) {
        self.active = active
        self.completed = completed
    }
}
