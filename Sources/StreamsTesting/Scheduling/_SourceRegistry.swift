/// A test source whose subscriptions a ``ViewModelHarness`` checks at the end of a test.
protocol _SubscriptionLogging: AnyObject, Sendable {
    /// How failures name the source.
    var label: String { get }
    /// The subscriptions made so far.
    var subscriptions: [Subscription] { get }
}

/// A weak reference, so a scheduler does not keep its sources alive.
struct _WeakSource {
    weak var source: (any _SubscriptionLogging)?
}

extension TestScheduler {
    /// Remembers a source made on this scheduler.
    func register(_ source: any _SubscriptionLogging) {
        state.withLock { $0.sources.append(_WeakSource(source: source)) }
    }

    /// The sources made on this scheduler that still exist, in the order they were made.
    var sources: [any _SubscriptionLogging] {
        state.withLock { $0.sources.compactMap(\.source) }
    }
}
