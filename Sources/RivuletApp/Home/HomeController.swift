import Streams
import TerminalUI
import ViewModels

/// The home scene: the two places to go, with live counts. The selection is in
/// ``HomeViewModel/State``; keys become actions.
final class HomeController: BoundSceneController<HomeViewModel.State, HomeViewModel.Action>, SceneController {
    static let hints = [
        KeyHint("t", "todos"), KeyHint("f", "feeds"), KeyMaps.help, KeyHint("q", "quit"),
    ]

    /// The keys the settings file binds.
    private let keys: KeyBindings

    init(
        viewModel: HomeViewModel, context: SceneContext, keys: KeyBindings = .none,
        onRoute: @escaping (Route) -> Void
    ) {
        self.keys = keys
        super.init(
            HomeViewModel.State(), context: context, onRoute: onRoute,
            transform: bindable(viewModel.transform(input:)))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        let state = scene.state
        let lines = [
            ListLine(mark: "t", text: "Todos", note: state.todosNote),
            ListLine(
                mark: "f", text: "Feeds", note: state.feedsNote,
                emphasis: state.counts.failedFeeds > 0 ? .failed : .normal),
        ]
        return SceneScreen(
            chrome: SceneChrome(
                title: "Home", hints: keys.relabel(Self.hints, in: .home), errorMessage: state.errorMessage,
                spinnerFrame: context.spinnerFrame),
            content: .list(
                header: "Todos and feeds, saved as you go.",
                window: ListWindow(lines: lines, selected: state.selected)))
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = Self.action(for: keys.translate(event, in: .home)) else { return false }
        scene.send(action)
        return true
    }

    /// What `event` asks of the home scene, or `nil`.
    static func action(for event: InputEvent) -> HomeViewModel.Action? {
        if let move = ListMovement.move(for: event) { return .select(move) }
        if event.key?.code == .enter { return .openSelected }
        switch event.plainCharacter {
        case "t": return .openTodos
        case "f": return .openFeeds
        case "?": return .help
        case "q": return .quit
        default: return nil
        }
    }
}
