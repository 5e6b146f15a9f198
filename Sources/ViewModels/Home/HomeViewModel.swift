public import SceneServices
public import Streams

/// The view model of the home scene: live counts, and the way to the other scenes.
public struct HomeViewModel: Sendable {
    let service: any HomeServiceType
    let scheduler: any Scheduler

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    public init(service: any HomeServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }
}
