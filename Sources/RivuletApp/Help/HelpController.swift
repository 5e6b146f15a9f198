import Domain
import Streams
import TerminalUI
import ViewModels

/// The key map of the scene beneath, drawn over it.
final class HelpController: SceneController {

    private let scene: SceneBinding<HelpViewModel.State, HelpViewModel.Action>
    /// The terminal's size at the last frame: how many keys the overlay shows at once.
    private var size = TerminalSize(width: 80, height: 24)

    var isReady: Bool { true }
    var isOverlay: Bool { true }

    /// The keys the settings file binds, which the overlay lists as bound.
    private let keys: KeyBindings

    init(
        viewModel: HelpViewModel, context: SceneContext, keys: KeyBindings = .none,
        onRoute: @escaping (Route) -> Void
    ) {
        self.keys = keys
        scene = SceneBinding(
            HelpViewModel.State(scene: viewModel.scene), context: context, onRoute: onRoute,
            transform: bindable(viewModel.transform(input:)))
    }

    func stop() { scene.stop() }

    /// The keys of the scene beneath, as bound.
    private var bindings: [KeyHint] {
        KeyMaps.parts(of: scene.state.scene).flatMap { part in
            part.bound.map { keys.relabel(part.hints, in: $0) } ?? part.hints
        }
    }

    /// The scene beneath as the settings file names it: the overlay scrolls with its keys up
    /// and down as bound there (`bind-key j up` makes `j` scroll up here too).
    private var beneath: BoundScene? { KeyMaps.parts(of: scene.state.scene).first?.bound }

    /// The keys that scroll, as the overlay names them: those of ``scrollStep(for:)`` as bound,
    /// but for a key that closes the overlay, which it does first.
    var scrollKeys: HelpOverlay.ScrollKeys {
        guard let beneath else { return HelpOverlay.ScrollKeys() }
        let (keys, closing) = (keys, HelpOverlay.closingKeys.split(separator: " ").map(String.init))
        let named = { (names: [String]) in
            keys.shown(names, in: beneath).filter { !closing.contains($0) }.joined(separator: "/")
        }
        return HelpOverlay.ScrollKeys(down: named(["j", "↓"]), up: named(["k", "↑"]))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var screen =
            under
            ?? SceneScreen(
                chrome: SceneChrome(title: "Help"),
                content: .list(header: nil, window: ListWindow(lines: [])))
        // The overlay lists what this terminal UI does with each key.
        screen.chrome.help = bindings
        screen.chrome.helpScroll = scene.state.scroll
        screen.chrome.helpScrollKeys = scrollKeys
        screen.chrome.prompt = nil
        self.size = size
        return screen
    }

    func handle(_ event: InputEvent) -> Bool {
        // The keys ``HelpOverlay/closingKeys`` names, whatever they are bound to beneath; F1
        // too, since the editor opens help with it.
        if event.key?.code == .escape || event.key?.code == .function(1) || event.plainCharacter == "?"
            || event.plainCharacter == "q"
        {
            scene.send(.close)
            return true
        }
        guard let step = scrollStep(for: beneath.map { keys.translate(event, in: $0) } ?? event) else { return false }
        // How far it scrolls depends on the rows the overlay gets, not on its title.
        let overlay = HelpOverlay(title: "", bindings: bindings)
        scene.send(.scroll(by: step, maximum: overlay.maximumScroll(in: Rect(size))))
        return true
    }

    /// How far a key scrolls the list of keys: a row with j, k and the arrows, a page with
    /// Space, b and the page keys.
    private func scrollStep(for event: InputEvent) -> Int? {
        let page = max(size.height - 6, 1)
        switch (event.key?.code, event.plainCharacter) {
        case (.down, _), (_, "j"): return 1
        case (.up, _), (_, "k"): return -1
        case (.pageDown, _), (_, " "): return page
        case (.pageUp, _), (_, "b"): return -page
        default: return nil
        }
    }
}
