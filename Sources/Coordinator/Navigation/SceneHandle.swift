/// A scene the coordinator asked the presenter to show: the scene, how to show it, and an
/// identity that tells two presentations of the same kind of scene apart.
public struct SceneHandle: Sendable, Identifiable {
    /// The presentation's identity, unique for the coordinator's lifetime.
    public let id: Int
    /// The scene and its view model.
    public let scene: Scene
    /// How it is shown.
    public let presentation: Presentation

    /// Creates a handle.
    public init(id: Int, scene: Scene, presentation: Presentation) {
        self.id = id
        self.scene = scene
        self.presentation = presentation
    }
}
