package import SceneServices
package import Streams

/// A fake ``FeedListServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
package struct MockFeedListService: FeedListServiceType {
    /// Answers ``observeFeeds(on:)``.
    package var observeFeedsHandler: @Sendable (any Scheduler) -> Observable<Result<[Feed], SceneError>> = _unexpected(
        "FeedListServiceType.observeFeeds(on:)")
    /// Answers ``addFeed(url:)``.
    package var addFeedHandler: @Sendable (String) -> Observable<Result<Feed, SceneError>> = _unexpected(
        "FeedListServiceType.addFeed(url:)")
    /// Answers ``importFeeds(fromFile:)``.
    package var importFeedsHandler: @Sendable (String) -> Observable<Result<FeedImportSummary, SceneError>> =
        _unexpected("FeedListServiceType.importFeeds(fromFile:)")
    /// Answers ``removeFeed(id:)``.
    package var removeFeedHandler: @Sendable (Int64) -> Observable<Result<Feed, SceneError>> = _unexpected(
        "FeedListServiceType.removeFeed(id:)")
    /// Answers ``removeQueryFeed(id:)``.
    package var removeQueryFeedHandler: @Sendable (Int64) -> Observable<Result<FeedRule, SceneError>> = _unexpected(
        "FeedListServiceType.removeQueryFeed(id:)")
    /// Answers ``observeSearch(_:limit:on:)``.
    package var observeSearchHandler:
        @Sendable (String, Int, any Scheduler) -> Observable<Result<[FeedSearchResult], SceneError>> = _unexpected(
            "FeedListServiceType.observeSearch(_:limit:on:)")
    /// Answers ``observeQueryFeeds(on:)``.
    package var observeQueryFeedsHandler: @Sendable (any Scheduler) -> Observable<Result<[FeedRule], SceneError>> =
        _unexpected("FeedListServiceType.observeQueryFeeds(on:)")
    /// Answers ``observeMatches(of:limit:on:)``.
    package var observeMatchesHandler:
        @Sendable (String, Int, any Scheduler) -> Observable<Result<[FeedSearchResult], SceneError>> = _unexpected(
            "FeedListServiceType.observeMatches(of:limit:on:)")
    /// Answers ``refresh(feedIDs:)``.
    package var refreshHandler: @Sendable ([Int64]) -> Observable<FeedRefreshEvent> = _unexpected(
        "FeedListServiceType.refresh(feedIDs:)")
    /// Answers ``observeRefreshing(on:)``: by default, nothing is being refreshed elsewhere.
    package var observeRefreshingHandler: @Sendable (any Scheduler) -> Observable<Set<Int64>> = { _ in .just([]) }
    /// Answers ``undo()``.
    package var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "FeedListServiceType.undo()")
    /// Answers ``redo()``.
    package var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "FeedListServiceType.redo()")

    /// A fake whose every method fails the test when called.
    package init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    package init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``observeFeedsHandler``.
    package func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[Feed], SceneError>> {
        observeFeedsHandler(scheduler)
    }

    /// Calls ``addFeedHandler``.
    package func addFeed(url: String) -> Observable<Result<Feed, SceneError>> {
        addFeedHandler(url)
    }

    /// Calls ``importFeedsHandler``.
    package func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>> {
        importFeedsHandler(path)
    }

    /// Calls ``removeFeedHandler``.
    package func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>> {
        removeFeedHandler(id)
    }

    /// Calls ``removeQueryFeedHandler``.
    package func removeQueryFeed(id: Int64) -> Observable<Result<FeedRule, SceneError>> {
        removeQueryFeedHandler(id)
    }

    /// Calls ``observeSearchHandler``.
    package func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        observeSearchHandler(text, limit, scheduler)
    }

    /// Calls ``observeQueryFeedsHandler``.
    package func observeQueryFeeds(on scheduler: any Scheduler) -> Observable<Result<[FeedRule], SceneError>> {
        observeQueryFeedsHandler(scheduler)
    }

    /// Calls ``observeMatchesHandler``.
    package func observeMatches(
        of expression: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        observeMatchesHandler(expression, limit, scheduler)
    }

    /// Calls ``observeRefreshingHandler``.
    package func observeRefreshing(on scheduler: any Scheduler) -> Observable<Set<Int64>> {
        observeRefreshingHandler(scheduler)
    }

    /// Calls ``refreshHandler``.
    package func refresh(feedIDs: [Int64]) -> Observable<FeedRefreshEvent> {
        refreshHandler(feedIDs)
    }

    /// Calls ``undoHandler``.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        undoHandler()
    }

    /// Calls ``redoHandler``.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        redoHandler()
    }
}
