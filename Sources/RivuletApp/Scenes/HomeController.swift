import Streams
import TerminalUI
import ViewModels

/// The home scene: the two places to go, with live counts.
final class HomeController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private let context: SceneContext
    private let bag = DisposeBag()
    private let openTodos = PublishRelay<Void>()
    private let openFeeds = PublishRelay<Void>()
    private let help = PublishRelay<Void>()
    private let quit = PublishRelay<Void>()
    private var activeTodos = 0
    private var completedTodos = 0
    private var unreadItems = 0
    private var failedFeeds = 0
    private var selected = 0

    static let hints = [
        KeyHint("t", "todos"), KeyHint("f", "feeds"), KeyHint("?", "help"), KeyHint("q", "quit"),
    ]

    init(viewModel: HomeViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        self.context = context
        let output = viewModel.transform(
            input: HomeViewModel.Input(
                openTodos: openTodos.asObservable(), openFeeds: openFeeds.asObservable(),
                help: help.asObservable(),
                quit: quit.asObservable()))
        output.counts.bind(context, to: bag) { [unowned self] counts in
            activeTodos = counts.activeTodos
            completedTodos = counts.completedTodos
            unreadItems = counts.unreadItems
            failedFeeds = counts.failedFeeds
        }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    func stop() { bag.dispose() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var feedsNote = "\(unreadItems) unread"
        if failedFeeds > 0 { feedsNote += ", \(failedFeeds) failing" }
        let lines = [
            ListLine(mark: "t", text: "Todos", note: "\(activeTodos) active, \(completedTodos) done"),
            ListLine(
                mark: "f", text: "Feeds", note: feedsNote, emphasis: failedFeeds > 0 ? .failed : .normal),
        ]
        return SceneScreen(
            chrome: SceneChrome(title: "Home", hints: Self.hints, spinnerFrame: context.spinnerFrame),
            content: .list(
                header: "Todos and feeds, saved as you go.",
                window: ListWindow(lines: lines, selected: selected)))
    }

    func handle(_ event: InputEvent) -> Bool {
        if let movement = ListMovement.selection(after: event, selected: selected, count: 2, page: 1) {
            selected = movement ?? 0
            return true
        }
        if event.key?.code == .enter {
            (selected == 0 ? openTodos : openFeeds).accept(())
            return true
        }
        switch event.plainCharacter {
        case "t": openTodos.accept(())
        case "f": openFeeds.accept(())
        case "?": help.accept(())
        case "q": quit.accept(())
        default: return false
        }
        return true
    }
}
