import Domain
package import Streams

/// What the feeds scene needs: the feeds, adding and removing one, undo and redo, and
/// refreshing.
package protocol FeedListServiceType: HistoryStepping {
    /// Observes every feed, by title, with unread counts and last-refresh state.
    func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[Feed], SceneError>>

    /// Subscribes to the feed at `url`.
    func addFeed(url: String) -> Observable<Result<Feed, SceneError>>

    /// Subscribes to every feed the OPML file at `path` lists, without fetching them.
    func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>>

    /// Unsubscribes from a feed and sends it as it was; ``undo()`` takes it back.
    func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>>

    /// Observes the newest `limit` items of all feeds whose title or text holds every word of
    /// `text` (each as the start of a word, case and accents ignored), each with its feed's title.
    func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>>

    /// Observes the saved query feeds, by name, each with how many items it matches and how
    /// many of those are unread.
    func observeQueryFeeds(on scheduler: any Scheduler) -> Observable<Result<[FeedRule], SceneError>>

    /// Removes the query feed `id` (undo brings it back); sends it as it was.
    func removeQueryFeed(id: Int64) -> Observable<Result<FeedRule, SceneError>>

    /// Observes the newest `limit` items of all feeds that the stored `expression` of a query
    /// feed matches, newest first, each with its feed's title.
    func observeMatches(
        of expression: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>>

    /// Refreshes feeds, up to ``FeedRefreshEvent/concurrentFeeds`` at a time (so a few servers
    /// that do not answer do not hold up the rest): sends ``FeedRefreshEvent/started(feedIDs:)``,
    /// then one ``FeedRefreshEvent/finished(feedID:_:)`` per feed as each ends, then completes.
    /// Disposing stops it.
    func refresh(feedIDs: [Int64]) -> Observable<FeedRefreshEvent>

    /// Observes which feeds are being refreshed now, by this scene or by anything else in the
    /// process that refreshes through the same services (the app's reload at start): the set at
    /// once, then after each change.
    func observeRefreshing(on scheduler: any Scheduler) -> Observable<Set<Int64>>
}

extension FeedListServiceType {
    /// Removes the feed `id`, or the query feed `id` when `isQuery`; answers its name as a
    /// person is shown it (a feed's title without the passwords an address may carry).
    package func removeEntry(id: Int64, isQuery: Bool) -> Observable<Result<String, SceneError>> {
        guard !isQuery else { return removeQueryFeed(id: id).map { $0.map { $0.name ?? "" } } }
        return removeFeed(id: id).map { $0.map { FeedURLRule.hidingPasswords(in: $0.title) } }
    }
}
