/// One row of the feeds scene.
public struct FeedRow: Sendable, Hashable, Identifiable {
    /// The feed's identifier.
    public let id: Int64
    /// Its title.
    public let title: String
    /// Its address.
    public let url: String
    /// How many of its items are unread.
    public let unreadCount: Int
    /// How many items it has stored.
    public let itemCount: Int
    /// Whether it is being refreshed now.
    public let isRefreshing: Bool
    /// How its last refresh went, in words: "refreshing…", "updated 2026-11-22", "never refreshed",
    /// or the failure.
    public let statusText: String
    /// Why its last refresh failed, if it did.
    public let errorMessage: String?

    /// Its unread and total counts in words: "3 of 12 unread", or "no items" before it has any.
    public var countText: String {
        itemCount == 0 && unreadCount == 0 ? "no items" : "\(unreadCount) of \(itemCount) unread"
    }
}

/// How far a refresh has come.
public struct RefreshProgress: Sendable, Hashable {
    /// Feeds done so far.
    public let done: Int
    /// Feeds in this refresh.
    public let total: Int

    /// "Refreshing: 2 of 5 done", or "Refreshing" for one feed: progress in words. Feeds are
    /// fetched several at a time, so it counts those done, not the one under way.
    public var text: String { total > 1 ? "Refreshing: \(min(done, total)) of \(total) done" : "Refreshing" }
}

/// One item a search across all feeds found, as the feeds scene lists it.
public struct FeedSearchRow: Sendable, Hashable, Identifiable {
    /// The item's identifier.
    public let id: Int64
    /// The feed it belongs to.
    public let feedID: Int64
    /// Its title.
    public let title: String
    /// The title of its feed.
    public let feedTitle: String
    /// The day it was published as `YYYY-MM-DD`, or `nil` when unknown.
    public let dateText: String?
    /// Whether it was read.
    public let isRead: Bool
}
