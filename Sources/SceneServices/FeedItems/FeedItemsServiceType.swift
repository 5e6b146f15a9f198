public import Streams

/// What the feed items scene needs: one feed's stored items (readable offline) and read state.
public protocol FeedItemsServiceType: Sendable {
    /// Observes one feed; `nil` once it is removed.
    func observeFeed(id: Int64, on scheduler: any Scheduler) -> Observable<Result<Feed?, SceneError>>

    /// Observes `limit` items of one feed from `offset`, newest first, with the feed's totals;
    /// only that window is read, however many items the feed has.
    func observePage(
        feedID: Int64, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>>

    /// Marks one item read or unread.
    func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItem, SceneError>>

    /// Marks every item of a feed read; sends how many changed.
    func markAllRead(feedID: Int64) -> Observable<Result<Int, SceneError>>

    /// Opens a web address in the person's browser when subscribed; sends one result.
    func openLink(_ url: String) -> Observable<Result<Void, SceneError>>
}
