/// Where an item is in its feed's list: the item, and how many items the list shows before it.
public struct FeedItemPlace: Sendable, Hashable {
    /// The item.
    public let item: FeedItem
    /// Its position in its feed's list, from 0 (the newest).
    public let position: Int

    /// Creates a place.
    public init(item: FeedItem, position: Int) {
        self.item = item
        self.position = position
    }
}

/// One item a search across all feeds found, with its feed's title.
public struct FeedSearchResult: Sendable, Hashable, Identifiable {
    /// The item.
    public let item: FeedItem
    /// The title of the feed it belongs to.
    public let feedTitle: String

    /// The item's identifier.
    public var id: Int64 { item.id }

    /// Creates a result.
    public init(item: FeedItem, feedTitle: String) {
        self.item = item
        self.feedTitle = feedTitle
    }
}
