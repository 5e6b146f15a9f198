public import Streams

/// The view model of the help scene: the key map of the scene it was opened over.
public struct HelpViewModel: Sendable {
    /// The scene whose keys are shown.
    public let scene: SceneKind
    let scheduler: any Scheduler

    /// Creates the help for `scene`; every output delivers on `scheduler`.
    public init(scene: SceneKind, scheduler: any Scheduler) {
        self.scene = scene
        self.scheduler = scheduler
    }
}
