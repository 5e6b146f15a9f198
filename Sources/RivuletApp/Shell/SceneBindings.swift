import Streams
import TerminalUI
import ViewModels

/// A view model's `transform(input:)` as the shell's ``SceneBinding`` takes it: a stream of
/// actions in, its state and routes out.
func bindable<Action: Sendable, State: Sendable>(
    _ transform: @escaping (ScreenInput<Action>) -> ScreenOutput<State>
) -> (Observable<Action>) -> (state: Driver<State>, route: Signal<Route>) {
    { actions in
        let output = transform(ScreenInput(actions: actions))
        return (output.state, output.route)
    }
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
