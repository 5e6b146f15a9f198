import Streams
import TerminalUI
import ViewModels

/// The key map of the scene beneath, drawn over it.
final class HelpController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private let scene: SceneBinding<SceneKind, HelpViewModel.Action>

    init(viewModel: HelpViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        scene = SceneBinding(
            viewModel.scene, context: context, onRoute: onRoute, transform: viewModel.transform(screen:))
    }

    func stop() { scene.stop() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var screen =
            under
            ?? SceneScreen(
                chrome: SceneChrome(title: "Help"),
                content: .list(header: nil, window: ListWindow(lines: [])))
        // The overlay lists what this terminal UI does with each key.
        screen.chrome.help = KeyMaps.bindings(for: scene.state)
        screen.chrome.prompt = nil
        return screen
    }

    func handle(_ event: InputEvent) -> Bool {
        // The keys ``HelpOverlay/closingKeys`` names; F1 too, since the editor opens help with it.
        guard
            event.key?.code == .escape || event.key?.code == .function(1) || event.plainCharacter == "?"
                || event.plainCharacter == "q"
        else { return false }
        scene.send(.close)
        return true
    }
}
