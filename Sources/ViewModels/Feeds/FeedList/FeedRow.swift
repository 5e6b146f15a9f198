/// One row of the feeds scene.
package struct FeedRow: Sendable, Hashable, Identifiable {
    /// The feed's identifier.
    package let id: Int64
    /// Its title.
    package let title: String
    /// Its address.
    package let url: String
    /// How many of its items are unread.
    package let unreadCount: Int
    /// How many items it has stored.
    package let itemCount: Int
    /// Whether it is being refreshed now.
    package let isRefreshing: Bool
    /// How its last refresh went, in words: "refreshing…", "updated 2026-11-22", "never refreshed", or the failure.
    package let statusText: String
    /// Why its last refresh failed, if it did.
    package let errorMessage: String?
    /// Whether the row is a query feed (``id`` is then the query's), not a feed.
    package var isQuery = false
    /// The feed's tags.
    package var tags: [String] = []

    /// Its unread and total counts in words: "3 of 12 unread", or "no items" before it has any.
    package var countText: String {
        itemCount == 0 && unreadCount == 0 ? "no items" : "\(unreadCount) of \(itemCount) unread"
    }

    /// What the row says after the title: its counts, then a query feed's expression, or a
    /// feed's last refresh and its tags.
    package var note: String {
        ([countText, statusText] + (tags.isEmpty ? [] : [tags.map { "#\($0)" }.joined(separator: " ")]))
            .joined(separator: " · ")
    }
}

/// How far a refresh has come.
package struct RefreshProgress: Sendable, Hashable {
    /// Feeds done so far.
    package let done: Int
    /// Feeds in this refresh.
    package let total: Int

    /// "Refreshing: 2 of 5 done", or "Refreshing" for one feed: progress in words. Feeds are
    /// fetched several at a time, so it counts those done, not the one under way.
    package var text: String { total > 1 ? "Refreshing: \(min(done, total)) of \(total) done" : "Refreshing" }
}

/// One item a search across all feeds found, as the feeds scene lists it.
package struct FeedSearchRow: Sendable, Hashable, Identifiable {
    /// The item's identifier.
    package let id: Int64
    /// The feed it belongs to.
    package let feedID: Int64
    /// Its title.
    package let title: String
    /// The title of its feed.
    package let feedTitle: String
    /// The day it was published as `YYYY-MM-DD`, or `nil` when unknown.
    package let dateText: String?
    /// Whether it was read.
    package let isRead: Bool
}
