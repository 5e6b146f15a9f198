/// One page of a feed's items, newest first, with the feed's totals (for scrolling): the DTO of
/// a scene's `FeedItemPage`.
public struct FeedItemPageObject: Sendable, Hashable {
    /// The items in the slice, newest first.
    public let items: [FeedItemObject]
    /// How many items the feed has in all.
    public let totalCount: Int
    /// How many of the feed's items are unread, in all.
    public let unreadCount: Int
    /// Where the slice starts, from 0 (the newest item).
    public let offset: Int

    /// Creates a page.
    public init(items: [FeedItemObject], totalCount: Int, unreadCount: Int, offset: Int) {
        self.items = items
        self.totalCount = totalCount
        self.unreadCount = unreadCount
        self.offset = offset
    }
}
