/// What the coordinator asks of a user interface. The UI binds the scene's view model (feeds
/// its inputs, renders its outputs) and gives every route the view model emits back to
/// ``SceneCoordinator/follow(_:from:)``.
public protocol ScenePresenter: Sendable {
    /// Shows a scene on top of the current one (or as the first one, for ``Presentation/root``).
    func present(_ scene: SceneHandle)

    /// Removes the top scene; the one below it shows again.
    func dismiss(_ scene: SceneHandle)

    /// Ends the app: the UI restores the terminal and returns.
    func quit()
}
