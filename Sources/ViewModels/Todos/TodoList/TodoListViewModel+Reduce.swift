import Domain
import Foundation
import SceneServices

extension TodoListViewModel {
    /// The state after `event`, and the effects it asks for. Pure: the same state and event
    /// always give the same result.
    package static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .action(let action): state.apply(action, &effects)
        case .searchSettled(let text): state.change(.search(text), &effects)
        case .pageLoaded(let query, let result, let today): state.take(result, for: query, on: today, &effects)
        case .dayChanged(let today): state.list.today = today
        case .tallyLoaded(.success(let tally)): state.list.tally = tally
        case .tallyLoaded(.failure(let error)): state.fail(error.message(after: "Could not count the todos"))
        case .choiceLoaded(let result) where !state.list.isChoiceKnown:
            state.list.isChoiceKnown = true
            if case .success(let choice?) = result { state.list.query.choice = choice }
            if case .failure(let error) = result { state.fail(error.message(after: "Could not read the kept order")) }
        case .choiceLoaded: break
        case .writeFailed(let message, let line):
            // The line of an add or a rename that failed comes back holding what was typed.
            state.fail(message)
            if let line, state.mode == .browsing { state.mode = line }
        case .changed(let note): state.status.show(note, .notice)
        case .added(let id) where state.pendingAdd.map { !state.list.query.listsNewTodoLast(isDue: $0.isDue) } == true:
            (state.pendingAdd, state.followedTodo) = (nil, id)
            effects.append(.locate(id, in: state.list.query))
        case .located(let id, .success(let position)):
            // The query changed, or a todo was added where the order does not put it last: the
            // selection follows the todo to its place, or to the top when the list does not show
            // it (an old row number means nothing now); the window is asked for there, scrolled
            // from the top, as little as shows the selection (an old offset would hide first rows).
            guard state.followedTodo == id else { break }
            state.followedTodo = nil
            (state.viewport.selected, state.viewport.offset) = (position ?? 0, 0)
            state.requestedRange = nil
            // Until rows of the new order, or with the new todo, arrive, that row is another todo.
            if position != nil { state.placedTodo = id }
        case .located(_, .failure(let error)):
            state.fail(error.message(after: "Could not find the selected todo in the new order"))
        case .bulkPlanned(let clearing, .success(nil)):
            state.status.show(TodoBulkPlan.nothingToDo(clearing: clearing), .notice)
        case .bulkPlanned(_, .success(let plan?))
        where state.mode == .browsing && plan.count > bulkConfirmationThreshold:
            state.mode = .confirmingBulk(plan)
        case .bulkPlanned(_, .success(let plan?)) where state.mode == .browsing: effects.append(.runBulk(plan))
        case .bulkPlanned(_, .success), .added: break
        case .bulkPlanned(_, .failure(let error)):
            state.fail(error.message(after: "Could not count the todos shown"))
        case .bulkFinished(let plan, .success(let changed)): state.status.show(plan.report(changed: changed), .notice)
        case .bulkFinished(let plan, .failure(let error)):
            state.fail(
                error.message(after: "Could not \(plan.kind == .clear ? "delete the done" : "change the") todos"))
        case .historyStepped(let direction, .success(let step)): state.status.show(direction.notice(for: step), .notice)
        case .historyStepped(let direction, .failure(let error)): state.fail(direction.failure(error))
        case .messageExpired(let expiry): state.status.expire(expiry)
        }
        state.fitWindow()
        return effects
    }
}

extension TodoListViewModel.State {
    typealias Effect = TodoListViewModel.Effect

    /// Fits the window to the rows on screen and the selection, and asks for it when it moved.
    fileprivate mutating func fitWindow() {
        viewport.height = max(contentHeight - (isPrompting ? 1 : 0), 0)
        viewport.scrollToSelection()
        let range = viewport.window
        guard !range.isEmpty, range != requestedRange else { return }
        requestedRange = range
        list.query = list.query.applying(.window(offset: range.lowerBound, limit: range.count))
    }

    /// Another filter, order or search: its query starts at the top, the selection follows the
    /// todo it was on (found in the new list, once), and the window shown is asked for again.
    fileprivate mutating func change(_ change: TodoQuery.Change, _ effects: inout [Effect]) {
        let query = list.query.applying(change)
        guard query != list.query else { return }
        let selectedID = placedTodo ?? selectedRow?.id
        placedTodo = nil
        list.query = query
        requestedRange = nil
        followedTodo = followedTodo ?? selectedID
        if let id = followedTodo { effects.append(.locate(id, in: query)) }
    }

