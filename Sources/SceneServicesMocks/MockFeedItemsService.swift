public import SceneServices
public import Streams

/// A fake ``FeedItemsServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
public struct MockFeedItemsService: FeedItemsServiceType {
    /// Answers ``observeFeed(id:on:)``.
    public var observeFeedHandler: @Sendable (Int64, any Scheduler) -> Observable<Result<Feed?, SceneError>> =
        _unexpected("FeedItemsServiceType.observeFeed(id:on:)")
    /// Answers ``observePage(feedID:offset:limit:on:)``.
    public var observePageHandler:
        @Sendable (Int64, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>> = _unexpected(
            "FeedItemsServiceType.observePage(feedID:offset:limit:on:)")
    /// Answers ``observeUnreadPage(feedID:keeping:offset:limit:on:)``.
    public var observeUnreadPageHandler:
        @Sendable (Int64, Set<Int64>, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>> =
            _unexpected("FeedItemsServiceType.observeUnreadPage(feedID:keeping:offset:limit:on:)")
    /// Answers ``nextUnreadItem(after:feedID:keeping:)``.
    public var nextUnreadItemHandler:
        @Sendable (Int64?, Int64, Set<Int64>?) -> Observable<Result<FeedItemPlace?, SceneError>> = _unexpected(
            "FeedItemsServiceType.nextUnreadItem(after:feedID:keeping:)")
    /// Answers ``locateItem(id:)``.
    public var locateItemHandler: @Sendable (Int64) -> Observable<Result<FeedItemPlace, SceneError>> = _unexpected(
        "FeedItemsServiceType.locateItem(id:)")
    /// Answers ``setRead(itemID:_:)``.
    public var setReadHandler: @Sendable (Int64, Bool) -> Observable<Result<FeedItem, SceneError>> = _unexpected(
        "FeedItemsServiceType.setRead(itemID:_:)")
    /// Answers ``markAllRead(feedID:)``.
    public var markAllReadHandler: @Sendable (Int64) -> Observable<Result<Int, SceneError>> = _unexpected(
        "FeedItemsServiceType.markAllRead(feedID:)")
    /// Answers ``openLink(_:)``.
    public var openLinkHandler: @Sendable (String) -> Observable<Result<Void, SceneError>> = _unexpected(
        "FeedItemsServiceType.openLink(_:)")

    /// A fake whose every method fails the test when called.
    public init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    public init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``observeFeedHandler``.
    public func observeFeed(id: Int64, on scheduler: any Scheduler) -> Observable<Result<Feed?, SceneError>> {
        observeFeedHandler(id, scheduler)
    }

    /// Calls ``observePageHandler``.
    public func observePage(
        feedID: Int64, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        observePageHandler(feedID, offset, limit, scheduler)
    }

    /// Calls ``observeUnreadPageHandler``.
    public func observeUnreadPage(
        feedID: Int64, keeping kept: Set<Int64>, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPage, SceneError>> {
        observeUnreadPageHandler(feedID, kept, offset, limit, scheduler)
    }

    /// Calls ``nextUnreadItemHandler``.
    public func nextUnreadItem(
        after itemID: Int64?, feedID: Int64, keeping kept: Set<Int64>?
    ) -> Observable<Result<FeedItemPlace?, SceneError>> {
        nextUnreadItemHandler(itemID, feedID, kept)
    }

    /// Calls ``locateItemHandler``.
    public func locateItem(id itemID: Int64) -> Observable<Result<FeedItemPlace, SceneError>> {
        locateItemHandler(itemID)
    }

    /// Calls ``setReadHandler``.
    public func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItem, SceneError>> {
        setReadHandler(itemID, isRead)
    }

    /// Calls ``markAllReadHandler``.
    public func markAllRead(feedID: Int64) -> Observable<Result<Int, SceneError>> {
        markAllReadHandler(feedID)
    }

    /// Calls ``openLinkHandler``.
    public func openLink(_ url: String) -> Observable<Result<Void, SceneError>> {
        openLinkHandler(url)
    }
}
