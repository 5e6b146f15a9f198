public import SceneServices
public import Streams

/// A fake ``FeedItemsServiceType``: one closure per method; a method the test gives no closure for
/// fails the test when called.
public struct MockFeedItemsService: FeedItemsServiceType {
    /// Answers ``observeFeed(id:on:)``.
    public var observeFeedHandler: @Sendable (Int64, any Scheduler) -> Observable<Result<Feed?, SceneError>>
    /// Answers ``observePage(feedID:offset:limit:on:)``.
    public var observePageHandler:
        @Sendable (Int64, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>>
    /// Answers ``observeUnreadPage(feedID:keeping:offset:limit:on:)``.
    public var observeUnreadPageHandler:
        @Sendable (Int64, Set<Int64>, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>>
    /// Answers ``nextUnreadItem(after:feedID:keeping:)``.
    public var nextUnreadItemHandler:
        @Sendable (Int64?, Int64, Set<Int64>?) -> Observable<Result<FeedItemPlace?, SceneError>>
    /// Answers ``locateItem(id:)``.
    public var locateItemHandler: @Sendable (Int64) -> Observable<Result<FeedItemPlace, SceneError>>
    /// Answers ``setRead(itemID:_:)``.
    public var setReadHandler: @Sendable (Int64, Bool) -> Observable<Result<FeedItem, SceneError>>
    /// Answers ``markAllRead(feedID:)``.
    public var markAllReadHandler: @Sendable (Int64) -> Observable<Result<Int, SceneError>>
    /// Answers ``openLink(_:)``.
    public var openLinkHandler: @Sendable (String) -> Observable<Result<Void, SceneError>>

    /// Creates a fake; every closure left out fails the test when called.
    public init(
        observeFeed: (@Sendable (Int64, any Scheduler) -> Observable<Result<Feed?, SceneError>>)? = nil,
        observePage: (@Sendable (Int64, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>>)? =
            nil,
        observeUnreadPage: (
            @Sendable (Int64, Set<Int64>, Int, Int, any Scheduler) -> Observable<Result<FeedItemPage, SceneError>>
        )? = nil,
        nextUnreadItem: (@Sendable (Int64?, Int64, Set<Int64>?) -> Observable<Result<FeedItemPlace?, SceneError>>)? =
            nil,
        locateItem: (@Sendable (Int64) -> Observable<Result<FeedItemPlace, SceneError>>)? = nil,
        setRead: (@Sendable (Int64, Bool) -> Observable<Result<FeedItem, SceneError>>)? = nil,
        markAllRead: (@Sendable (Int64) -> Observable<Result<Int, SceneError>>)? = nil,
        openLink: (@Sendable (String) -> Observable<Result<Void, SceneError>>)? = nil
    ) {
        self.observeFeedHandler =
            observeFeed ?? { _, _ in
                _unexpectedCall("FeedItemsServiceType.observeFeed(id:on:)")
                return .empty()
            }
        self.observePageHandler =
            observePage ?? { _, _, _, _ in
                _unexpectedCall("FeedItemsServiceType.observePage(feedID:offset:limit:on:)")
                return .empty()
            }
        self.observeUnreadPageHandler =
            observeUnreadPage ?? { _, _, _, _, _ in
                _unexpectedCall("FeedItemsServiceType.observeUnreadPage(feedID:keeping:offset:limit:on:)")
                return .empty()
            }
        self.nextUnreadItemHandler =
            nextUnreadItem ?? { _, _, _ in
                _unexpectedCall("FeedItemsServiceType.nextUnreadItem(after:feedID:keeping:)")
                return .empty()
            }
        self.locateItemHandler =
            locateItem ?? { _ in
                _unexpectedCall("FeedItemsServiceType.locateItem(id:)")
                return .empty()
            }
        self.setReadHandler =
            setRead ?? { _, _ in
                _unexpectedCall("FeedItemsServiceType.setRead(itemID:_:)")
                return .empty()
            }
        self.markAllReadHandler =
            markAllRead ?? { _ in
                _unexpectedCall("FeedItemsServiceType.markAllRead(feedID:)")
                return .empty()
            }
        self.openLinkHandler =
            openLink ?? { _ in
                _unexpectedCall("FeedItemsServiceType.openLink(_:)")
                return .empty()
            }
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
