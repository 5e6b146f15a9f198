package import Domain
package import SceneServices

extension TodoListViewModel {
    /// What the keyboard does now.
    package enum Mode: Sendable, Hashable {
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
        /// A bulk action over more shown todos than the threshold waits for a yes or a no.
        case confirmingBulk(TodoBulkPlan)
    }

    /// The list's data: the query asked for, the window that answers it, the counts.
    package struct Listing: Sendable, Hashable {
        /// The query the list asked for last.
        package var query = TodoQuery()
        /// The query the shown rows answer; differs from ``query`` while loading.
        package var loadedQuery: TodoQuery?
        /// The rows of the window.
        package var rows: [TodoRow] = []
        /// How many todos match the query; while ``isCountExact`` is `false`, how many were found
        /// so far (a search most todos match is counted only a little past the window).
        package var totalCount = 0
        /// Whether ``totalCount`` is exact.
        package var isCountExact = true
        /// How many todos are active and done.
        package var tally = TodoTally(active: 0, completed: 0)
        /// The search text as typed (the query gets it after a pause).
        package var searchText = ""
        /// The day it is where the person is, to mark overdue and due-today rows.
        package var today: DueDay?
        /// How a due day typed as `24/12` or `12/24` is read in the add and rename lines.
        package var dayMonthOrder = DayMonthOrder.dayFirst
        /// Whether the filter and order kept from an earlier visit have arrived (or the person
        /// chose others first); no window is asked for before.
        package var isChoiceKnown = false

        /// Whether the rows shown are not yet those of the latest query.
        package var isLoading: Bool { loadedQuery != query }

        /// Whether the rows shown answer another search than the one asked for (a new order or
        /// filter keeps the selected todo; a new search may not have it).
        package var showsAnotherList: Bool { loadedQuery.map { $0.search != query.search } ?? false }

        /// Whether a page has arrived: the list has rows to act on, even while a newer query loads.
        package var hasLoaded: Bool { loadedQuery != nil }

        /// "1 item left", "3 items left".
        package var itemsLeftText: String { CountText.counted(tally.active, "item left", "items left") }

        /// "1 match", "1,060 matches", or "1,060+ matches" (at least that many) while the rows shown
        /// are those of a search; otherwise `nil`.
        package var matchCountText: String? {
            guard let loadedQuery, !loadedQuery.search.isEmpty else { return nil }
            let number = CountText.grouped(totalCount) + (isCountExact ? "" : "+")
            return totalCount == 1 && isCountExact ? "1 match" : "\(number) matches"
        }
    }

    /// Everything the todo list shows, with the selection, the scroll window and the open input
    /// line: what a front end draws, and all it needs to map its keys.
    package struct State: Sendable, Hashable, ShowsStatusMessages {
        /// The list's data.
        package var list = Listing()
        /// The selection and the rows shown.
        package var viewport = ListViewport()
        /// What the keyboard does now.
        package var mode = Mode.browsing
        /// The status line's message (a failure, or a note on what was done) until a key or its timeout.
        package internal(set) var status = StatusMessageSlot()
        /// The rows the list has with no input line open, as the front end last said.
        package internal(set) var contentHeight = 0
        /// A todo just added, to select once the list shows it.
        var pendingAdd: PendingAdd?
        /// The row of the todo a move was sent for (where it leaves), until the rows show it elsewhere.
        var moveInFlight: TodoRow?
        /// Moves asked for while one was on its way, in order.
        var queuedMoves: [Int] = []
        /// The end was asked for while the count was only a lower bound: the last page is on its
        /// way, and the selection goes to its last row once it arrives with the exact count.
        var awaitsLastPage = false
        /// The window asked for last.
        var requestedRange: Range<Int>?
        /// The todo that was selected when the order changed, until its new place is known.
        var followedTodo: Int64?
        /// The todo a new order's answer put the selection on, while the rows shown are still
        /// those of the order before: another change of order follows it, not the row there.
        var placedTodo: Int64?

        /// A list before anything loads, on the day `today`, reading short dates in `dayMonthOrder`.
        package init(today: DueDay? = nil, dayMonthOrder: DayMonthOrder = .dayFirst) {
            list.today = today
            list.dayMonthOrder = dayMonthOrder
        }

        /// The selected todo. While a move is on its way the rows still show the old order; the
        /// selection follows the todo being moved, not the row at its new place.
        package var selectedRow: TodoRow? {
            if let moving = moveInFlight { return list.rows.first { $0.id == moving.id } }
            guard let selected = viewport.selected else { return nil }
            return list.rows.first { $0.position == selected }
        }

        /// Whether the selection is on its way: a row is selected whose todo has not arrived yet
        /// (a window far down a long list), the last page asked for is coming, or the rows are still
        /// another list's. A front end holds keys for the selected todo meanwhile.
        package var isSelectionPending: Bool {
            guard mode == .browsing else { return false }
            return awaitsLastPage || (viewport.selected != nil && selectedRow == nil) || list.showsAnotherList
        }

        /// The rows in the window, in order.
        package var visibleRows: [TodoRow] {
            Array(list.rows.filter { $0.position >= viewport.offset }.prefix(viewport.height))
        }

        /// Whether an input line or a question is open.
        package var isPrompting: Bool { mode != .browsing }

        /// "Filter: all · Sort: due date", then the search, its match count and the done count.
        package var header: ActionText {
            var header: ActionText = "Filter: \(list.query.filter.name) · Sort: \(list.query.sort.name)"
            if !list.searchText.isEmpty { header = header + " · Search: \(list.searchText)" }
            if let matches = list.matchCountText { header = header + " · \(matches)" }
            if list.tally.completed > 0 {
                header = header + " · \(CountText.grouped(list.tally.completed)) done"
                if list.query.filter != .active { header = header + " (\(.clearCompleted) clears)" }
            }
            return header
        }

        /// What an empty list says.
        package var emptyText: ActionText {
            list.searchText.isEmpty && list.query.filter == .all
                ? "No todos yet. Press \(.add) to add one."
                : "No todos match. \(.changeFilter) changes the filter, \(.search) the search."
        }
    }

    struct PendingAdd: Sendable, Hashable {
        let countBefore: Int
        var isDue = false
    }
}
