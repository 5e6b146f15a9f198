import Streams
import TerminalUI
import ViewModels

/// One view model's scene on screen: the actions a screen sends in, and the latest state it
/// draws. Screens hold one of these and nothing else that changes; the state lives in the view
/// model, and this keeps only the copy the last frame needs. Used only on the UI queue.
final class SceneBinding<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // Sendable because it is touched only on the UI queue, where view-model outputs are delivered.

    /// The scene's state as the view model last sent it.
    private(set) var state: State
    private let actions = PublishRelay<Action>()
    private let bag = DisposeBag()

    /// Connects a view model through its `transform(screen:)`, given as `transform`: it gets
    /// the stream of actions and returns the view model's state and routes. Each state asks
    /// `context` for a frame; each route goes to `onRoute`.
    init(
        _ initial: State, context: SceneContext, onRoute: @escaping (Route) -> Void,
        transform: (ScreenInput<Action>) -> ScreenOutput<State>
    ) {
        state = initial
        let output = transform(ScreenInput(actions: actions.asObservable()))
        output.state.bind(context, to: bag) { [unowned self] in state = $0 }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    /// Sends an action to the view model.
    func send(_ action: Action) { actions.accept(action) }

    /// Stops observing the view model.
    func stop() { bag.dispose() }
}

/// A scene state whose status line shows a failure or a notice until the next key.
protocol ShowsMessages {
    var errorMessage: ActionText? { get }
    var message: ActionText? { get }
}

/// A scene's actions, one of which only dismisses the message shown.
protocol DismissesMessages {
    static var dismissMessage: Self { get }
}

extension TodoListViewModel.State: ShowsMessages {}
extension TodoListViewModel.Action: DismissesMessages {}
extension FeedListViewModel.State: ShowsMessages {}
extension FeedListViewModel.Action: DismissesMessages {}

extension SceneBinding where State: ShowsMessages, Action: DismissesMessages {
    /// Sends `action`, the scene's answer to `event`; returns whether there was one. A key the
    /// scene has no use for passes on, but the message shown goes, as with any key.
    func handle(_ event: InputEvent, as action: Action?) -> Bool {
        guard let action else {
            if event.key != nil, state.errorMessage != nil || state.message != nil { send(.dismissMessage) }
            return false
        }
        send(action)
        return true
    }
}
