import Streams
import TerminalUI
import ViewModels

/// The feeds: add by address, refresh one or all, remove, open.
final class FeedListController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private enum Mode {
        case browsing
        case adding(LineEditor)
        case confirmingRemove(id: Int64, title: String)
    }

    private let context: SceneContext
    private let bag = DisposeBag()
    private let add = PublishRelay<String>()
    private let remove = PublishRelay<Int64>()
    private let refresh = PublishRelay<Int64>()
    private let refreshAll = PublishRelay<Void>()
    private let open = PublishRelay<Int64>()
    private let help = PublishRelay<Void>()
    private let back = PublishRelay<Void>()
    private var rows: [FeedRow] = []
    private var isLoading = true
    private var progressText: String?
    private var addError: String?
    private var errorMessage: String?
    private var mode = Mode.browsing
    private var selected: Int?
    private var offset = 0
    private var pageHeight = 10

    static let hints = [
        KeyHint("a", "add"), KeyHint("r", "refresh"), KeyHint("R", "refresh all"),
        KeyHint("d", "remove"),
        KeyHint("Enter", "items"), KeyHint("?", "help"), KeyHint("q", "back"),
    ]

    init(viewModel: FeedListViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        self.context = context
        let output = viewModel.transform(
            input: FeedListViewModel.Input(
                add: add.asObservable(), remove: remove.asObservable(), refresh: refresh.asObservable(),
                refreshAll: refreshAll.asObservable(), open: open.asObservable(), help: help.asObservable(),
                back: back.asObservable()))
        output.rows.bind(context, to: bag) { [unowned self] list in
            rows = list
            if let current = selected { selected = list.isEmpty ? nil : min(current, list.count - 1) }
            if selected == nil, !list.isEmpty { selected = 0 }
        }
        output.isLoading.bind(context, to: bag) { [unowned self] in isLoading = $0 }
        output.progress.bind(context, to: bag) { [unowned self] in progressText = $0?.text }
        output.addError.bind(context, to: bag) { [unowned self] in addError = $0 }
        output.errorMessage.bind(context, to: bag) { [unowned self] in errorMessage = $0 }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    func stop() { bag.dispose() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        let isPrompting: Bool
        if case .browsing = mode { isPrompting = false } else { isPrompting = true }
        let height = max(size.height - 2 - (isPrompting ? 1 : 0), 1)
        pageHeight = height
        offset = ListScroll.offset(
            selected: selected ?? 0, previous: offset, height: height, count: rows.count)
        let busy = isLoading || progressText != nil || rows.contains { $0.isRefreshing }
        var chrome = SceneChrome(
            title: "Feeds", info: "\(rows.count) feed\(rows.count == 1 ? "" : "s")", hints: Self.hints,
            errorMessage: addError ?? errorMessage, isBusy: busy, busyText: progressText ?? "",
            spinnerFrame: context.spinnerFrame)
        switch mode {
        case .browsing: break
        case .adding(let editor):
            chrome.prompt = .input(label: "Feed URL or file:", text: editor.text, cursor: editor.cursor)
        case .confirmingRemove(_, let title): chrome.prompt = .confirm("Remove the feed “\(title)”?")
        }
        let lines = rows.dropFirst(offset).prefix(height).map { row in
            // Counts first, then how the last refresh went (or why it failed).
            ListLine(
                text: row.title, note: "\(row.countText) · \(row.statusText)",
                emphasis: row.errorMessage != nil ? .failed : row.unreadCount > 0 ? .strong : .normal)
        }
        let window = ListWindow(
            lines: Array(lines), offset: offset, totalCount: rows.count, selected: selected,
            emptyText: "No feeds. Press a to add one by its address.")
        return SceneScreen(chrome: chrome, content: .list(header: nil, window: window))
    }

    func handle(_ event: InputEvent) -> Bool {
        switch mode {
        case .adding(var editor):
            // The line leaves `mode` while it is edited, so the edit changes it in place
            // instead of copying it: typing stays linear in the line's length.
            mode = .browsing
            switch editor.handle(event) {
            case .submitted(let text):
                add.accept(text)
                mode = .browsing
            case .cancelled: mode = .browsing
            case .edited: mode = .adding(editor)
            case .ignored:
                mode = .adding(editor)
                return false
            }
            return true
        case .confirmingRemove(let id, _):
            switch event.plainCharacter {
            case "y", "Y":
                remove.accept(id)
                mode = .browsing
            case "n", "N": mode = .browsing
            default:
                guard event.key?.code == .escape else { return false }
                mode = .browsing
            }
            return true
        case .browsing:
            break
        }
        if let movement = ListMovement.selection(
            after: event, selected: selected, count: rows.count, page: pageHeight)
        {
            selected = movement
            return true
        }
        let row = selected.flatMap { rows.indices.contains($0) ? rows[$0] : nil }
        if event.key?.code == .enter {
            if let row { open.accept(row.id) }
            return true
        }
        if event.key?.code == .escape {
            back.accept(())
            return true
        }
        switch event.plainCharacter {
        case "a": mode = .adding(LineEditor())
        case "r": if let row { refresh.accept(row.id) }
        case "R": refreshAll.accept(())
        case "d": if let row { mode = .confirmingRemove(id: row.id, title: row.title) }
        case "?": help.accept(())
        case "q": back.accept(())
        default: return false
        }
        return true
    }
}
