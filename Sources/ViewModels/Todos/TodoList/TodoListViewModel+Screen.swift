import Domain
import SceneServices

extension TodoListViewModel {
    /// What the todo list is doing with the keyboard.
    public enum Mode: Sendable, Hashable {
        /// Keys move the selection and run commands.
        case browsing
        /// A new todo's title is typed.
        case adding(PromptText)
        /// The todo `id` is renamed in place.
        case renaming(id: Int64, PromptText)
        /// A search is typed; the list narrows as it is typed.
        case searching(PromptText)
        /// Deleting the todo `id` waits for a yes or a no.
        case confirmingDelete(id: Int64, title: String)
        /// A bulk action over more than ``TodoListViewModel/bulkConfirmationThreshold`` shown
        /// todos waits for a yes or a no.
        case confirmingBulk(TodoBulkPlan)
    }

    /// What a person asks of the list, whatever the keys or buttons that ask it.
    public enum Action: Sendable, Hashable {
        /// The list has `height` rows on screen when no input line is open (an open input line
        /// takes one of them).
        case viewport(height: Int)
        /// A key the scene has no use for: it only dismisses the message shown, as every key does.
        case dismissMessage
        /// Move the selection.
        case select(ListMove)
        /// Open the selected todo in the editor.
        case open
        /// Mark the selected todo done or not done.
        case toggle
        /// Mark the shown todos done, or not done when all of them are; asks first above
        /// ``TodoListViewModel/bulkConfirmationThreshold`` todos.
        case toggleAll
        /// Delete the shown done todos; asks first above
        /// ``TodoListViewModel/bulkConfirmationThreshold`` todos.
        case clearCompleted
        /// Show the next filter.
        case cycleFilter
        /// Use the next order.
        case cycleSort
        /// Move the selected todo one place down (1) or up (-1), in the manual order.
        case moveSelected(by: Int)
        /// Open the input line for a new todo.
        case startAdding
        /// Open the input line to rename the selected todo.
        case startRenaming
        /// Open the search line, holding the search kept so far.
        case startSearching
        /// Ask whether to delete the selected todo.
        case askToDelete
        /// The open input line now holds this.
        case edit(PromptText)
        /// Enter on the open input line: save the title, or keep the search.
        case submit
        /// Leave the input line or the question without doing anything (a search typed is
        /// cleared).
        case cancel
        /// Yes to the question.
        case confirm
        /// Esc while browsing: dismiss the error shown, else clear the search kept, else go back.
        case escape
        /// Undo the last change, to todos or feeds.
        case undo
        /// Redo the last change undone.
        case redo
        /// Show the key map.
        case help
        /// Go back.
        case back
    }

    /// Everything the todo list shows, with the selection, the scroll window and the open
    /// input line: what a front end draws, and all it needs to map its keys.
    public struct Screen: Sendable, Hashable, ShowsStatusMessages {
        /// The list's data: rows, counts, query, search text.
        public var list: State
        /// The selection and the rows shown.
        public var viewport: ListViewport
        /// What the keyboard does now.
        public var mode: Mode
        /// The status line's message: a failure, or a note on what undo, redo or a bulk action
        /// did; until the next key or its timeout.
        public internal(set) var status: StatusMessageSlot
        /// The rows the list has with no input line open, as the front end last said.
        public internal(set) var contentHeight: Int
        /// A todo just added from the input line, to select once the list shows it.
        var pendingAdd: PendingAdd?
        /// The todo a move was sent for and the place it leaves, until the rows show it elsewhere.
        var moveInFlight: MoveInFlight?
        /// Moves asked for while one was on its way, in order.
        var queuedMoves: [Int]
        /// The end was asked for while the count was only a lower bound: the last page is on its
        /// way, and the selection goes to its last row once it arrives with the exact count.
        var awaitsLastPage: Bool
        /// The window asked for last.
        var requestedRange: VisibleRange?
        /// The todo that was selected when the order changed, until its new place is known.
        var followedTodo: Int64?

        /// A list before anything has loaded.
        public init() {
            list = State()
            viewport = ListViewport()
            mode = .browsing
            status = StatusMessageSlot()
            contentHeight = 0
            pendingAdd = nil
            moveInFlight = nil
            queuedMoves = []
            awaitsLastPage = false
            requestedRange = nil
            followedTodo = nil
        }

