internal import BaseServices
package import Domain
package import Streams

/// The feed items scene's service, over the feeds base service. Items come from storage, so
/// they stay readable offline.
package struct FeedItemsService: FeedItemsServiceType {
    let feeds: any FeedsBaseServiceType
    let history: any HistoryBaseServiceType
    let opener: LinkOpener
    let downloads: DownloadQueue

    init(
        feeds: any FeedsBaseServiceType, history: any HistoryBaseServiceType, opener: LinkOpener = .system(),
        downloads: DownloadQueue = DownloadQueue(downloader: EnclosureDownloader(), folder: DownloadFolder.standard())
    ) {
        self.feeds = feeds
        self.history = history
        self.opener = opener
        self.downloads = downloads
    }

    /// Undoes the last change, made here or by any other process (one history).
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.undoStep()
    }

    /// Redoes the last change undone.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.redoStep()
    }

    /// Observes one feed; `nil` once it is removed.
    package func observeFeed(id: Int64, on scheduler: any Scheduler) -> Observable<Result<Feed?, SceneError>> {
        feeds.observeFeeds(on: scheduler)
            .map { result in result.toScene { objects in objects.first { $0.id == id }.map(Feed.init) } }
            .distinctUntilChanged()
    }

    /// Observes `limit` items of one feed from `offset`, newest first, with the feed's totals;
    /// only that window is read, however many items the feed has.
    package func observePage(
        feedID: Int64, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        feeds.observeItemWindow(feedID: feedID, offset: offset, limit: limit, on: scheduler)
            .map { result in result.toScene(FeedItemPage.init) }
    }

    /// Observes a window of one feed's unread items, with the read items of `kept` among them.
    package func observeUnreadPage(
        feedID: Int64, keeping kept: Set<Int64>, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        feeds.observeItemWindow(
            feedID: feedID, filter: FeedItemFilter(keeping: kept), offset: offset, limit: limit, on: scheduler
        )
        .map { result in result.toScene(FeedItemPage.init) }
    }

    /// The next unread item across feeds, after `itemID` in the feed `feedID`.
    package func nextUnreadItem(
        after itemID: Int64?, feedID: Int64, keeping kept: Set<Int64>?
    ) -> Observable<Result<FeedItemPlace?, SceneError>> {
        feeds.nextUnreadItem(after: itemID, feedID: feedID, filter: FeedItemFilter(keeping: kept))
            .map { result in result.toScene { $0.map(FeedItemPlace.init) } }
    }

    /// Where the item `itemID` is in its feed's whole list.
    package func locateItem(id itemID: Int64) -> Observable<Result<FeedItemPlace, SceneError>> {
        feeds.locateItem(id: itemID).map { $0.toScene(FeedItemPlace.init) }
    }

    /// Marks one item read or unread.
    package func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItem, SceneError>> {
        feeds.setRead(itemID: itemID, isRead).map { $0.toScene(FeedItem.init) }
    }

    /// Marks every item of a feed read; sends how many changed.
    package func markAllRead(feedID: Int64) -> Observable<Result<Int, SceneError>> {
        feeds.markAllRead(feedID: feedID).map { $0.toScene { $0 } }
    }

    /// Opens `url` with the service's ``LinkOpener`` when subscribed.
    package func openLink(_ url: String) -> Observable<Result<Void, SceneError>> {
        let opener = opener
        return Observable.deferred { .just(opener.open(url)) }
    }

    /// Adds the download of `address` to the queue; sends the folder it goes to.
    package func download(_ address: String, title: String) -> Observable<Result<String, SceneError>> {
        let downloads = downloads
        return Observable.deferred {
            downloads.enqueue(address, title: title)
            return .just(.success(downloads.downloadFolder))
        }
    }

    /// Cancels the download running and those queued.
    package func cancelDownloads() -> Observable<Result<Int, SceneError>> {
        let downloads = downloads
        return Observable.deferred { .just(.success(downloads.cancelAll())) }
    }

    /// Observes the download queue on `scheduler`.
    package func observeDownloads(on scheduler: any Scheduler) -> Observable<[Download]> {
        downloads.observeEntries().observe(on: scheduler)
    }
}
