internal import BaseServices
import Streams

extension ServicesBootstrap {
    /// The address of the feed the broken-feed content adds: the fake network answers it with a
    /// page that is not a feed.
    static let brokenFeedURL = "https://example.com/rivulet/broken-feed.xml"

    /// Shapes the stored data as `content` asks, through the base services' public API.
    static func prepare(
        _ content: ServicesConfiguration.Content, todos: any TodosBaseServiceType, feeds: any FeedsBaseServiceType,
        history: any HistoryBaseServiceType
    ) throws(SceneError) {
        switch content {
        case .asStored:
            return
        case .empty:
            try removeEverything(todos: todos, feeds: feeds)
        case .manyTodos(let count):
            try removeEverything(todos: todos, feeds: feeds)
            _ = try outcome(todos.createMany(titles: (0..<count).map { "Todo \($0 + 1)" }))
        case .brokenFeed:
            _ = try outcome(feeds.addFeed(url: brokenFeedURL, title: "A broken feed", siteURL: nil))
        }
        // The prepared state is where undo stops, not a change to take back.
        _ = try outcome(history.forgetHistory())
    }

    private static func removeEverything(
        todos: any TodosBaseServiceType, feeds: any FeedsBaseServiceType
    ) throws(SceneError) {
        // Mark every todo done (toggling all flips them back when all already are), then clear.
        let counts = try outcome(todos.observeCounts(on: ImmediateScheduler()))
        if counts.active > 0 { _ = try outcome(todos.toggleAll()) }
        _ = try outcome(todos.clearCompleted())
        for feed in try outcome(feeds.fetchFeeds()) {
            _ = try outcome(feeds.removeFeed(id: feed.id))
        }
    }

    /// How long ``outcome(_:)`` waits for the database's answer, in seconds.
    static let answerTimeout = 30.0

    /// The first result a base-service observable sends (writes and first observations send
    /// it as they are subscribed to), as a value or a thrown scene error.
    static func outcome<Value: Sendable>(
        _ observable: Observable<Result<Value, BaseServiceError>>
    ) throws(SceneError) -> Value {
        let first = try? observable.toBlocking(timeout: answerTimeout).first()
        guard let result = first ?? nil else { throw SceneError.storage("The database did not answer.") }
        return try result.mapError(SceneError.init).get()
    }
}
