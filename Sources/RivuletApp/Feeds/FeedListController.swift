import Streams
import TerminalUI
import ViewModels

/// The feeds on screen: keys become the view model's actions, its screen state becomes rows.
/// The selection, the input line and the question are in ``FeedListViewModel/State``.
final class FeedListController: BoundSceneController<FeedListViewModel.State, FeedListViewModel.Action>,
    SceneController
{
    static let hints = [
        KeyHint("a", "add"), KeyHint("i", "import"), KeyHint("r", "refresh"), KeyHint("R", "refresh all"),
        KeyHint("d", "remove"), KeyHint("u", "undo"), KeyHint("/", "search"), KeyHint("t", "tag"),
        KeyHint("Enter", "items"), KeyMaps.help, KeyHint("q", "back"),
    ]
    static let searchHints = [
        KeyHint("Enter", "read"), KeyHint("/", "edit the search"), KeyMaps.help, KeyHint("Esc q", "back"),
    ]

    override var isLoaded: Bool { !scene.state.isLoading }
    override var hasUnsavedInput: Bool {
        // A feed being subscribed to is lost if the app ends before it is stored.
        hasTypedText || scene.state.addingURL != nil
    }
    override var unsavedWork: String {
        hasTypedText ? super.unsavedWork : "The feed being added is not subscribed to yet."
    }
    private var hasTypedText: Bool {
        switch scene.state.mode {
        case .adding(let text), .importing(let text): !text.text.isEmpty
        default: false
        }
    }

    /// The keys the settings file binds.
    private let keys: KeyBindings

    init(
        viewModel: FeedListViewModel, context: SceneContext, keys: KeyBindings = .none,
        onRoute: @escaping (Route) -> Void
    ) {
        self.keys = keys
        super.init(
            FeedListViewModel.State(), context: context, onRoute: onRoute,
            transform: bindable(viewModel.transform(input:)))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var chrome = SceneChrome(
            title: "Feeds", info: scene.state.countText, hints: Self.hints,
            errorMessage: scene.state.errorMessage.map { keys.keyed($0, in: .feeds) },
            message: scene.state.message.map { keys.keyed($0, in: .feeds) },
            isBusy: scene.state.isBusy, busyText: scene.state.busyText,
            spinnerFrame: context.spinnerFrame)
        let height = SceneScreen.listHeight(chrome: chrome, hasHeader: scene.state.isShowingSearch, size: size)
        if height != scene.state.contentHeight { scene.send(.viewport(height: height)) }
        let state = scene.state
        switch state.mode {
        case .browsing: break
        case .adding(let text):
            chrome.prompt = .input(label: "Feed URL or file:", text: text.text, cursor: text.cursor)
            chrome.hints = PromptKeys.hints(enter: "add")
        case .importing(let text):
            chrome.prompt = .input(label: "OPML file to import:", text: text.text, cursor: text.cursor)
            chrome.hints = PromptKeys.hints(enter: "import")
        case .confirmingRemove(_, let title, let isQuery):
            chrome.prompt = .confirm("Remove the \(isQuery ? "query feed" : "feed") “\(title)”?")
            chrome.hints = [KeyHint("y", "remove"), KeyHint("n Esc", "keep")]
        case .searching(let text):
            chrome.prompt = .input(label: "Search:", text: text.text, cursor: text.cursor)
            chrome.hints = PromptKeys.hints(enter: "search")
        case .searchResults: chrome.hints = Self.searchHints
        }
        if state.isShowingSearch {
            chrome.isBusy = state.search.isSearching
            let lines = state.visibleSearchRows.map { row in
                ListLine(
                    mark: row.isRead ? " " : "*", text: row.title,
                    note: ([row.feedTitle] + [row.dateText].compactMap { $0 }).joined(separator: " · "),
                    emphasis: row.isRead ? .muted : .strong)
            }
            let window = ListWindow(
                lines: lines, offset: state.resultsViewport.offset, totalCount: state.resultsViewport.count,
                selected: state.resultsViewport.selected, emptyText: keys.keyed(state.searchEmptyText, in: .feeds))
            return SceneScreen(chrome: chrome, content: .list(header: state.searchHeader, window: window))
        }
        if state.selectedRow?.errorMessage != nil, case .browsing = state.mode {
            chrome.hints.insert(KeyHint("e", "whole error"), at: 0)
        }
        if case .browsing = state.mode { chrome.hints = keys.relabel(chrome.hints, in: .feeds) }
        let repeated = Self.repeatedTitles(of: state.rows)
        let lines = state.visibleRows.map { row in
            let isRepeated = repeated.contains(row.title) && !row.isQuery
            let title = isRepeated ? "\(row.title) · \(Self.place(of: row.url))" : row.title
            // Counts first, then how the last refresh went (or why it failed).
            return ListLine(
                text: title, note: row.note,
                emphasis: row.errorMessage != nil ? .failed : row.unreadCount > 0 ? .strong : .normal)
        }
        let window = ListWindow(
            lines: lines, offset: state.viewport.offset, totalCount: state.viewport.count,
            selected: state.viewport.selected, emptyText: keys.keyed(FeedListViewModel.State.emptyText, in: .feeds))
        return SceneScreen(chrome: chrome, content: .list(header: nil, window: window))
    }

    func handle(_ event: InputEvent) -> Bool {
        let mode = scene.state.mode
        let read = if case .browsing = mode { keys.translate(event, in: .feeds) } else { event }
        var action = Self.action(for: read, in: mode)
        // As in the todo list, Esc while an error shows only dismisses it.
        if case .browsing = mode, action == .back, read.key?.code == .escape, scene.state.errorMessage != nil {
            action = .dismissMessage
        }
        return scene.handle(event, as: action)
    }

    /// The titles two or more feeds share: their rows name their addresses too, or two feeds
    /// of one title (a site's two feeds both called "Blog") could not be told apart.
    static func repeatedTitles(of rows: [FeedRow]) -> Set<String> {
        var seen = Set<String>()
        var repeated = Set<String>()
        for row in rows where !row.isQuery && !seen.insert(row.title).inserted { repeated.insert(row.title) }
        return repeated
    }

    /// A feed's address as a row shows it: without the scheme of a web address.
    static func place(of url: String) -> String {
        for scheme in ["https://", "http://"] where url.lowercased().hasPrefix(scheme) {
            return String(url.dropFirst(scheme.count))
        }
        return url
    }

    /// What `event` asks of the feeds scene in `mode`, or `nil` when it asks nothing.
    static func action(for event: InputEvent, in mode: FeedListViewModel.Mode) -> FeedListViewModel.Action? {
        switch mode {
        case .adding(let text), .importing(let text):
            switch PromptKeys.outcome(for: event, editing: text) {
            case .submit: return .submit
            case .cancel: return .cancel
            case .edit(let edited): return .edit(edited)
            case nil: return nil
            }
        case .searching(let text):
            switch PromptKeys.outcome(for: event, editing: text) {
            case .submit: return .submit
            case .cancel: return .cancel
            case .edit(let edited): return .edit(edited)
            case nil:
                // Letters are typed; the arrows and page keys move through the results.
                guard event.plainCharacter == nil, let move = ListMovement.move(for: event) else { return nil }
                return .select(move)
            }
        case .searchResults:
            if let move = ListMovement.move(for: event) { return .select(move) }
            if event.key?.code == .enter { return .open }
            if event.key?.code == .escape { return .back }
            switch event.plainCharacter {
            case "/": return .startSearching
            case "?": return .help
            case "q": return .back
            default: return nil
            }
        case .confirmingRemove:
            switch event.plainCharacter {
            case "y", "Y": return .confirm
            case "n", "N": return .cancel
            default: return event.key?.code == .escape ? .cancel : nil
            }
        case .browsing:
            break
        }
        if let move = ListMovement.move(for: event) { return .select(move) }
        if event.key?.code == .enter { return .open }
        if event.key?.code == .escape { return .back }
        if let key = event.key, key.code == .character("r"), key.modifiers == .control { return .redo }
        switch event.plainCharacter {
        case "a": return .startAdding
        case "i": return .startImporting
        case "e": return .showError
        case "r": return .refresh
        case "R": return .refreshAll
        case "d": return .askToRemove
        case "t": return .filterByTag
        case "T": return .clearTagFilter
        case "u": return .undo
        case "/": return .startSearching
        case "?": return .help
        case "q": return .back
        default: return nil
        }
    }
}
