/// One window of a feed's items, newest first, with the feed's totals for scrolling.
package struct FeedItemPage: Sendable, Hashable {
    /// The items in the window, newest first.
    package let items: [FeedItem]
    /// How many items the feed has in all.
    package let totalCount: Int
    /// How many of the feed's items are unread, in all.
    package let unreadCount: Int
    /// Where the window starts, from 0 (the newest item).
    package let offset: Int

    /// Creates a page.
    package init(items: [FeedItem], totalCount: Int, unreadCount: Int, offset: Int) {
        self.items = items
        self.totalCount = totalCount
        self.unreadCount = unreadCount
        self.offset = offset
    }
}
