import Streams

/// A virtual-time scheduler for driving the run-loop core in tests: nothing runs until
/// `advance(by:)`, which runs due actions in time order (same time: in scheduling order).
final class ManualScheduler: Scheduler {
    private struct Item {
        let time: Int
        let order: Int
        let action: @Sendable () -> Void
        let cancelled: BooleanDisposable
    }

    private struct State {
        var now = 0
        var order = 0
        var items: [Item] = []
    }

    private let state = SanitizerVisibleMutex(State())

    var now: Int { state.withLock { $0.now } }

    var pendingCount: Int { state.withLock { $0.items.filter { !$0.cancelled.isDisposed }.count } }

    @discardableResult
    func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(after: .zero, label: label, action)
    }

    @discardableResult
    func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    )
        -> any Disposable
    {
        let cancelled = BooleanDisposable()
        state.withLock { state in
            state.order += 1
            state.items.append(
                Item(time: state.now + max(delay.ticks, 0), order: state.order, action: action, cancelled: cancelled))
        }
        return cancelled
    }

    /// Runs everything due up to `now + ticks`, including work scheduled meanwhile.
    func advance(by ticks: Int) {
        let target = now + ticks
        while true {
            let next: Item? = state.withLock { state in
                guard
                    let index = state.items.indices
                        .filter({ state.items[$0].time <= target })
                        .min(by: {
                            (state.items[$0].time, state.items[$0].order) < (
                                state.items[$1].time, state.items[$1].order
                            )
                        })
                else { return nil }
                let item = state.items.remove(at: index)
                state.now = max(state.now, item.time)
                return item
            }
            guard let next else { break }
            if !next.cancelled.isDisposed { next.action() }
        }
        state.withLock { $0.now = target }
    }
}
