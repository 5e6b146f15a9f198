public import SceneServices
public import Streams

/// A fake ``FeedListServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
public struct MockFeedListService: FeedListServiceType {
    /// Answers ``observeFeeds(on:)``.
    public var observeFeedsHandler: @Sendable (any Scheduler) -> Observable<Result<[Feed], SceneError>> = _unexpected(
        "FeedListServiceType.observeFeeds(on:)")
    /// Answers ``addFeed(url:)``.
    public var addFeedHandler: @Sendable (String) -> Observable<Result<Feed, SceneError>> = _unexpected(
        "FeedListServiceType.addFeed(url:)")
    /// Answers ``importFeeds(fromFile:)``.
    public var importFeedsHandler: @Sendable (String) -> Observable<Result<FeedImportSummary, SceneError>> =
        _unexpected("FeedListServiceType.importFeeds(fromFile:)")
    /// Answers ``removeFeed(id:)``.
    public var removeFeedHandler: @Sendable (Int64) -> Observable<Result<Feed, SceneError>> = _unexpected(
        "FeedListServiceType.removeFeed(id:)")
    /// Answers ``observeSearch(_:limit:on:)``.
    public var observeSearchHandler:
        @Sendable (String, Int, any Scheduler) -> Observable<Result<[FeedSearchResult], SceneError>> = _unexpected(
            "FeedListServiceType.observeSearch(_:limit:on:)")
    /// Answers ``refresh(feedIDs:)``.
    public var refreshHandler: @Sendable ([Int64]) -> Observable<FeedRefreshEvent> = _unexpected(
        "FeedListServiceType.refresh(feedIDs:)")
    /// Answers ``undo()``.
    public var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "FeedListServiceType.undo()")
    /// Answers ``redo()``.
    public var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "FeedListServiceType.redo()")

    /// A fake whose every method fails the test when called.
    public init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    public init(_ configure: (inout Self) -> Void) {
        configure(&self)
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
