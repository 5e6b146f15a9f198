public import SceneServices
public import Streams

/// The view model of one feed's items.
public struct FeedItemsViewModel: Sendable {
    let service: any FeedItemsServiceType
    let scheduler: any Scheduler
    /// The feed whose items are shown.
    public let feedID: Int64

    /// Creates the view model for the feed `feedID`; every output delivers on `scheduler`.
    public init(service: any FeedItemsServiceType, feedID: Int64, scheduler: any Scheduler) {
        self.service = service
        self.feedID = feedID
        self.scheduler = scheduler
    }
}
