import Domain
import Streams
import TerminalUI
import ViewModels

/// The todo list on screen: keys become the view model's actions, its screen state becomes
/// rows. Everything the list remembers (selection, scroll, input lines, moves on their way)
/// is in ``TodoListViewModel/State``.
final class TodoListController: BoundSceneController<TodoListViewModel.State, TodoListViewModel.Action>,
    SceneController
{
    static let hints = [
        KeyHint("a", "add"), KeyHint("Space", "done"), KeyHint("e", "edit"), KeyHint("d", "delete"),
        KeyHint("Tab", "filter"), KeyHint("/", "search"), KeyHint("u", "undo"), KeyMaps.help,
        KeyHint("q", "back"),
    ]
    /// While a title is typed: every other key is text.
    static let typingHints = PromptKeys.hints(enter: "save")
    /// While a search is typed: the list narrows as it is typed.
    static let searchHints = [
        KeyHint("Enter", "keep the search"), KeyHint("Esc", "clear it"), KeyHint("Ctrl-U", "start over"),
    ]

    override var isLoaded: Bool { scene.state.list.hasLoaded }
    override var isSelectionPending: Bool { scene.state.isSelectionPending }
    override var hasUnsavedInput: Bool {
        switch scene.state.mode {
        case .adding(let text): !text.text.isEmpty
        case .renaming(let id, let text): text.text != scene.state.list.rows.first(where: { $0.id == id })?.line
        default: false
        }
    }

    /// The keys the settings file binds.
    private let keys: KeyBindings

    init(
        viewModel: TodoListViewModel, context: SceneContext, keys: KeyBindings = .none,
        onRoute: @escaping (Route) -> Void
    ) {
        self.keys = keys
        super.init(
            TodoListViewModel.State(), context: context, onRoute: onRoute,
            transform: bindable(viewModel.transform(input:)))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var chrome = SceneChrome(
            title: "Todos", info: scene.state.list.itemsLeftText, hints: [],
            errorMessage: scene.state.errorMessage.map { keys.keyed($0, in: .todos) },
            message: scene.state.message.map { keys.keyed($0, in: .todos) }, isBusy: scene.state.list.isLoading,
            spinnerFrame: context.spinnerFrame)
        let height = SceneScreen.listHeight(chrome: chrome, hasHeader: true, size: size)
        if height != scene.state.contentHeight { scene.send(.viewport(height: height)) }
        let state = scene.state
        chrome.hints = keys.relabel(Self.hints(for: state.mode), in: .todos)
        chrome.prompt = Self.prompt(for: state.mode)
        let lines = state.visibleRows.map { row in Self.line(for: row, today: state.list.today) }
        let window = ListWindow(
            lines: lines, offset: state.viewport.offset, totalCount: state.viewport.count,
            selected: state.viewport.selected, emptyText: keys.keyed(state.emptyText, in: .todos))
        return SceneScreen(chrome: chrome, content: .list(header: keys.keyed(state.header, in: .todos), window: window))
    }

    /// The row as drawn: the due day as it stands to today (`due in 3d`), with the date where
    /// the row has room for it. Overdue and due-today todos carry a symbol as well as a colour,
    /// so that they stand out without colour too (`NO_COLOR`, `TERM=dumb`).
    static func line(for row: TodoRow, today: DueDay?) -> ListLine {
        let mark = row.isCompleted ? "[x]" : "[ ]"
        guard let due = row.due else {
            return ListLine(mark: mark, text: row.shownText, emphasis: row.isCompleted ? .muted : .normal)
        }
        guard let today else {
            return ListLine(
                mark: mark, text: row.shownText, note: "due \(due)", emphasis: row.isCompleted ? .muted : .normal)
        }
        let distance = due.shortDistance(from: today)
        switch row.dueStatus(on: today) {
        case .overdue:
            return ListLine(
                mark: mark, text: row.shownText, note: "! due \(distance) · \(due)", shortNote: "! \(distance)",
                emphasis: .failed)
        case .dueToday:
            return ListLine(
                mark: mark, text: row.shownText, note: "* due today · \(due)", shortNote: "* today",
                emphasis: .attention)
        case .upcoming, .none:
            return ListLine(
                mark: mark, text: row.shownText, note: "due \(distance) · \(due)", shortNote: distance,
                emphasis: row.isCompleted ? .muted : .normal)
        }
    }

    func handle(_ event: InputEvent) -> Bool {
        let mode = scene.state.mode
        let read = if case .browsing = mode { keys.translate(event, in: .todos) } else { event }
        return scene.handle(event, as: Self.action(for: read, in: mode))
    }

    /// The status line's hints for what the keys do now.
    private static func hints(for mode: TodoListViewModel.Mode) -> [KeyHint] {
        switch mode {
        case .browsing: hints
        case .adding, .renaming: typingHints
        case .searching: searchHints
        case .confirmingDelete: [KeyHint("y", "delete"), KeyHint("n Esc", "keep")]
        case .confirmingBulk: [KeyHint("y", "yes"), KeyHint("n Esc", "no, change nothing")]
        }
    }

    private static func prompt(for mode: TodoListViewModel.Mode) -> SceneChrome.Prompt? {
        switch mode {
        case .browsing: nil
        case .adding(let text): .input(label: "New todo:", text: text.text, cursor: text.cursor)
        case .renaming(_, let text): .input(label: "Title:", text: text.text, cursor: text.cursor)
        case .searching(let text): .input(label: "Search:", text: text.text, cursor: text.cursor)
        case .confirmingDelete(_, let title): .confirm("Delete “\(title)”?")
        case .confirmingBulk(let plan): .confirm(plan.question)
        }
    }

    /// What `event` asks of the list in `mode`, or `nil` when it asks nothing.
    static func action(for event: InputEvent, in mode: TodoListViewModel.Mode) -> TodoListViewModel.Action? {
        switch mode {
        case .browsing: browsingAction(for: event)
        case .adding(let text), .renaming(_, let text), .searching(let text):
            switch PromptKeys.outcome(for: event, editing: text) {
            case .submit: .submit
            case .cancel: .cancel
            case .edit(let edited): .edit(edited)
            case nil: nil
            }
        case .confirmingDelete, .confirmingBulk:
            switch event.plainCharacter {
            case "y", "Y": .confirm
            case "n", "N": .cancel
            default: event.key?.code == .escape ? .cancel : nil
            }
        }
    }

    private static func browsingAction(for event: InputEvent) -> TodoListViewModel.Action? {
        if let move = ListMovement.move(for: event) { return .select(move) }
        guard let key = event.key else { return nil }
        switch key.code {
        case .enter: return .open
        case .escape: return .escape
        case .tab: return .cycleFilter
        case .character(" "): return .toggle
        case .character("r") where key.modifiers == .control: return .redo
        default: break
        }
        switch event.plainCharacter {
        case "u": return .undo
        case "a": return .startAdding
        case "e": return .startRenaming
        case "d": return .askToDelete
        case "A": return .toggleAll
        case "C": return .clearCompleted
        case "/": return .startSearching
        case "s": return .cycleSort
        case "f": return .cycleFilter
        case "J": return .moveSelected(by: 1)
        case "K": return .moveSelected(by: -1)
        case "?": return .help
        case "q": return .back
        default: return nil
        }
    }
}
