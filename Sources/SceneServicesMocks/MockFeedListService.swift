public import SceneServices
public import Streams

/// A fake ``FeedListServiceType``: one closure per method; a method the test gives no closure for
/// fails the test when called.
public struct MockFeedListService: FeedListServiceType {
    /// Answers ``observeFeeds(on:)``.
    public var observeFeedsHandler: @Sendable (any Scheduler) -> Observable<Result<[Feed], SceneError>>
    /// Answers ``addFeed(url:)``.
    public var addFeedHandler: @Sendable (String) -> Observable<Result<Feed, SceneError>>
    /// Answers ``importFeeds(fromFile:)``.
    public var importFeedsHandler: @Sendable (String) -> Observable<Result<FeedImportSummary, SceneError>>
    /// Answers ``removeFeed(id:)``.
    public var removeFeedHandler: @Sendable (Int64) -> Observable<Result<Feed, SceneError>>
    /// Answers ``observeSearch(_:limit:on:)``.
    public var observeSearchHandler:
        @Sendable (String, Int, any Scheduler) -> Observable<Result<[FeedSearchResult], SceneError>>
    /// Answers ``refresh(feedIDs:)``.
    public var refreshHandler: @Sendable ([Int64]) -> Observable<FeedRefreshEvent>
    /// Answers ``undo()``.
    public var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>>
    /// Answers ``redo()``.
    public var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>>

    /// Creates a fake; every closure left out fails the test when called.
    public init(
        observeFeeds: (@Sendable (any Scheduler) -> Observable<Result<[Feed], SceneError>>)? = nil,
        addFeed: (@Sendable (String) -> Observable<Result<Feed, SceneError>>)? = nil,
        removeFeed: (@Sendable (Int64) -> Observable<Result<Feed, SceneError>>)? = nil,
        importFeeds: (@Sendable (String) -> Observable<Result<FeedImportSummary, SceneError>>)? = nil,
        refresh: (@Sendable ([Int64]) -> Observable<FeedRefreshEvent>)? = nil,
        undo: (@Sendable () -> Observable<Result<HistoryStep?, SceneError>>)? = nil,
        redo: (@Sendable () -> Observable<Result<HistoryStep?, SceneError>>)? = nil,
        observeSearch: (@Sendable (String, Int, any Scheduler) -> Observable<Result<[FeedSearchResult], SceneError>>)? =
            nil
    ) {
        self.undoHandler =
            undo ?? {
                _unexpectedCall("FeedListServiceType.undo()")
                return .empty()
            }
        self.redoHandler =
            redo ?? {
                _unexpectedCall("FeedListServiceType.redo()")
                return .empty()
            }
        self.observeFeedsHandler =
            observeFeeds ?? { _ in
                _unexpectedCall("FeedListServiceType.observeFeeds(on:)")
                return .empty()
            }
        self.addFeedHandler =
            addFeed ?? { _ in
                _unexpectedCall("FeedListServiceType.addFeed(url:)")
                return .empty()
            }
        self.removeFeedHandler =
            removeFeed ?? { _ in
                _unexpectedCall("FeedListServiceType.removeFeed(id:)")
                return .empty()
            }
        self.importFeedsHandler =
            importFeeds ?? { _ in
                _unexpectedCall("FeedListServiceType.importFeeds(fromFile:)")
                return .empty()
            }
        self.observeSearchHandler =
            observeSearch ?? { _, _, _ in
                _unexpectedCall("FeedListServiceType.observeSearch(_:limit:on:)")
                return .empty()
            }
        self.refreshHandler =
            refresh ?? { _ in
                _unexpectedCall("FeedListServiceType.refresh(feedIDs:)")
                return .empty()
            }
    }

    /// Calls ``observeFeedsHandler``.
    public func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[Feed], SceneError>> {
        observeFeedsHandler(scheduler)
    }

    /// Calls ``addFeedHandler``.
    public func addFeed(url: String) -> Observable<Result<Feed, SceneError>> {
        addFeedHandler(url)
    }

    /// Calls ``importFeedsHandler``.
    public func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>> {
        importFeedsHandler(path)
    }

    /// Calls ``removeFeedHandler``.
    public func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>> {
        removeFeedHandler(id)
    }

    /// Calls ``observeSearchHandler``.
    public func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        observeSearchHandler(text, limit, scheduler)
    }

    /// Calls ``refreshHandler``.
    public func refresh(feedIDs: [Int64]) -> Observable<FeedRefreshEvent> {
        refreshHandler(feedIDs)
    }

    /// Calls ``undoHandler``.
    public func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        undoHandler()
    }

    /// Calls ``redoHandler``.
    public func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        redoHandler()
    }
}