        /// The selected todo. While a move is on its way the rows still show the old order; the
        /// selection follows the todo being moved, not the row at its new place.
        public var selectedRow: TodoRow? {
            if let moving = moveInFlight { return list.rows.first { $0.id == moving.id } }
            guard let selected = viewport.selected else { return nil }
            return list.rows.first { $0.position == selected }
        }

        /// Whether the selection is on its way: a row is selected whose todo has not arrived yet
        /// (a window far down a long list), or the end was asked for and the last page is still
        /// coming. A key for the selected todo would find none, or the wrong one, until then; a
        /// front end holds such keys meanwhile.
        public var isSelectionPending: Bool {
            guard mode == .browsing else { return false }
            return awaitsLastPage || (viewport.selected != nil && selectedRow == nil)
        }

        /// The rows in the window, in order.
        public var visibleRows: [TodoRow] {
            Array(list.rows.filter { $0.position >= viewport.offset }.prefix(viewport.height))
        }

        /// The failure shown, if the status line shows one.
        public var errorMessage: String? { status.error }

        /// The note on what was just done, if the status line shows one.
        public var message: String? { status.notice }

        /// Whether an input line or a question is open.
        public var isPrompting: Bool { mode != .browsing }

        /// "Filter: all · Sort: due date", then the search, its match count and the done count.
        public var header: String {
            var header = "Filter: \(list.query.filter.name) · Sort: \(list.query.sort.name)"
            if !list.searchText.isEmpty { header += " · Search: \(list.searchText)" }
            if let matches = list.matchCountText { header += " · \(matches)" }
            if list.tally.completed > 0 { header += " · \(CountText.grouped(list.tally.completed)) done (C clears)" }
            return header
        }

        /// What an empty list says.
        public var emptyText: String {
            list.searchText.isEmpty && list.query.filter == .all
                ? "No todos yet. Press a to add one."
                : "No todos match. Tab changes the filter, / the search."
        }
    }

    struct PendingAdd: Sendable, Hashable {
        let title: String
        let countBefore: Int
    }

    struct MoveInFlight: Sendable, Hashable {
        let id: Int64
        let from: Int
    }

    /// What a step of the screen's fold asks the list's data side to do.
    enum Effect: Sendable, Hashable {
        case add(String)
        case toggle(Int64)
        case planBulk(TodoBulkRequest)
        case runBulk(TodoBulkPlan)
        case rename(TodoRename)
        case delete(Int64)
        case cycleFilter
        case cycleSort
        case locate(Int64)
        case search(String)
        case moveUp(Int64)
        case moveDown(Int64)
        case visibleRange(VisibleRange)
        case lastPage(Int)
        case open(Int64)
        case undo
        case redo
        case help
        case back
    }
}

extension TodoListViewModel {
    /// The screen after `event`, and what it asks the data side to do.
    static func reduceScreen(_ screen: inout Screen, _ event: ScreenStep<Action, State>) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .data(let data): screen.take(data, &effects)
        case .action(let action): screen.apply(action, &effects)
        }
        screen.viewport.height = max(screen.contentHeight - (screen.isPrompting ? 1 : 0), 0)
        screen.viewport.scrollToSelection()
        let range = VisibleRange(offset: screen.viewport.offset, limit: screen.viewport.height)
        if range.limit > 0, range != screen.requestedRange {
            screen.requestedRange = range
            effects.append(.visibleRange(range))
        }
        return effects
    }
}

extension TodoListViewModel.Screen {
    typealias Effect = TodoListViewModel.Effect

