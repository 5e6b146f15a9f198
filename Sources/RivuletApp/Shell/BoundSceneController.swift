import TerminalUI
import ViewModels

/// What every scene controller holds: the frame context and its view model's binding. A
/// controller subclasses it with its view model's `Screen` and `Action`, and adds only how
/// keys become actions and how the state is drawn. Used only on the UI queue.
class BoundSceneController<ViewModelScreen: Sendable, ViewModelAction: Sendable>: @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    /// The view model's screen state.
    typealias Screen = ViewModelScreen
    /// What the view model's screen takes.
    typealias Action = ViewModelAction

    /// Where frames are asked for, and the spinner's frame.
    let context: SceneContext
    /// The view model's latest state, and where actions go.
    let scene: SceneBinding<Screen, Action>

    /// Binds the view model whose `transform(screen:)` is `transform`, starting from `initial`;
    /// its routes go to `onRoute`.
    init(
        _ initial: Screen, context: SceneContext, onRoute: @escaping (Route) -> Void,
        transform: (ScreenInput<Action>) -> ScreenOutput<Screen>
    ) {
        self.context = context
        scene = SceneBinding(initial, context: context, onRoute: onRoute, transform: transform)
    }

    /// Stops observing the view model; the scene is gone.
    func stop() { scene.stop() }

    /// Whether the view model has sent what the scene's keys act on, once and for good: a
    /// later reload (a new search) does not keep keys. Subclasses say, from the view model's
    /// state (a scene with nothing to load is loaded from the start).
    var isLoaded: Bool { true }

    /// Whether text typed into the scene is not saved; subclasses with input say.
    var hasUnsavedInput: Bool { false }

    /// What would be lost, for the quit question; subclasses whose unsaved work is not typed
    /// text say.
    var unsavedWork: String { unsavedTypedText }

    /// Whether the row the next key acts on is still on its way (`G` far down a long list);
    /// subclasses with windows over long lists say.
    var isSelectionPending: Bool { false }

    /// Ready once loaded, except while the selected row is on its way.
    var isReady: Bool { isLoaded && !isSelectionPending }
}
