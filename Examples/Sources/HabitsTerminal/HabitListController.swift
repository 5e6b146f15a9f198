import Habits
import Streams
import TerminalUI

/// The list scene on screen: TerminalUI's `BoundSceneController` sends the actions
/// ``HabitListScreen`` reads from keys to the view model and keeps its latest state to draw.
/// It keeps nothing of its own but the terminal's size, which page keys need. Used only on
/// the UI queue.
final class HabitListController: BoundSceneController<HabitListViewModel.State, HabitListViewModel.Action>,
    SceneController
{
    private var size = TerminalSize(width: 80, height: 24)

    init(viewModel: HabitListViewModel, context: SceneContext, onRoute: @escaping (HabitRoute) -> Void) {
        super.init(HabitListViewModel.State(), context: context, onRoute: onRoute) { actions in
            let output = viewModel.transform(input: .init(actions: actions))
            return (output.state, output.route)
        }
    }

    override var isLoaded: Bool { !scene.state.isLoading }

    override var hasUnsavedInput: Bool { !(scene.state.draft?.text ?? "").isEmpty }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        self.size = size
        return HabitListScreen.screen(scene.state, size: size)
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = HabitListScreen.action(for: event, in: scene.state, size: size) else { return false }
        scene.send(action)
        return true
    }
}
