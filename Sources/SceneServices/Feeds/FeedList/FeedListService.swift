internal import BaseServices
import Domain
import Foundation
package import Streams

/// The feeds scene's service, which `rivulet feeds add` and `rivulet feeds refresh` use too:
/// the feeds base service for storage and refreshing, with the fetch function
/// ``ServicesBootstrap`` makes (over the network base service, or a scenario's fake or offline
/// network) for downloading.
///
/// A refresh refreshes each feed through the feeds base service: it sends the validators of the last download (so an unchanged feed costs a
/// `304`), stores the items (new ones unread, known ones keep their read state) and takes the
/// feed's own title where the stored one is still its address; a feed that fails is reported,
/// its message stored as the feed's last error, and the others go on.
package struct FeedListService: FeedListServiceType {
    let feeds: any FeedsBaseServiceType
    let history: any HistoryBaseServiceType
    let fetch: @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>
    /// The refreshes under way, shared with the composition's other feeds services.
    let activity: FeedRefreshActivity

    init(
        feeds: any FeedsBaseServiceType, history: any HistoryBaseServiceType,
        fetch: @escaping @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>,
        activity: FeedRefreshActivity = FeedRefreshActivity()
    ) {
        self.feeds = feeds
        self.history = history
        self.fetch = fetch
        self.activity = activity
    }

    /// Observes which feeds are being refreshed, by this service or another of its composition.
    package func observeRefreshing(on scheduler: any Scheduler) -> Observable<Set<Int64>> {
        activity.observe().observe(on: scheduler)
    }

    /// Observes every feed, by title.
    package func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[Feed], SceneError>> {
        feeds.observeFeeds(on: scheduler).map { result in result.toScene { $0.map(Feed.init) } }
    }

    /// Subscribes to the feed at `url` once it has been downloaded and read, as `rivulet feeds
    /// add` does: a feed that cannot be fetched or read is not subscribed to, and the failure
    /// says why. The feed comes with its items and its own title.
    ///
    /// The subscription runs to its end even when nobody waits for it any more: leaving the
    /// feeds while a feed downloads does not drop the feed.
    package func addFeed(url: String) -> Observable<Result<Feed, SceneError>> {
        let feeds = feeds
        let fetch = fetch
        return Observable.deferred {
            let outcome = ReplaySubject<Result<Feed, SceneError>>(bufferSize: 1)
            _ = Self.subscribing(to: url, feeds: feeds, fetch: fetch).subscribe(outcome.asObserver())
            return outcome.asObservable()
        }
    }

    /// The subscription of ``addFeed(url:)``: the new feed, or why there is none.
    private static func subscribing(
        to url: String, feeds: any FeedsBaseServiceType,
        fetch: @escaping @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>
    ) -> Observable<Result<Feed, SceneError>> {
        feeds.subscribe(url: url, fetch: fetch)
            .compactMap { update -> Result<FeedRefreshSummary, SceneError>? in
                guard case .finished(let outcome) = update else { return nil }
                return outcome.mapError(SceneError.init)
            }
            .concatMap { subscribed -> Observable<Result<Feed, SceneError>> in
                switch subscribed {
                case .failure(let error):
                    return .just(.failure(error))
                case .success(let summary):
                    return feeds.fetchFeeds().map { result in
                        result.toScene { objects in
                            objects.first { $0.id == summary.feedID }
                                .map { Feed($0, omittedItemCount: summary.omittedItemCount) }
                        }
                        .flatMap { $0.map(Result.success) ?? .failure(.gone(.feed)) }
                    }
                }
            }
    }

    /// Subscribes to every feed the OPML file at `path` lists, without fetching them; a file that
    /// cannot be read or is not OPML fails with one line naming it.
    package func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>> {
        feeds.importSubscriptions(fromFile: path).map { result in
            result.map { report in
                FeedImportSummary(
                    addedFeedIDs: report.added.map(\.id), skippedCount: report.skipped.count,
                    failures: report.failed.map { entry in
                        let name = entry.title ?? entry.address ?? "an outline"
                        return FeedURLRule.hidingPasswords(in: "\(name): \(entry.reason)")
                    })
            }
            .mapError { SceneError.feed($0.description) }
        }
    }

    /// Unsubscribes from a feed and sends it as it was; the history records it for undo.
    package func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>> {
        feeds.removeFeed(id: id).map { $0.toScene(Feed.init) }
    }

    /// Undoes the last change, to feeds or todos, made here or by any other process.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.undoStep()
    }

    /// Redoes the last change undone.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.redoStep()
    }

    /// Observes the newest `limit` items of all feeds matching every word of `text`.
    package func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        feeds.observeSearch(text, limit: limit, on: scheduler).map { result in
            result.toScene { $0.map(FeedSearchResult.init) }
        }
    }

    /// Observes the saved query feeds, by name, with their counts.
    package func observeQueryFeeds(on scheduler: any Scheduler) -> Observable<Result<[FeedRule], SceneError>> {
        feeds.observeQueryFeeds(on: scheduler).map { $0.toScene { $0.map(FeedRule.init) } }
    }

    /// Removes the query feed `id`, as one step of the history.
    package func removeQueryFeed(id: Int64) -> Observable<Result<FeedRule, SceneError>> {
        feeds.removeRule(id: id).map { $0.toScene(FeedRule.init) }
    }

    /// Observes the newest `limit` items a query feed's expression matches.
    package func observeMatches(
        of expression: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        FeedRuleMatches.observe(expression, limit: limit, feeds: feeds, on: scheduler)
    }

    /// Refreshes feeds one after another; disposing stops it (the feed being fetched is
    /// cancelled, the rest are not fetched).
    package func refresh(feedIDs: [Int64]) -> Observable<FeedRefreshEvent> {
        let service = self
        return feeds.fetchFeeds().concatMap { stored -> Observable<FeedRefreshEvent> in
            let known: Set<Int64>
            switch stored {
            case .success(let objects):
                known = Set(objects.map(\.id))
            case .failure(let error):
                let failure = SceneError(error)
                return Observable.from(
                    [FeedRefreshEvent.started(feedIDs: feedIDs)]
                        + feedIDs.map { FeedRefreshEvent.finished(feedID: $0, .failure(failure)) })
            }
            let steps = Observable.from(feedIDs).map { id -> Observable<FeedRefreshEvent> in
                guard known.contains(id) else {
                    return .just(.finished(feedID: id, .failure(SceneError.gone(.feed))))
                }
                return service.refreshOne(id: id).map { FeedRefreshEvent.finished(feedID: id, $0) }
            }
            .merge(maxConcurrent: FeedRefreshEvent.concurrentFeeds)
            return steps.startWith(.started(feedIDs: feedIDs))
        }
    }

    /// Refreshes one feed through the feeds base service: what it brought, or why it failed. The base service records the outcome as the feed's last error (cleared on
    /// success, an unchanged feed included), so it is still shown after a restart.
    func refreshOne(id: Int64) -> Observable<Result<FeedRefreshCount, SceneError>> {
        activity.tracking(id, feeds.refresh(feedID: id, fetch: fetch))
            .compactMap { update -> Result<FeedRefreshCount, SceneError>? in
                guard case .finished(let outcome) = update else { return nil }
                return outcome.map {
                    FeedRefreshCount(
                        newItemCount: $0.newItemCount, keptItemCount: $0.receivedItemCount,
                        omittedItemCount: $0.omittedItemCount, removedItemCount: $0.removedItemCount)
                }
                .mapError(SceneError.init)
            }
            .take(1)
    }
}
