import Habits
import Streams
import TerminalUI

/// The list scene on screen: keys read by ``HabitListScreen`` sent to the view model, its
/// latest state drawn. Used only on the UI queue.
final class HabitListController: BoundSceneController<HabitListViewModel.State, HabitListViewModel.Action>,
    SceneController, @unchecked Sendable
{
    // Sendable because it is touched only on the UI queue, where the shell calls it and the
    // view model delivers.

    init(viewModel: HabitListViewModel, context: SceneContext, onRoute: @escaping (HabitRoute) -> Void) {
        super.init(HabitListViewModel.State(), context: context, onRoute: onRoute) { actions in
            let output = viewModel.transform(input: .init(actions: actions))
            return (output.state, output.route)
        }
    }

    override var isLoaded: Bool { !scene.state.isLoading }

    override var hasUnsavedInput: Bool { !(scene.state.draft ?? "").isEmpty }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        HabitListScreen.screen(scene.state, size: size)
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = HabitListScreen.action(for: event, in: scene.state) else { return false }
        scene.send(action)
        return true
    }
}
