public import SceneServices
public import Streams

/// The view model of the todo list.
public struct TodoListViewModel: Sendable {
    let service: any TodoListServiceType
    let scheduler: any Scheduler

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    public init(service: any TodoListServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }
}