    /// The data changed: rows first, then the count, then the message, as they are read.
    fileprivate mutating func take(_ data: TodoListViewModel.State, _ effects: inout [Effect]) {
        let old = list
        let selectedID = selectedRow?.id
        list = data
        if data.query.filter != old.query.filter || data.query.sort != old.query.sort
            || data.query.search != old.query.search
        {
            // Another filter, order or search starts its query at the top: the selection follows
            // the todo it was on (found in the new list, once), and the window shown is asked for
            // again.
            requestedRange = nil
            followedTodo = followedTodo ?? selectedID
            if let id = followedTodo { effects.append(.locate(id)) }
        }
        if data.rows != old.rows {
            // Only between two windows of one query: rows of another order or filter say
            // nothing about where the selected todo went (the locate step follows it there).
            if followedTodo == nil, moveInFlight == nil, let selectedID, old.loadedQuery == data.loadedQuery,
                old.loadedQuery == data.query, let row = data.rows.first(where: { $0.id == selectedID }),
                row.position != viewport.selected
            {
                // The list changed around the selected todo (one added or removed before it, by
                // this process or another): the selection stays on that todo, not on its row.
                viewport.selected = row.position
            }
            selectAddedTodo()
            finishMove(&effects)
        }
        if data.totalCount != old.totalCount {
            viewport.setCount(data.totalCount)
            selectAddedTodo()
        }
        selectLastRowOnceCounted()
        status.show(data.notice, .notice, counted: data.noticeSerial, before: old.noticeSerial)
        if data.locatedSerial != old.locatedSerial, let followed = followedTodo, let located = data.located,
            located.id == followed
        {
            // The order changed: the selection follows the todo to its new place (or stays put
            // when the list no longer shows it), and the window is asked for there.
            followedTodo = nil
            if let position = located.position {
                viewport.selected = position
                requestedRange = nil
            }
        }
        if data.bulkPlanSerial != old.bulkPlanSerial, let plan = data.bulkPlan, mode == .browsing {
            if plan.count > TodoListViewModel.bulkConfirmationThreshold {
                mode = .confirmingBulk(plan)
            } else {
                effects.append(.runBulk(plan))
            }
        }
        if data.errorSerial != old.errorSerial, let error = data.errorMessage {
            status.show(error, .error)
            // The move failed (or was refused), or the last page did not load: nothing more
            // will come of it.
            queuedMoves.removeAll()
            moveInFlight = nil
            awaitsLastPage = false
        }
    }

    fileprivate mutating func apply(_ action: TodoListViewModel.Action, _ effects: inout [Effect]) {
        if case .viewport(let height) = action {
            contentHeight = max(height, 0)
            return
        }
        // A message stays until the next key (or its timeout); Esc only dismisses an error.
        let errorShown = status.error != nil
        status.dismiss()
        switch action {
        case .dismissMessage:
            return
        case .edit(let text):
            switch mode {
            case .adding: mode = .adding(text)
            case .renaming(let id, _): mode = .renaming(id: id, text)
            case .searching:
                mode = .searching(text)
                effects.append(.search(text.text))
            case .browsing, .confirmingDelete, .confirmingBulk: break
            }
            return
        case .submit:
            submit(&effects)
            return
        case .cancel:
            if case .searching = mode { effects.append(.search("")) }
            mode = .browsing
            return
        case .confirm:
            if case .confirmingDelete(let id, _) = mode { effects.append(.delete(id)) }
            if case .confirmingBulk(let plan) = mode { effects.append(.runBulk(plan)) }
            mode = .browsing
            return
        default:
            break
        }
        guard mode == .browsing else { return }
        if action == .escape, errorShown { return }
        browse(action, &effects)
    }

    private mutating func submit(_ effects: inout [Effect]) {
        switch mode {
        case .adding(let prompt):
            let title = prompt.text.trimmingWhitespace
            if !title.isEmpty, list.query.filter != .completed, list.searchText.isEmpty {
                pendingAdd = TodoListViewModel.PendingAdd(title: title, countBefore: viewport.count)
            }
            effects.append(.add(prompt.text))
            if !title.isEmpty, TitleRule.problem(with: title) == nil, let hidden = hiddenReason(forNew: title) {
                status.show("Adding “\(title)”: \(hidden)", .notice)
            }
        case .renaming(let id, let prompt):
            effects.append(.rename(TodoRename(id: id, title: prompt.text)))
        case .searching, .browsing, .confirmingDelete, .confirmingBulk:
            break
        }
        mode = .browsing
    }

    /// Why the list shown would not show a new todo titled `title`, or `nil` when it would: a
    /// new todo is not done, and the search must find it (``SearchTerms``).
    private func hiddenReason(forNew title: String) -> String? {
        if list.query.filter == .completed { return "the list shows done todos only (Tab changes the filter)." }
        let search = list.query.search
        if SearchTerms.find(search, in: title) { return nil }
        return "the search “\(search)” hides it (Esc clears the search)."
    }

