package import Domain
package import Streams

/// What the feed items scene needs: one feed's stored items (readable offline) and read state.
package protocol FeedItemsServiceType: HistoryStepping {
    /// Observes one feed; `nil` once it is removed.
    func observeFeed(id: Int64, on scheduler: any Scheduler) -> Observable<Result<Feed?, SceneError>>

    /// Observes `limit` items of one feed from `offset`, newest first, with the feed's totals;
    /// only that window is read, however many items the feed has.
    func observePage(
        feedID: Int64, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>>

    /// Observes `limit` of one feed's unread items from `offset`, newest first, with the read
    /// items of `kept` among them (those read since the list was filtered, so that they do not
    /// vanish from under the selection); the page's total counts the items so shown.
    func observeUnreadPage(
        feedID: Int64, keeping kept: Set<Int64>, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>>

    /// The next unread item after `itemID` (from the top when `nil`) in the feed `feedID`, then
    /// in the following feeds of the feeds list, wrapping around to the earlier ones and at last
    /// to the items above `itemID`; `nil` when no other item is unread anywhere. Its position is
    /// in its feed's whole list when `kept` is `nil`, else in the list of unread items and `kept`.
    func nextUnreadItem(
        after itemID: Int64?, feedID: Int64, keeping kept: Set<Int64>?
    ) -> Observable<Result<FeedItemPlace?, SceneError>>

    /// Where the item `itemID` is in its feed's whole list.
    func locateItem(id itemID: Int64) -> Observable<Result<FeedItemPlace, SceneError>>

    /// Marks one item read or unread.
    func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItem, SceneError>>

    /// Marks every item of a feed read, as one change that undo takes back; sends how many
    /// changed.
    func markAllRead(feedID: Int64) -> Observable<Result<Int, SceneError>>

    /// Opens a web address in the person's browser when subscribed; sends one result.
    func openLink(_ url: String) -> Observable<Result<Void, SceneError>>

    /// Adds the download of the file at `address` (known as `title`) to the process's download
    /// queue when subscribed; sends the folder it goes to.
    func download(_ address: String, title: String) -> Observable<Result<String, SceneError>>

    /// Cancels the download running and those queued when subscribed; sends how many. What
    /// each received stays, so downloading it again continues it.
    func cancelDownloads() -> Observable<Result<Int, SceneError>>

    /// Observes the process's download queue, oldest first: what is queued, running, done, failed
    /// or cancelled.
    func observeDownloads(on scheduler: any Scheduler) -> Observable<[Download]>
}