    /// A window arrived (or failed to) for `query`: rows first, then the count, as they are read.
    fileprivate mutating func take(
        _ result: Result<TodoPage, SceneError>, for query: TodoQuery, on today: DueDay, _ effects: inout [Effect]
    ) {
        let selectedID = placedTodo ?? selectedRow?.id
        let (oldRows, previousQuery) = (list.rows, list.loadedQuery)
        list.today = today
        list.loadedQuery = query
        if query == list.query { placedTodo = nil }
        guard case .success(let page) = result else {
            if case .failure(let error) = result { fail(error.message(after: "Could not load the todos")) }
            return
        }
        list.rows = page.todos.enumerated().map { TodoRow($1, position: page.offset + $0) }
        list.isCountExact = page.isCountExact
        if list.rows != oldRows {
            // Between two windows of one query only, the selection stays on its todo when the
            // list changed around it (one added or removed before it, here or by another
            // process); rows of another order say nothing about where it went.
            if followedTodo == nil, moveInFlight == nil, let selectedID, previousQuery == query, query == list.query,
                let row = list.rows.first(where: { $0.id == selectedID }), row.position != viewport.selected
            {
                viewport.selected = row.position
            }
            selectAddedTodo()
            finishMove(&effects)
        }
        if page.totalCount != list.totalCount {
            list.totalCount = page.totalCount
            viewport.setCount(page.totalCount)
            selectAddedTodo()
        }
        selectLastRowOnceCounted()
    }

    /// Shows `message` as an error; a move on its way, moves waiting and an end asked for come to nothing.
    fileprivate mutating func fail(_ message: String) {
        fail(ActionText(message))
    }

