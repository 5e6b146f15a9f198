import Streams
import TerminalUI
import ViewModels

/// The key map of the scene beneath, drawn over it.
final class HelpController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private let bag = DisposeBag()
    private let back = PublishRelay<Void>()
    private let quit = PublishRelay<Void>()
    private var bindings: [KeyHint] = []

    init(viewModel: HelpViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        let output = viewModel.transform(
            input: HelpViewModel.Input(back: back.asObservable(), quit: quit.asObservable()))
        // The overlay lists what this terminal UI does with each key (the view model's list
        // names the actions; the keys are the UI's).
        bindings = KeyMaps.bindings(for: viewModel.scene)
        output.bindings.bind(context, to: bag) { _ in }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    func stop() { bag.dispose() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var screen =
            under
            ?? SceneScreen(
                chrome: SceneChrome(title: "Help"),
                content: .list(header: nil, window: ListWindow(lines: [])))
        screen.chrome.help = bindings
        screen.chrome.prompt = nil
        return screen
    }

    func handle(_ event: InputEvent) -> Bool {
        // The keys ``HelpOverlay/closingKeys`` names; F1 too, since the editor opens help with it.
        if event.key?.code == .escape || event.key?.code == .function(1) || event.plainCharacter == "?"
            || event.plainCharacter == "q"
        {
            back.accept(())
            return true
        }
        return false
    }
}