    private mutating func browse(_ action: TodoListViewModel.Action, _ effects: inout [Effect]) {
        if action == .select(.bottom), !list.isCountExact {
            // The count so far is only a lower bound, so its last row is not the list's: ask for
            // the last page from the end.
            awaitsLastPage = true
            effects.append(.lastPage(viewport.height))
            return
        }
        // Any other key wins over an end whose page has not arrived yet.
        awaitsLastPage = false
        switch action {
        case .select(let move):
            followedTodo = nil
            viewport.selected = viewport.selection(after: move)
        case .open: if let row = selectedRow { effects.append(.open(row.id)) }
        case .toggle: if let row = selectedRow { effects.append(.toggle(row.id)) }
        case .toggleAll: effects.append(.planBulk(TodoBulkRequest(.toggleAll, query: shownQuery)))
        case .clearCompleted: effects.append(.planBulk(TodoBulkRequest(.clearCompleted, query: shownQuery)))
        case .cycleFilter: effects.append(.cycleFilter)
        case .cycleSort: effects.append(.cycleSort)
        case .moveSelected(let delta): requestMove(by: delta, &effects)
        case .startAdding: mode = .adding(PromptText())
        case .startRenaming: if let row = selectedRow { mode = .renaming(id: row.id, PromptText(row.title)) }
        case .startSearching: mode = .searching(PromptText(list.searchText))
        case .askToDelete: if let row = selectedRow { mode = .confirmingDelete(id: row.id, title: row.title) }
        case .escape:
            // The nearest thing first (after an error shown): a search kept, then the scene.
            if !list.searchText.isEmpty {
                effects.append(.search(""))
            } else {
                effects.append(.back)
            }
        case .undo: effects.append(.undo)
        case .redo: effects.append(.redo)
        case .help: effects.append(.help)
        case .back: effects.append(.back)
        case .viewport, .dismissMessage, .edit, .submit, .cancel, .confirm: break
        }
    }

    /// The query of the rows on screen: a bulk action touches only what they show, even while
    /// a newer search is on its way.
    private var shownQuery: TodoQuery { list.loadedQuery ?? list.query }

    /// Selects the todo just added once the list has grown: new todos come last in every order
    /// but the alphabetical one, where it is looked up by title among the rows loaded.
    private mutating func selectAddedTodo() {
        guard let pending = pendingAdd, viewport.count > pending.countBefore else { return }
        if list.query.sort != .title {
            viewport.selected = viewport.count - 1
            pendingAdd = nil
        } else if let row = list.rows.first(where: { $0.title == pending.title }) {
            viewport.selected = row.position
            pendingAdd = nil
        }
    }

    /// Selects the last todo once the last page has arrived with the exact count, and takes its
    /// rows as the window's, which then ends there: asking for them again from the start would
    /// read the whole list up to them.
    private mutating func selectLastRowOnceCounted() {
        guard awaitsLastPage, list.isCountExact else { return }
        awaitsLastPage = false
        viewport.selected = viewport.count > 0 ? viewport.count - 1 : nil
        viewport.scrollToSelection()
        requestedRange = VisibleRange(offset: max(0, viewport.count - viewport.height), limit: viewport.height)
    }

    /// Moves the selected todo one place down (`delta` 1) or up (-1). In the manual order one
    /// move is on its way at a time and further ones wait for the list to show it, because
    /// each move is computed from the rows loaded: a second move read from the old rows would
    /// move whichever todo the first one displaced.
    private mutating func requestMove(by delta: Int, _ effects: inout [Effect]) {
        guard list.query.sort == .manual else {
            // The data side refuses with a message saying why.
            if let row = selectedRow { effects.append(delta > 0 ? .moveDown(row.id) : .moveUp(row.id)) }
            return
        }
        guard moveInFlight == nil else {
            queuedMoves.append(delta)
            return
        }
        startMove(by: delta, &effects)
    }

    private mutating func startMove(by delta: Int, _ effects: inout [Effect]) {
        guard let row = selectedRow, let selected = viewport.selected, selected + delta >= 0,
            selected + delta < viewport.count
        else {
            queuedMoves.removeAll()
            return
        }
        effects.append(delta > 0 ? .moveDown(row.id) : .moveUp(row.id))
        moveInFlight = TodoListViewModel.MoveInFlight(id: row.id, from: selected)
        viewport.selected = selected + delta
    }

    /// Rows arrived: once they show the moved todo away from where it was (other changes, such
    /// as a toggle, reload the rows too), the next queued move may go.
    private mutating func finishMove(_ effects: inout [Effect]) {
        guard let moving = moveInFlight else { return }
        if list.rows.contains(where: { $0.id == moving.id && $0.position == moving.from }) { return }
        moveInFlight = nil
        if !queuedMoves.isEmpty { startMove(by: queuedMoves.removeFirst(), &effects) }
    }
}

extension String {
    /// The text without white space at either end.
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
