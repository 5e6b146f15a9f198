/// What a coordinator asks of a user interface. The UI binds the scene's view model (feeds its
/// inputs, renders its outputs) and gives every route the view model emits back to
/// ``Coordinator/follow(_:from:)``.
public protocol ScenePresenter<Scene>: Sendable {
    /// The app's scene type.
    associatedtype Scene: Sendable

    /// Shows a scene on top of the current one (or as the first one, for ``Presentation/root``).
    func present(_ scene: SceneHandle<Scene>)
    /// Removes the top scene; the one below it shows again.
    func dismiss(_ scene: SceneHandle<Scene>)
    /// Ends the app: the UI restores what it changed and returns.
    func quit()
}
