/// The live counts the home scene shows.
public struct HomeCounts: Sendable, Hashable {
    /// Todos not yet done.
    public let activeTodos: Int
    /// Todos that are done.
    public let completedTodos: Int
    /// Feed items not yet read, across every feed.
    public let unreadItems: Int
    /// Feeds whose last refresh failed.
    public let failedFeeds: Int

    /// Creates counts.
    public init(activeTodos: Int, completedTodos: Int, unreadItems: Int, failedFeeds: Int) {
        self.activeTodos = activeTodos
        self.completedTodos = completedTodos
        self.unreadItems = unreadItems
        self.failedFeeds = failedFeeds
    }

    /// Every count zero.
    public static let zero = HomeCounts(activeTodos: 0, completedTodos: 0, unreadItems: 0, failedFeeds: 0)
}
