/// A new title for one todo, typed in place in the list.
public struct TodoRename: Sendable, Hashable {
    /// The todo.
    public let id: Int64
    /// Its new title.
    public let title: String

    /// Creates a rename.
    public init(id: Int64, title: String) {
        self.id = id
        self.title = title
    }
}

/// The rows the viewport shows: where they start in the list and how many fit.
public struct VisibleRange: Sendable, Hashable {
    /// The position of the first visible row.
    public let offset: Int
    /// How many rows fit.
    public let limit: Int

    /// Creates a range.
    public init(offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }
}
