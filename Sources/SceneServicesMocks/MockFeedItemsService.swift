package import Domain
package import SceneServices
package import Streams

/// A fake ``FeedItemsServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
package struct MockFeedItemsService: FeedItemsServiceType {
    /// Answers ``observeFeed(id:on:)``.
    package var observeFeedHandler: @Sendable (Int64, any Scheduler) -> Observable<Result<Feed?, SceneError>> =
        _unexpected("FeedItemsServiceType.observeFeed(id:on:)")
    /// Answers ``observePage(feedID:offset:limit:on:)``.
    package var observePageHandler:
        @Sendable (Int64, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>> = _unexpected(
            "FeedItemsServiceType.observePage(feedID:offset:limit:on:)")
    /// Answers ``observeUnreadPage(feedID:keeping:offset:limit:on:)``.
    package var observeUnreadPageHandler:
        @Sendable (Int64, Set<Int64>, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>> =
            _unexpected("FeedItemsServiceType.observeUnreadPage(feedID:keeping:offset:limit:on:)")
    /// Answers ``nextUnreadItem(after:feedID:keeping:)``.
    package var nextUnreadItemHandler:
        @Sendable (Int64?, Int64, Set<Int64>?) -> Observable<Result<FeedItemPlace?, SceneError>> = _unexpected(
            "FeedItemsServiceType.nextUnreadItem(after:feedID:keeping:)")
    /// Answers ``locateItem(id:)``.
    package var locateItemHandler: @Sendable (Int64) -> Observable<Result<FeedItemPlace, SceneError>> = _unexpected(
        "FeedItemsServiceType.locateItem(id:)")
    /// Answers ``setRead(itemID:_:)``.
    package var setReadHandler: @Sendable (Int64, Bool) -> Observable<Result<FeedItem, SceneError>> = _unexpected(
        "FeedItemsServiceType.setRead(itemID:_:)")
    /// Answers ``markAllRead(feedID:)``.
    package var markAllReadHandler: @Sendable (Int64) -> Observable<Result<Int, SceneError>> = _unexpected(
        "FeedItemsServiceType.markAllRead(feedID:)")
    /// Answers ``undo()``.
    package var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "FeedItemsServiceType.undo()")
    /// Answers ``redo()``.
    package var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "FeedItemsServiceType.redo()")
    /// Answers ``openLink(_:)``.
    package var openLinkHandler: @Sendable (String) -> Observable<Result<Void, SceneError>> = _unexpected(
        "FeedItemsServiceType.openLink(_:)")
    /// Answers ``download(_:title:)``.
    package var downloadHandler: @Sendable (String, String) -> Observable<Result<String, SceneError>> = _unexpected(
        "FeedItemsServiceType.download(_:title:)")
    /// Answers ``cancelDownloads()``.
    package var cancelDownloadsHandler: @Sendable () -> Observable<Result<Int, SceneError>> = _unexpected(
        "FeedItemsServiceType.cancelDownloads()")
    /// Answers ``observeDownloads(on:)``; an empty queue that never changes unless set.
    package var observeDownloadsHandler: @Sendable (any Scheduler) -> Observable<[Download]> = { _ in .just([]) }

    /// A fake whose every method fails the test when called.
    package init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    package init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``observeFeedHandler``.
    package func observeFeed(id: Int64, on scheduler: any Scheduler) -> Observable<Result<Feed?, SceneError>> {
        observeFeedHandler(id, scheduler)
    }

    /// Calls ``observePageHandler``.
    package func observePage(
        feedID: Int64, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        observePageHandler(feedID, offset, limit, scheduler)
    }

    /// Calls ``observeUnreadPageHandler``.
    package func observeUnreadPage(
        feedID: Int64, keeping kept: Set<Int64>, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        observeUnreadPageHandler(feedID, kept, offset, limit, scheduler)
    }

    /// Calls ``nextUnreadItemHandler``.
    package func nextUnreadItem(
        after itemID: Int64?, feedID: Int64, keeping kept: Set<Int64>?
    ) -> Observable<Result<FeedItemPlace?, SceneError>> {
        nextUnreadItemHandler(itemID, feedID, kept)
    }

    /// Calls ``locateItemHandler``.
    package func locateItem(id itemID: Int64) -> Observable<Result<FeedItemPlace, SceneError>> {
        locateItemHandler(itemID)
    }

    /// Calls ``setReadHandler``.
    package func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItem, SceneError>> {
        setReadHandler(itemID, isRead)
    }

    /// Calls ``markAllReadHandler``.
    package func markAllRead(feedID: Int64) -> Observable<Result<Int, SceneError>> {
        markAllReadHandler(feedID)
    }

    /// Calls ``undoHandler``.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        undoHandler()
    }

    /// Calls ``redoHandler``.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        redoHandler()
    }

    /// Calls ``openLinkHandler``.
    package func openLink(_ url: String) -> Observable<Result<Void, SceneError>> {
        openLinkHandler(url)
    }

    /// Calls ``downloadHandler``.
    package func download(_ address: String, title: String) -> Observable<Result<String, SceneError>> {
        downloadHandler(address, title)
    }

    /// Calls ``cancelDownloadsHandler``.
    package func cancelDownloads() -> Observable<Result<Int, SceneError>> {
        cancelDownloadsHandler()
    }

    /// Calls ``observeDownloadsHandler``.
    package func observeDownloads(on scheduler: any Scheduler) -> Observable<[Download]> {
        observeDownloadsHandler(scheduler)
    }
}
