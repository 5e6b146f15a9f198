package import Streams

/// What the items a search across all feeds shows are asked by: words, or a query feed's
/// expression.
package enum FeedSearchRequest: Sendable, Hashable {
    /// Items whose title or text holds every word of this text.
    case words(String)
    /// Items that this stored expression of a query feed matches.
    case query(String)
}

extension FeedListServiceType {
    /// Observes the newest `limit` items that `request` asks for, newest first, each with its
    /// feed's title: by words (``observeSearch(_:limit:on:)``) or by a query feed's expression
    /// (``observeMatches(of:limit:on:)``).
    package func observeItems(
        _ request: FeedSearchRequest, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        switch request {
        case .words(let text): observeSearch(text, limit: limit, on: scheduler)
        case .query(let expression): observeMatches(of: expression, limit: limit, on: scheduler)
        }
    }
}
