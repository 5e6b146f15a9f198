internal import BaseServices
import Domain
package import Streams

/// The home scene's service: live counts from the todos and the feeds base services.
///
/// A count that cannot be read shows as 0 (the seed's pattern: a failure mapped to a value),
/// so the home scene never shows an error for a count.
package struct HomeService: HomeServiceType {
    let todos: any TodosBaseServiceType
    let feeds: any FeedsBaseServiceType

    init(todos: any TodosBaseServiceType, feeds: any FeedsBaseServiceType) {
        self.todos = todos
        self.feeds = feeds
    }

    /// Observes the counts; a count that cannot be read is 0.
    package func observeCounts(on scheduler: any Scheduler) -> Observable<HomeCounts> {
        let todoCounts = todos.observeCounts(on: scheduler).map { result in
            (try? result.get()) ?? TodoTally(active: 0, completed: 0)
        }
        let unread = feeds.observeUnreadCount(on: scheduler).map { (try? $0.get()) ?? 0 }
        let failedFeeds = feeds.observeFailedFeedCount(on: scheduler).map { (try? $0.get()) ?? 0 }
        return Observable.combineLatest(todoCounts, unread, failedFeeds) { counts, unread, failed in
            HomeCounts(
                activeTodos: counts.active, completedTodos: counts.completed, unreadItems: unread, failedFeeds: failed)
        }
        .distinctUntilChanged()
    }
}
