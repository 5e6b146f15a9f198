/// One scene on screen, as a ``TerminalShell`` runs it: it turns keys into its view model's
/// inputs and its view model's state into a ``SceneScreen``. All calls come on the UI queue.
///
/// Most controllers subclass ``BoundSceneController``, which keeps the view model's latest
/// state, and add only how keys become actions and how the state is drawn.
public protocol SceneController: AnyObject {
    /// The screen as it is now, for a terminal of `size`. An overlay (``isOverlay``) gets the
    /// screen of the scene beneath it as `under`; other scenes get `nil`.
    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen
    /// Handles a key or a paste; returns whether it used it.
    func handle(_ event: InputEvent) -> Bool
    /// Stops observing the view model; the scene is gone.
    func stop()
    /// Whether the scene has what its keys act on (the list, the selected row, the record being
    /// edited). Until it has, the shell keeps the keys typed for it, for at most
    /// ``TerminalShell/readinessWait``.
    var isReady: Bool { get }
    /// Whether text typed into the scene would be lost if the app ended now. `Ctrl-C` asks
    /// first then.
    var hasUnsavedInput: Bool { get }
    /// What would be lost, as the quit question says it: "What you typed is not saved." unless
    /// the scene says otherwise.
    var unsavedWork: String { get }
    /// Whether the scene is drawn over the one beneath it (a help overlay): it then gets that
    /// scene's screen in ``screen(size:under:)``.
    var isOverlay: Bool { get }
}

extension SceneController {
    /// A scene with nothing to load is ready at once.
    public var isReady: Bool { true }
    /// A scene without input fields loses nothing.
    public var hasUnsavedInput: Bool { false }
    /// Typed text, unless the scene says otherwise.
    public var unsavedWork: String { SceneScreen.unsavedTypedText }
    /// A scene covers the one beneath it, unless it says otherwise.
    public var isOverlay: Bool { false }
}

extension SceneScreen {
    /// What the quit question says a scene with typed text would lose.
    public static let unsavedTypedText = "What you typed is not saved."
}
