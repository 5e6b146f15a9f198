public import SceneServices
public import Streams

/// The view model of the feeds scene.
public struct FeedListViewModel: Sendable {
    let service: any FeedListServiceType
    let scheduler: any Scheduler

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    public init(service: any FeedListServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }
}
