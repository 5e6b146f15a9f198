public import SceneServices
public import Streams

/// A fake ``HomeServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
public struct MockHomeService: HomeServiceType {
    /// Answers ``observeCounts(on:)``.
    public var observeCountsHandler: @Sendable (any Scheduler) -> Observable<HomeCounts> = _unexpected(
        "HomeServiceType.observeCounts(on:)")

    /// A fake whose every method fails the test when called.
    public init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    public init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``observeCountsHandler``.
    public func observeCounts(on scheduler: any Scheduler) -> Observable<HomeCounts> {
        observeCountsHandler(scheduler)
    }
}
