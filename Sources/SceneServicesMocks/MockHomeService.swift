public import SceneServices
public import Streams

/// A fake ``HomeServiceType``: one closure per method; a method the test gives no closure for
/// fails the test when called.
public struct MockHomeService: HomeServiceType {
    /// Answers ``observeCounts(on:)``.
    public var observeCountsHandler: @Sendable (any Scheduler) -> Observable<HomeCounts>

    /// Creates a fake; every closure left out fails the test when called.
    public init(observeCounts: (@Sendable (any Scheduler) -> Observable<HomeCounts>)? = nil) {
        self.observeCountsHandler =
            observeCounts ?? { _ in
                _unexpectedCall("HomeServiceType.observeCounts(on:)")
                return .empty()
            }
    }

    /// Calls ``observeCountsHandler``.
    public func observeCounts(on scheduler: any Scheduler) -> Observable<HomeCounts> {
        observeCountsHandler(scheduler)
    }
}
