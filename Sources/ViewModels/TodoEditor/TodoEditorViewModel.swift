public import SceneServices
public import Streams

/// The view model of the todo editor.
public struct TodoEditorViewModel: Sendable {
    let service: any TodoEditorServiceType
    let scheduler: any Scheduler
    /// The todo being edited, or `nil` for a new one.
    public let todoID: Int64?

    /// Creates the editor for the todo `todoID`, or for a new todo when it is `nil`; every output
    /// delivers on `scheduler`.
    public init(service: any TodoEditorServiceType, todoID: Int64?, scheduler: any Scheduler) {
        self.service = service
        self.todoID = todoID
        self.scheduler = scheduler
    }
}