    /// Shows `message`, which may name actions, as an error, as ``fail(_:)-(String)`` does.
    fileprivate mutating func fail(_ message: ActionText) {
        status.show(message, .error)
        queuedMoves.removeAll()
        moveInFlight = nil
        awaitsLastPage = false
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
                list.searchText = text.text
            case .browsing, .confirmingDelete, .confirmingBulk: break
            }
            return
        case .submit:
            submit(&effects)
            return
        case .cancel:
            if case .searching = mode { list.searchText = "" }
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
        guard mode == .browsing, action != .escape || !errorShown else { return }
        browse(action, &effects)
    }

    /// Enter on the input line: a search is asked for at once (keys wait for its rows); a line
    /// typed (``TodoLine``) is added or renames its todo once valid, else stays open with why.
    private mutating func submit(_ effects: inout [Effect]) {
        let (renamed, prompt): (Int64?, PromptText)
        switch mode {
        case .adding(let text): (renamed, prompt) = (nil, text)
        case .renaming(let id, let text): (renamed, prompt) = (id, text)
        case .searching, .browsing, .confirmingDelete, .confirmingBulk:
            if case .searching = mode { change(.search(list.searchText), &effects) }
            mode = .browsing
            return
        }
        let dueDays = DueDayParser(today: list.today ?? DueDay(daysSince1970: 0), order: list.dayMonthOrder)
        var line: TodoLine
        switch TodoLine.parse(prompt.text, dueDays: dueDays) {
        case .success(let read): line = read
        case .failure(let problem): return fail(problem.message)
        }
        // The rename line starts as the todo's whole line: what was taken out of it goes.
        line.isWhole = renamed != nil
        if line.recurrence.value != nil, line.due.value == nil {
            return fail("A recurring todo needs a due day: add due:WHEN, the day its next one counts from.")
        }
        let closes = renamed == nil && line.title.isEmpty && !line.namesAttributes
        if !closes, let problem = TitleRule.problem(with: line.title) { return fail(problem) }
        mode = .browsing
        if closes { return }
        if let id = renamed { return effects.append(.rename(id, line, typed: prompt.text)) }
        if list.query.filter != .completed, list.searchText.isEmpty {
            pendingAdd = TodoListViewModel.PendingAdd(countBefore: viewport.count, isDue: line.due.value != nil)
        }
        effects.append(.add(line, typed: prompt.text))
        if let hidden = hiddenReason(forNew: line) { status.show("Adding “\(line.title)”: " + hidden, .notice) }
    }

    /// Why the list shown would not show the new todo `line` writes, or `nil` when it would: a
    /// new todo is not done, and the search (its words and attributes) must find it.
    private func hiddenReason(forNew line: TodoLine) -> ActionText? {
        if list.query.filter == .completed {
            return "the list shows done todos only (\(.changeFilter) changes the filter)."
        }
        let search = list.query.search
        if TodoMatch(search: search).admits(line) { return nil }
        return "the search “\(search)” hides it (\(.clearSearch) clears the search)."
    }

    private mutating func browse(_ action: TodoListViewModel.Action, _ effects: inout [Effect]) {
        if action == .select(.bottom), !list.isCountExact {
            // The count so far is only a lower bound, so its last row is not the list's: ask for
            // the last page from the end.
            awaitsLastPage = true
            list.query = list.query.applying(.lastPage(limit: viewport.height))
            return
        }
        // Any other key wins over an end whose page has not arrived yet.
        awaitsLastPage = false
        let row = selectedRow
        switch action {
        case .select(let move):
            followedTodo = nil
            placedTodo = nil
            viewport.selected = viewport.selection(after: move)
        case .open: if let row { effects.append(.route(.todoEditor(id: row.id))) }
        case .toggle: if let row { effects.append(.toggle(row.id)) }
        case .toggleAll: effects.append(.planBulk(clearing: false, in: shownQuery))
        case .clearCompleted: effects.append(.planBulk(clearing: true, in: shownQuery))
        case .cycleFilter, .cycleSort:
            // The person's choice is kept, and wins over a kept one still on its way.
            change(action == .cycleSort ? .cycleSort : .cycleFilter, &effects)
            list.isChoiceKnown = true
            effects.append(.saveChoice(list.query.choice))
        case .moveSelected(let delta): requestMove(by: delta, &effects)
        case .startAdding: mode = .adding(PromptText())
        case .startRenaming: if let row { mode = .renaming(id: row.id, PromptText(row.line)) }
        case .startSearching: mode = .searching(PromptText(list.searchText))
        case .askToDelete: if let row { mode = .confirmingDelete(id: row.id, title: row.title) }
        case .escape:
            // The nearest thing first (after an error shown): a search kept, then the scene.
            if list.searchText.isEmpty { effects.append(.route(.back)) } else { list.searchText = "" }
        case .undo, .redo: effects.append(.history(action == .undo ? .undo : .redo))
        case .help: effects.append(.route(.help(.todoList)))
        case .back: effects.append(.route(.back))
        case .viewport, .dismissMessage, .edit, .submit, .cancel, .confirm: break
        }
    }

    /// The query of the rows on screen: a bulk action touches only what they show, even while
    /// a newer search is on its way.
    private var shownQuery: TodoQuery { list.loadedQuery ?? list.query }

    /// Selects the todo just added once the list has grown: a new todo comes last in the manual
    /// order, and last among those not done in the creation order (and in the due-date order
    /// without a due day); in the other orders it is followed to its place (`added`).
    private mutating func selectAddedTodo() {
        guard let pending = pendingAdd, viewport.count > pending.countBefore,
            list.query.listsNewTodoLast(isDue: pending.isDue)
        else { return }
        viewport.selected = max(0, viewport.count - 1 - list.query.rowsAfterNewTodo(completed: list.tally.completed))
        pendingAdd = nil
    }

    /// Selects the last todo once the last page has arrived with the exact count, and takes its
    /// rows as the window's, which then ends there: asking for them again from the start would
    /// read the whole list up to them.
    private mutating func selectLastRowOnceCounted() {
        guard awaitsLastPage, list.isCountExact else { return }
        awaitsLastPage = false
        viewport.selected = viewport.count > 0 ? viewport.count - 1 : nil
        viewport.scrollToSelection()
        requestedRange = viewport.window
    }

    /// Moves the selected todo one place down (`delta` 1) or up (-1), in the manual order only.
    /// One move is on its way at a time and further ones wait for the list to show it, because
    /// each move is computed from the rows loaded: a second move read from the old rows would
    /// move whichever todo the first one displaced.
    private mutating func requestMove(by delta: Int, _ effects: inout [Effect]) {
        guard list.query.sort == .manual else {
            if selectedRow != nil {
                fail("Todos can be moved only in manual order (press \(.changeOrder) to change the order).")
            }
            return
        }
        guard moveInFlight == nil else { return queuedMoves.append(delta) }
        startMove(by: delta, &effects)
    }

    private mutating func startMove(by delta: Int, _ effects: inout [Effect]) {
        guard let row = selectedRow, let query = list.loadedQuery, row.position + delta >= 0,
            row.position + delta < list.totalCount
        else { return queuedMoves.removeAll() }
        effects.append(.move(id: row.id, from: row.position, to: row.position + delta, in: query))
        moveInFlight = row
        viewport.selected = row.position + delta
    }

    /// Rows arrived: once they show the moved todo away from where it was (other changes, such
    /// as a toggle, reload the rows too), the next queued move may go.
    private mutating func finishMove(_ effects: inout [Effect]) {
        guard let moving = moveInFlight else { return }
        if list.rows.contains(where: { $0.id == moving.id && $0.position == moving.position }) { return }
        moveInFlight = nil
        if !queuedMoves.isEmpty { startMove(by: queuedMoves.removeFirst(), &effects) }
    }
}
