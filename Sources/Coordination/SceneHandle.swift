/// A scene the coordinator asked the presenter to show: the scene, how to show it, and an
/// identity that tells two presentations of the same kind of scene apart.
public struct SceneHandle<Scene: Sendable>: Sendable, Identifiable {
    /// The presentation's identity, unique for the coordinator's lifetime.
    public let id: Int
    /// The scene (usually carrying its view model).
    public let scene: Scene
    /// How it is shown.
    public let presentation: Presentation

    /// A handle for `scene`, shown as `presentation`.
    public init(id: Int, scene: Scene, presentation: Presentation) {
        self.id = id
        self.scene = scene
        self.presentation = presentation
    }
}
