/// The todos of one window, with how many match in all.
package struct TodoPage: Sendable, Hashable {
    /// The todos in the window, in order.
    package let todos: [Todo]
    /// How many todos match the query in all, for scrolling; when ``isCountExact`` is `false`,
    /// how many were found so far (at least this many match).
    package let totalCount: Int
    /// Where the window starts, counted from the first matching todo.
    package let offset: Int
    /// Whether ``totalCount`` is exact. A search most todos match is counted only a little past
    /// its window; a page asked for from the end is always counted exactly.
    package let isCountExact: Bool

    /// Creates a page.
    package init(todos: [Todo], totalCount: Int, offset: Int, isCountExact: Bool = true) {
        self.todos = todos
        self.totalCount = totalCount
        self.offset = offset
        self.isCountExact = isCountExact
    }
}
