/// Where an item is in its feed's list: the item, and how many items the list shows before it.
package struct FeedItemPlace: Sendable, Hashable {
    /// The item.
    package let item: FeedItem
    /// Its position in its feed's list, from 0 (the newest).
    package let position: Int

    /// Creates a place.
    package init(item: FeedItem, position: Int) {
        self.item = item
        self.position = position
    }
}

/// One item a search across all feeds found, with its feed's title.
package struct FeedSearchResult: Sendable, Hashable, Identifiable {
    /// The item.
    package let item: FeedItem
    /// The title of the feed it belongs to.
    package let feedTitle: String

    /// The item's identifier.
    package var id: Int64 { item.id }

    /// Creates a result.
    package init(item: FeedItem, feedTitle: String) {
        self.item = item
        self.feedTitle = feedTitle
    }
}
