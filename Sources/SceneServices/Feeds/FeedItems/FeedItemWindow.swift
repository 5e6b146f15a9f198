package import Streams

/// The part of a feed's items a scene asks for: `limit` items from `offset`, newest first,
/// of the feed `feedID`, all of them or only unread ones.
package struct FeedItemWindow: Sendable, Hashable {
    /// The position of the first item asked for, from 0 (the newest).
    package var offset: Int
    /// How many items are asked for.
    package var limit: Int
    /// The feed whose items are asked for.
    package var feedID: Int64
    /// `nil` when every item is listed; else only unread items are, with these read ones
    /// (read since the list was filtered, so that they stay under the selection).
    package var keptItemIDs: Set<Int64>?

    /// Creates a window; by default the first 50 items, until the viewport says how many fit.
    package init(offset: Int = 0, limit: Int = 50, feedID: Int64 = 0, keptItemIDs: Set<Int64>? = nil) {
        self.offset = offset
        self.limit = limit
        self.feedID = feedID
        self.keptItemIDs = keptItemIDs
    }

    /// The most items one window may ask for.
    package static let maximumLimit = 500

    /// Whether only unread items (and the kept ones) are listed.
    package var isUnreadOnly: Bool { keptItemIDs != nil }

    /// Asks for the items at `positions`, clamped to sane bounds: never before the first item,
    /// at least one, at most ``maximumLimit``.
    package mutating func ask(for positions: Range<Int>) {
        offset = max(0, positions.lowerBound)
        limit = min(max(1, positions.count), Self.maximumLimit)
    }
}

extension FeedItemsServiceType {
    /// Observes the page `window` asks for: of all the feed's items
    /// (``observePage(feedID:offset:limit:on:)``), or of its unread ones and the kept ones
    /// (``observeUnreadPage(feedID:keeping:offset:limit:on:)``).
    package func observePage(
        _ window: FeedItemWindow, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        guard let kept = window.keptItemIDs else {
            return observePage(feedID: window.feedID, offset: window.offset, limit: window.limit, on: scheduler)
        }
        return observeUnreadPage(
            feedID: window.feedID, keeping: kept, offset: window.offset, limit: window.limit, on: scheduler)
    }
}
