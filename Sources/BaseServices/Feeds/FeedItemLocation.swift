/// Where an item is in its feed's list: the item, and how many items the list shows before it.
public struct FeedItemLocation: Sendable, Hashable {
    /// The item, as stored.
    public let item: FeedItemObject
    /// Its position in its feed's list (newest first, as the list filters it), from 0.
    public let position: Int

    /// Creates a location.
    public init(item: FeedItemObject, position: Int) {
        self.item = item
        self.position = position
    }
}

/// Which of a feed's items a list shows.
public struct FeedItemFilter: Sendable, Hashable {
    /// Whether only unread items are shown.
    public var isUnreadOnly: Bool
    /// Items shown although read, when ``isUnreadOnly``: those read since the list was filtered,
    /// so that reading one does not take it from under the selection.
    public var keptItemIDs: Set<Int64>

    /// Every item.
    public static let all = FeedItemFilter(isUnreadOnly: false)

    /// Creates a filter.
    public init(isUnreadOnly: Bool, keptItemIDs: Set<Int64> = []) {
        self.isUnreadOnly = isUnreadOnly
        self.keptItemIDs = keptItemIDs
    }
}

/// One item a search across all feeds found, with its feed's title.
public struct FeedItemSearchHit: Sendable, Hashable {
    /// The item, as stored.
    public let item: FeedItemObject
    /// The title of the feed it belongs to.
    public let feedTitle: String

    /// Creates a hit.
    public init(item: FeedItemObject, feedTitle: String) {
        self.item = item
        self.feedTitle = feedTitle
    }
}
