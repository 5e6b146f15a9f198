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
