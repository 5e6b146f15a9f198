internal import BaseServices
import Foundation
public import Streams

/// The feeds scene's service: the feeds base service for storage, a feed fetcher (over the
/// network base service) for refreshing.
///
/// A refresh fetches each feed in turn, stores its items (new ones unread, known ones keep
/// their read state) and takes the feed's own title; a feed that fails is reported, its
/// message stored as the feed's last error, and the others go on.
public struct FeedListService: FeedListServiceType {
    let feeds: any FeedsBaseServiceType
    let fetch: @Sendable (String) -> Observable<FeedFetchEvent>
    let now: @Sendable () -> Date

    /// The service over the shared base services (configure them first).
    public init() {
        let fetcher = FeedFetcher()
        self.init(feeds: FeedsBaseService.shared, fetch: { fetcher.fetch($0) })
    }

    init(
        feeds: any FeedsBaseServiceType, fetch: @escaping @Sendable (String) -> Observable<FeedFetchEvent>,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.feeds = feeds
        self.fetch = fetch
        self.now = now
    }

    /// Observes every feed, by title.
    public func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[Feed], SceneError>> {
        feeds.observeFeeds(on: scheduler).map { result in result.toScene { $0.map(Feed.init) } }
    }

    /// Subscribes to the feed at `url`; its title is the address until the first refresh.
    public func addFeed(url: String) -> Observable<Result<Feed, SceneError>> {
        feeds.addFeed(url: url, title: url, siteURL: nil).map { $0.toScene(Feed.init) }
    }

    /// Subscribes to every feed the OPML file at `path` lists, without fetching them; a file that
    /// cannot be read or is not OPML fails with one line naming it.
    public func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>> {
        feeds.importSubscriptions(fromFile: path).map { result in
            result.map { report in
                FeedImportSummary(
                    addedFeedIDs: report.added.map(\.id), skippedCount: report.skipped.count,
                    failures: report.failed.map { entry in
                        let name = entry.title ?? entry.address ?? "an outline"
                        return "\(name): \(entry.reason)"
                    })
            }
            .mapError { SceneError.feed($0.description) }
        }
    }

    /// Unsubscribes from a feed and sends it as it was; the history records it for undo.
    public func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>> {
        feeds.removeFeed(id: id).map { $0.toScene(Feed.init) }
    }

    /// Undoes the last change, to feeds or todos, made here or by any other process.
    public func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        feeds.undo().map { $0.toScene { $0.map(HistoryStep.init) } }
    }

    /// Redoes the last change undone.
    public func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        feeds.redo().map { $0.toScene { $0.map(HistoryStep.init) } }
    }

    /// Observes the newest `limit` items of all feeds matching every word of `text`.
    public func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        feeds.observeSearch(text, limit: limit, on: scheduler).map { result in
            result.toScene { $0.map(FeedSearchResult.init) }
        }
    }

    /// Refreshes feeds one after another; disposing stops it (the feed being fetched is
    /// cancelled, the rest are not fetched).
    public func refresh(feedIDs: [Int64]) -> Observable<FeedRefreshEvent> {
        let service = self
        return feeds.fetchFeeds().concatMap { stored -> Observable<FeedRefreshEvent> in
            let urls: [Int64: String]
            switch stored {
            case .success(let objects):
                urls = Dictionary(objects.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
            case .failure(let error):
                let failure = SceneError(error)
                return Observable.from(
                    [FeedRefreshEvent.started(feedIDs: feedIDs)]
                        + feedIDs.map { FeedRefreshEvent.finished(feedID: $0, .failure(failure)) })
            }
            let steps = Observable.from(feedIDs).concatMap { id -> Observable<FeedRefreshEvent> in
                guard let url = urls[id] else {
                    return .just(.finished(feedID: id, .failure(SceneError.gone(.feed))))
                }
                return service.refreshOne(id: id, url: url).map { FeedRefreshEvent.finished(feedID: id, $0) }
            }
            return steps.startWith(.started(feedIDs: feedIDs))
        }
    }

    /// Fetches one feed and stores what it has: how many items were new, or why it failed. The
    /// outcome is recorded as the feed's last error (cleared on success, an unchanged feed
    /// included), so it is still shown after a restart.
    func refreshOne(id: Int64, url: String) -> Observable<Result<Int, SceneError>> {
        let feeds = feeds
        return fetchAndStore(id: id, url: url).concatMap { result -> Observable<Result<Int, SceneError>> in
            let message: String? =
                switch result {
                case .success: nil
                case .failure(let error): error.message
                }
            // Recording is best effort: the refresh's own outcome is what is reported.
            return feeds.setLastError(feedID: id, message).map { _ in result }
        }
    }

    private func fetchAndStore(id: Int64, url: String) -> Observable<Result<Int, SceneError>> {
        let feeds = feeds
        let now = now
        return fetch(url)
            .compactMap { event -> FeedFetchResult? in
                guard case .finished(let result) = event else { return nil }
                return result
            }
            .take(1)
            .concatMap { result -> Observable<Result<Int, SceneError>> in
                guard case .fetched(let parsed, _) = result else { return .just(.success(0)) }
                let drafts = parsed.items.map { FeedItemDraft($0, feedURL: url) }
                return feeds.storeItems(drafts, feedID: id, fetchedAt: now()).concatMap { stored in
                    switch stored {
                    case .failure(let error):
                        return Observable.just(Result<Int, SceneError>.failure(SceneError(error)))
                    case .success(let newCount):
                        let title = parsed.title.trimmingCharacters(in: .whitespacesAndNewlines)
                        guard !title.isEmpty else { return .just(.success(newCount)) }
                        return feeds.updateFeed(id: id, title: title, siteURL: parsed.siteLink)
                            .map { $0.map { _ in newCount }.mapError(SceneError.init) }
                    }
                }
            }
            .catch { error in Observable.just(.failure(error as? SceneError ?? .feed("\(error)"))) }
    }
}
