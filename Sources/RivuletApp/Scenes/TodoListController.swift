import Streams
import TerminalUI
import ViewModels

/// The todo list on screen: keys become the list view model's inputs, its outputs become rows.
final class TodoListController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private enum Mode {
        case browsing
        case adding(LineEditor)
        case renaming(id: Int64, LineEditor)
        case searching(LineEditor)
        case confirmingDelete(id: Int64, title: String)
    }

    private let context: SceneContext
    private let bag = DisposeBag()
    private let add = PublishRelay<String>()
    private let toggle = PublishRelay<Int64>()
    private let toggleAll = PublishRelay<Void>()
    private let rename = PublishRelay<TodoRename>()
    private let delete = PublishRelay<Int64>()
    private let clearCompleted = PublishRelay<Void>()
    private let cycleFilter = PublishRelay<Void>()
    private let cycleSort = PublishRelay<Void>()
    private let search = PublishRelay<String>()
    private let moveUp = PublishRelay<Int64>()
    private let moveDown = PublishRelay<Int64>()
    private let visibleRange = PublishRelay<VisibleRange>()
    private let lastPage = PublishRelay<Int>()
    private let open = PublishRelay<Int64>()
    private let help = PublishRelay<Void>()
    private let back = PublishRelay<Void>()

    private var rows: [TodoRow] = []
    private var totalCount = 0
    /// Whether ``totalCount`` is exact; a search most todos match is counted only part way.
    private var isCountExact = true
    private var matchCountText: String?
    /// The end key was pressed while the count was only a lower bound: the last page was asked
    /// for, and the selection goes to its last row once it arrives with the exact count.
    private var awaitsLastPage = false
    private var itemsLeftText = ""
    private var completedCount = 0
    private var filterName = "all"
    private var sortName = "manual"
    private var isSortedByTitle = false
    private var showsOnlyDone = false
    private var searchText = ""
    private var isLoading = true
    private var errorMessage: String?
    private var mode = Mode.browsing
    private var selected: Int?
    private var offset = 0
    private var requestedRange: VisibleRange?
    private var pageHeight = 10
    /// The todo a move (`J`, `K`) was sent for and the place it leaves, until the rows show it
    /// elsewhere.
    private var moveInFlight: (id: Int64, from: Int)?
    /// Moves pressed while one was on its way, in order.
    private var queuedMoves: [Int] = []
    /// A todo just added from the input line, to select once the list shows it.
    private var pendingAdd: PendingAdd?

    private struct PendingAdd {
        let title: String
        let countBefore: Int
    }

    static let hints = [
        KeyHint("a", "add"), KeyHint("Space", "done"), KeyHint("e", "edit"), KeyHint("d", "delete"),
        KeyHint("Tab", "filter"), KeyHint("/", "search"), KeyHint("?", "help"), KeyHint("q", "back"),
    ]
    /// While a title is typed: every other key is text.
    static let typingHints = [
        KeyHint("Enter", "save"), KeyHint("Esc", "cancel"), KeyHint("Ctrl-U", "clear"),
    ]
    /// While a search is typed: the list narrows as it is typed.
    static let searchHints = [
        KeyHint("Enter", "keep the search"), KeyHint("Esc", "clear it"), KeyHint("Ctrl-U", "start over"),
    ]

    init(viewModel: TodoListViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        self.context = context
        let output = viewModel.transform(
            input: TodoListViewModel.Input(
                add: add.asObservable(), toggle: toggle.asObservable(), toggleAll: toggleAll.asObservable(),
                rename: rename.asObservable(), delete: delete.asObservable(),
                clearCompleted: clearCompleted.asObservable(), cycleFilter: cycleFilter.asObservable(),
                cycleSort: cycleSort.asObservable(), search: search.asObservable(),
                moveUp: moveUp.asObservable(),
                moveDown: moveDown.asObservable(), visibleRange: visibleRange.asObservable(),
                lastPage: lastPage.asObservable(), open: open.asObservable(), help: help.asObservable(),
                back: back.asObservable()))
        output.rows.bind(context, to: bag) { [unowned self] in
            rows = $0
            selectAddedTodo()
            finishMove()
        }
        output.totalCount.bind(context, to: bag) { [unowned self] count in
            totalCount = count
            if let current = selected { selected = count == 0 ? nil : min(current, count - 1) }
            if selected == nil, count > 0 { selected = 0 }
            selectAddedTodo()
            selectLastRowOnceCounted()
        }
        output.isCountExact.bind(context, to: bag) { [unowned self] in
            isCountExact = $0
            selectLastRowOnceCounted()
        }
        output.matchCountText.bind(context, to: bag) { [unowned self] in matchCountText = $0 }
        output.itemsLeftText.bind(context, to: bag) { [unowned self] in itemsLeftText = $0 }
        output.completedCount.bind(context, to: bag) { [unowned self] in completedCount = $0 }
        output.filter.map { $0.rawValue }.bind(context, to: bag) { [unowned self] in filterName = $0 }
        output.sort.map { $0.rawValue }.bind(context, to: bag) { [unowned self] in sortName = $0 }
        output.sort.map { $0 == .title }.bind(context, to: bag) { [unowned self] in isSortedByTitle = $0 }
        output.filter.map { $0 == .completed }.bind(context, to: bag) { [unowned self] in showsOnlyDone = $0 }
        output.searchText.bind(context, to: bag) { [unowned self] in searchText = $0 }
        output.isLoading.bind(context, to: bag) { [unowned self] in isLoading = $0 }
        output.errorMessage.bind(context, to: bag) { [unowned self] in
            errorMessage = $0
            if $0 != nil {
                // The move failed (or was refused), or the last page did not load: nothing more
                // will come of it.
                queuedMoves.removeAll()
                moveInFlight = nil
                awaitsLastPage = false
            }
        }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    func stop() { bag.dispose() }

    /// Selects the todo just added once the list has grown: new todos come last in every order
    /// but the alphabetical one, where it is looked up by title among the rows loaded.
    private func selectAddedTodo() {
        guard let pending = pendingAdd, totalCount > pending.countBefore else { return }
        if !isSortedByTitle {
            selected = totalCount - 1
            pendingAdd = nil
        } else if let row = rows.first(where: { $0.title == pending.title }) {
            selected = row.position
            pendingAdd = nil
        }
    }

    /// Asks for the last page from the end: the count known so far is only a lower bound, so
    /// its last row is not the list's.
    private func requestLastPage() {
        awaitsLastPage = true
        lastPage.accept(pageHeight)
    }

    /// Selects the last todo once the last page has arrived with the exact count, and takes its
    /// rows as those of the viewport, which then ends there: asking for them again from the
    /// start would read the whole list up to them.
    private func selectLastRowOnceCounted() {
        guard awaitsLastPage, isCountExact else { return }
        awaitsLastPage = false
        selected = totalCount > 0 ? totalCount - 1 : nil
        requestedRange = VisibleRange(offset: max(0, totalCount - pageHeight), limit: pageHeight)
    }

    private var selectedRow: TodoRow? {
        // While a move is on its way the rows still show the old order; the selection follows
        // the todo being moved, not the row that happens to be at its new place.
        if let moving = moveInFlight { return rows.first { $0.id == moving.id } }
        guard let selected else { return nil }
        return rows.first { $0.position == selected }
    }

    /// Moves the selected todo one place down (`delta` 1) or up (-1). In the manual order one
    /// move is on its way at a time and further presses wait for the list to show it, because
    /// each move is computed from the rows on screen: a second `J` read from the old rows would
    /// move whichever todo the first one displaced.
    private func requestMove(by delta: Int) {
        guard sortName == "manual" else {
            // The view model refuses with a message saying why.
            if let row = selectedRow { (delta > 0 ? moveDown : moveUp).accept(row.id) }
            return
        }
        guard moveInFlight == nil else {
            queuedMoves.append(delta)
            return
        }
        startMove(by: delta)
    }

    private func startMove(by delta: Int) {
        guard let row = selectedRow, let selected, selected + delta >= 0, selected + delta < totalCount else {
            queuedMoves.removeAll()
            return
        }
        (delta > 0 ? moveDown : moveUp).accept(row.id)
        moveInFlight = (row.id, selected)
        self.selected = selected + delta
    }

    /// Rows arrived: once they show the moved todo away from where it was (other changes, such
    /// as a toggle, reload the rows too), the next queued move may go.
    private func finishMove() {
        guard let moving = moveInFlight else { return }
        if rows.contains(where: { $0.id == moving.id && $0.position == moving.from }) { return }
        moveInFlight = nil
        if !queuedMoves.isEmpty { startMove(by: queuedMoves.removeFirst()) }
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        // Title bar, header, status line, and a prompt line when one is open.
        let listHeight = max(size.height - 3 - (isPrompting ? 1 : 0), 1)
        pageHeight = listHeight
        offset = ListScroll.offset(
            selected: selected ?? 0, previous: offset, height: listHeight, count: totalCount)
        let range = VisibleRange(offset: offset, limit: listHeight)
        if range != requestedRange {
            requestedRange = range
            visibleRange.accept(range)
        }
        var chrome = SceneChrome(
            title: "Todos", info: itemsLeftText, hints: hints, errorMessage: errorMessage,
            isBusy: isLoading,
            spinnerFrame: context.spinnerFrame)
        switch mode {
        case .browsing: break
        case .adding(let editor):
            chrome.prompt = .input(label: "New todo:", text: editor.text, cursor: editor.cursor)
        case .renaming(_, let editor):
            chrome.prompt = .input(label: "Title:", text: editor.text, cursor: editor.cursor)
        case .searching(let editor):
            chrome.prompt = .input(label: "Search:", text: editor.text, cursor: editor.cursor)
        case .confirmingDelete(_, let title): chrome.prompt = .confirm("Delete “\(title)”?")
        }
        var header = "Filter: \(filterName) · Sort: \(sortName)"
        if !searchText.isEmpty { header += " · Search: \(searchText)" }
        if let matchCountText { header += " · \(matchCountText)" }
        if completedCount > 0 { header += " · \(completedCount) done (C clears)" }
        let lines = rows.filter { $0.position >= offset }.prefix(listHeight).map { row in
            ListLine(
                mark: row.isCompleted ? "[x]" : "[ ]", text: row.title,
                note: row.dueText.map { "due \($0)" } ?? "",
                emphasis: row.isCompleted ? .muted : .normal)
        }
        let empty =
            searchText.isEmpty && filterName == "all"
            ? "No todos yet. Press a to add one."
            : "No todos match. Tab changes the filter, / the search."
        let window = ListWindow(
            lines: Array(lines), offset: offset, totalCount: totalCount, selected: selected,
            emptyText: empty)
        return SceneScreen(chrome: chrome, content: .list(header: header, window: window))
    }

    /// The status line's hints for what the keys do now.
    private var hints: [KeyHint] {
        switch mode {
        case .browsing: Self.hints
        case .adding, .renaming: Self.typingHints
        case .searching: Self.searchHints
        case .confirmingDelete: [KeyHint("y", "delete"), KeyHint("n Esc", "keep")]
        }
    }

    private var isPrompting: Bool {
        if case .browsing = mode { return false }
        return true
    }

    func handle(_ event: InputEvent) -> Bool {
        switch mode {
        case .browsing:
            return browse(event)
        case .adding(var editor):
            // The line leaves `mode` while it is edited, so the edit changes it in place
            // instead of copying it: typing stays linear in the line's length.
            mode = .browsing
            switch editor.handle(event) {
            case .submitted(let text):
                let title = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                if !title.isEmpty, !showsOnlyDone, searchText.isEmpty {
                    pendingAdd = PendingAdd(title: title, countBefore: totalCount)
                }
                add.accept(text)
                mode = .browsing
            case .cancelled: mode = .browsing
            case .edited: mode = .adding(editor)
            case .ignored:
                mode = .adding(editor)
                return false
            }
        case .renaming(let id, var editor):
            mode = .browsing
            switch editor.handle(event) {
            case .submitted(let text):
                rename.accept(TodoRename(id: id, title: text))
                mode = .browsing
            case .cancelled: mode = .browsing
            case .edited: mode = .renaming(id: id, editor)
            case .ignored:
                mode = .renaming(id: id, editor)
                return false
            }
        case .searching(var editor):
            mode = .browsing
            switch editor.handle(event) {
            case .submitted: mode = .browsing
            case .cancelled:
                search.accept("")
                mode = .browsing
            case .edited:
                search.accept(editor.text)
                mode = .searching(editor)
            case .ignored:
                mode = .searching(editor)
                return false
            }
        case .confirmingDelete(let id, _):
            switch event.plainCharacter {
            case "y", "Y":
                delete.accept(id)
                mode = .browsing
            case "n", "N":
                mode = .browsing
            default:
                if event.key?.code == .escape { mode = .browsing } else { return false }
            }
        }
        return true
    }

    private func browse(_ event: InputEvent) -> Bool {
        let isEndKey = ListMovement.isEnd(event)
        if isEndKey, !isCountExact {
            requestLastPage()
            return true
        }
        // Any other key wins over an end key whose page has not arrived yet.
        if !isEndKey { awaitsLastPage = false }
        if let movement = ListMovement.selection(
            after: event, selected: selected, count: totalCount, page: pageHeight)
        {
            selected = movement
            return true
        }
        guard let key = event.key else { return false }
        switch key.code {
        case .enter:
            if let row = selectedRow { open.accept(row.id) }
        case .escape:
            // Esc undoes the nearest thing first: an error shown, then a search kept, then the scene.
            if errorMessage != nil {
                errorMessage = nil
            } else if !searchText.isEmpty {
                search.accept("")
            } else {
                back.accept(())
            }
        case .tab:
            cycleFilter.accept(())
        case .character(" "):
            if let row = selectedRow { toggle.accept(row.id) }
        default:
            guard let character = event.plainCharacter else { return false }
            return command(character)
        }
        return true
    }

    private func command(_ character: Character) -> Bool {
        switch character {
        case "a": mode = .adding(LineEditor())
        case "e": if let row = selectedRow { mode = .renaming(id: row.id, LineEditor(row.title)) }
        case "d": if let row = selectedRow { mode = .confirmingDelete(id: row.id, title: row.title) }
        case "A": toggleAll.accept(())
        case "C": clearCompleted.accept(())
        case "/": mode = .searching(LineEditor(searchText))
        case "s": cycleSort.accept(())
        case "f": cycleFilter.accept(())
        case "J": requestMove(by: 1)
        case "K": requestMove(by: -1)
        case "?": help.accept(())
        case "q": back.accept(())
        default: return false
        }
        return true
    }
}
