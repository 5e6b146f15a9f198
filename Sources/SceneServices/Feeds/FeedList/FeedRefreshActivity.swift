package import Streams
import Synchronization

/// The feeds being refreshed now by the feeds services of one composition: a scene's own
/// refreshes and the app's automatic reload alike, so that the feeds scene shows a feed as being
/// refreshed whoever started it.
package final class FeedRefreshActivity: Sendable {
    /// How many refreshes of each feed are under way.
    private let running = Mutex<[Int64: Int]>([:])
    private let changes = BehaviorRelay<Set<Int64>>(value: [])

    /// An activity with nothing under way.
    package init() {}

    /// `work`, a refresh of the feed `id`, counted as under way from its subscription until it
    /// ends or is disposed.
    package func tracking<Element: Sendable>(_ id: Int64, _ work: Observable<Element>) -> Observable<Element> {
        work.do(onSubscribe: { self.change(id, by: 1) }, onDispose: { self.change(id, by: -1) })
    }

    /// The feeds being refreshed now, then the feeds after each change.
    package func observe() -> Observable<Set<Int64>> { changes.asObservable() }

    private func change(_ id: Int64, by step: Int) {
        // Sent under the lock, so that changes made on several threads arrive in their order.
        running.withLock { running in
            let count = running[id, default: 0] + step
            running[id] = count > 0 ? count : nil
            changes.accept(Set(running.keys))
        }
    }
}
