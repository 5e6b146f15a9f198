internal import BaseServices
import Domain
import Streams

/// The items of a query feed, for the feeds scene and the command line alike.
enum FeedRuleMatches {
    /// Observes the newest `limit` items `expression` matches; an expression that cannot be
    /// read (stored by hand) fails with the sentence that says why.
    static func observe(
        _ expression: String, limit: Int, feeds: any FeedsBaseServiceType, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedSearchResult], SceneError>> {
        do throws(FeedItemExpressionError) {
            let parsed = try FeedItemExpression.parse(expression)
            return feeds.observeMatches(of: parsed, limit: limit, on: scheduler).map { result in
                result.toScene { $0.map(FeedSearchResult.init) }
            }
        } catch {
            return .just(.failure(.feed(error.message)))
        }
    }
}
