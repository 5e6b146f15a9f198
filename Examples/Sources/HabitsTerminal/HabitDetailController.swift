import Habits
import Streams
import TerminalUI

/// The detail scene on screen. Used only on the UI queue.
final class HabitDetailController: BoundSceneController<HabitDetailViewModel.State, HabitDetailViewModel.Action>,
    SceneController
{

    init(viewModel: HabitDetailViewModel, context: SceneContext, onRoute: @escaping (HabitRoute) -> Void) {
        super.init(HabitDetailViewModel.State(), context: context, onRoute: onRoute) { actions in
            let output = viewModel.transform(input: .init(actions: actions))
            return (output.state, output.route)
        }
    }

    override var isLoaded: Bool { !scene.state.isLoading }

    override var hasUnsavedInput: Bool {
        scene.state.draft.map { $0.text != scene.state.detail?.habit.name } ?? false
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        HabitDetailScreen.screen(scene.state, size: size)
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = HabitDetailScreen.action(for: event, in: scene.state) else { return false }
        scene.send(action)
        return true
    }
}
