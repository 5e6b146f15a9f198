/// The live counts the home scene shows.
package struct HomeCounts: Sendable, Hashable {
    /// Todos not yet done.
    package let activeTodos: Int
    /// Todos that are done.
    package let completedTodos: Int
    /// Feed items not yet read, across every feed.
    package let unreadItems: Int
    /// Feeds whose last refresh failed.
    package let failedFeeds: Int

    /// Creates counts.
    package init(activeTodos: Int, completedTodos: Int, unreadItems: Int, failedFeeds: Int) {
        self.activeTodos = activeTodos
        self.completedTodos = completedTodos
        self.unreadItems = unreadItems
        self.failedFeeds = failedFeeds
    }

    /// Every count zero.
    package static let zero = HomeCounts(activeTodos: 0, completedTodos: 0, unreadItems: 0, failedFeeds: 0)
}
