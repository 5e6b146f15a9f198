/// One window of a feed's items, newest first, with the feed's totals for scrolling.
public struct FeedItemPage: Sendable, Hashable {
    /// The items in the window, newest first.
    public let items: [FeedItem]
    /// How many items the feed has in all.
    public let totalCount: Int
    /// How many of the feed's items are unread, in all.
    public let unreadCount: Int
    /// Where the window starts, from 0 (the newest item).
    public let offset: Int

    /// Creates a page.
    public init(items: [FeedItem], totalCount: Int, unreadCount: Int, offset: Int) {
        self.items = items
        self.totalCount = totalCount
        self.unreadCount = unreadCount
        self.offset = offset
    }
}
