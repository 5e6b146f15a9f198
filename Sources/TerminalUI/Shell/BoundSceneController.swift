public import Streams

/// What most scene controllers hold: the frame context and their view model's binding. A
/// controller subclasses it with its view model's state and action types, conforms to
/// ``SceneController``, and adds only how keys become actions and how the state is drawn.
/// Used only on the UI queue.
///
/// ```swift
/// final class NoteListController: BoundSceneController<NoteListViewModel.State, NoteListViewModel.Action>,
///     SceneController
/// {
///     func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
///         NoteListScreen.screen(scene.state, size: size)
///     }
///     func handle(_ event: InputEvent) -> Bool {
///         guard let action = NoteListScreen.action(for: event, in: scene.state) else { return false }
///         scene.send(action)
///         return true
///     }
/// }
/// ```
open class BoundSceneController<State: Sendable, Action: Sendable> {
    /// Where frames are asked for, and the spinner's frame.
    public let context: SceneContext
    /// The view model's latest state, and where actions go.
    public let scene: SceneBinding<State, Action>

    /// Binds the view model whose outputs `transform` returns for a stream of actions,
    /// starting from `initial`; its routes go to `onRoute`.
    public init<Route: Sendable>(
        _ initial: State, context: SceneContext, onRoute: @escaping (Route) -> Void,
        transform: (Observable<Action>) -> (state: Driver<State>, route: Signal<Route>)
    ) {
        self.context = context
        scene = SceneBinding(initial, context: context, onRoute: onRoute, transform: transform)
    }

    /// Stops observing the view model; the scene is gone.
    public func stop() { scene.stop() }

    /// Whether the view model has sent what the scene's keys act on, once and for good: a
    /// later reload (a new search) does not keep keys. Subclasses say, from the view model's
    /// state (a scene with nothing to load is loaded from the start).
    open var isLoaded: Bool { true }

    /// Whether text typed into the scene is not saved; subclasses with input say.
    open var hasUnsavedInput: Bool { false }

    /// What would be lost, for the quit question; subclasses whose unsaved work is not typed
    /// text say.
    open var unsavedWork: String { SceneScreen.unsavedTypedText }

    /// Whether the row the next key acts on is still on its way (a jump far down a long
    /// list); subclasses with windows over long lists say.
    open var isSelectionPending: Bool { false }

    /// Ready once loaded, except while the selected row is on its way.
    open var isReady: Bool { isLoaded && !isSelectionPending }

    /// Whether the scene is drawn over the one beneath it; subclasses that are overlays say.
    open var isOverlay: Bool { false }
}
