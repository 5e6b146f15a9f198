internal import BaseServices
internal import Domain
package import Foundation

/// A subscribed feed as the scenes see it.
package struct Feed: Sendable, Hashable, Identifiable {
    /// The feed's identifier.
    package let id: Int64
    /// The feed's address.
    package let url: String
    /// The feed's title.
    package let title: String
    /// How many items are stored.
    package let itemCount: Int
    /// How many stored items are unread.
    package let unreadCount: Int
    /// How its last refresh went.
    package let lastRefresh: FeedRefreshState
    /// Its tags, in the order given.
    package let tags: [String]
    /// How many older items the feed listed beyond those kept (the newest, up to the most a
    /// feed keeps), when it was just subscribed to; 0 otherwise.
    package let omittedItemCount: Int
    /// When it was last refreshed with success (a failure since keeps it); `nil` when never.
    package let refreshedAt: Date?

    /// Creates a feed.
    package init(
        id: Int64, url: String, title: String, itemCount: Int = 0, unreadCount: Int = 0,
        lastRefresh: FeedRefreshState = .never, tags: [String] = [], omittedItemCount: Int = 0,
        refreshedAt: Date? = nil
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.itemCount = itemCount
        self.unreadCount = unreadCount
        self.lastRefresh = lastRefresh
        self.tags = tags
        self.omittedItemCount = omittedItemCount
        self.refreshedAt = refreshedAt ?? lastRefresh.succeededAt
    }
}

/// How a feed's last refresh went.
package enum FeedRefreshState: Sendable, Hashable {
    /// It was never refreshed.
    case never
    /// It was refreshed at this moment.
    case succeeded(at: Date)
    /// It failed, for this reason.
    case failed(message: String)

    /// Whether the last refresh failed.
    package var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }

    /// When the last refresh succeeded; `nil` when it failed or never ran.
    package var succeededAt: Date? {
        if case .succeeded(let moment) = self { moment } else { nil }
    }

    /// Why the last refresh failed; `nil` when it did not.
    package var failure: String? {
        if case .failed(let message) = self { message } else { nil }
    }
}

/// One step of refreshing feeds.
package enum FeedRefreshEvent: Sendable, Hashable {
    /// Refreshing began for these feeds, in this order.
    case started(feedIDs: [Int64])
    /// One feed is done: what it brought, or why it failed.
    case finished(feedID: Int64, Result<FeedRefreshCount, SceneError>)

    /// How many feeds a refresh of several downloads at once.
    package static let concurrentFeeds = 4
}

/// What one feed's refresh brought: the items new, and the items read of those the feed lists
/// (a feed that lists more than a feed keeps is read up to the newest it keeps).
package struct FeedRefreshCount: Sendable, Hashable {
    /// How many items were new.
    package let newItemCount: Int
    /// How many items were read from the feed.
    package let keptItemCount: Int
    /// How many older items the feed listed beyond those read.
    package let omittedItemCount: Int
    /// How many of the oldest stored items were removed to keep ``maximumStoredItems``.
    package let removedItemCount: Int

    /// The most items a feed keeps stored.
    package static var maximumStoredItems: Int { FeedsBaseService.maximumItemsPerFeed }

    /// A count; by default nothing was left out or removed.
    package init(newItemCount: Int, keptItemCount: Int = 0, omittedItemCount: Int = 0, removedItemCount: Int = 0) {
        self.newItemCount = newItemCount
        self.keptItemCount = keptItemCount
        self.omittedItemCount = omittedItemCount
        self.removedItemCount = removedItemCount
    }

    /// "its oldest 10,000 items removed to keep 50,000"; `nil` when none was.
    package var removal: String? {
        guard removedItemCount > 0 else { return nil }
        let kept = CountText.grouped(Self.maximumStoredItems)
        return "its oldest \(CountText.counted(removedItemCount, "item", "items")) removed to keep \(kept)"
    }
}
