import Habits
import Streams
import TerminalUI

/// The idea search on screen, like ``HabitListController``; its spinner turns with the shell's
/// context while the server is asked. Used only on the UI queue.
final class IdeaSearchController: BoundSceneController<IdeaSearchViewModel.State, IdeaSearchViewModel.Action>,
    SceneController
{
    private var size = TerminalSize(width: 80, height: 24)

    init(viewModel: IdeaSearchViewModel, context: SceneContext, onRoute: @escaping (HabitRoute) -> Void) {
        super.init(IdeaSearchViewModel.State(), context: context, onRoute: onRoute) { actions in
            let output = viewModel.transform(input: .init(actions: actions))
            return (output.state, output.route)
        }
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        self.size = size
        return IdeaSearchScreen.screen(scene.state, size: size, spinnerFrame: context.spinnerFrame)
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = IdeaSearchScreen.action(for: event, in: scene.state, size: size) else { return false }
        scene.send(action)
        return true
    }
}
