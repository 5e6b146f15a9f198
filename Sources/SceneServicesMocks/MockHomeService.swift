package import SceneServices
package import Streams

/// A fake ``HomeServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
package struct MockHomeService: HomeServiceType {
    /// Answers ``observeCounts(on:)``.
    package var observeCountsHandler: @Sendable (any Scheduler) -> Observable<HomeCounts> = _unexpected(
        "HomeServiceType.observeCounts(on:)")

    /// A fake whose every method fails the test when called.
    package init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    package init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``observeCountsHandler``.
    package func observeCounts(on scheduler: any Scheduler) -> Observable<HomeCounts> {
        observeCountsHandler(scheduler)
    }
}
