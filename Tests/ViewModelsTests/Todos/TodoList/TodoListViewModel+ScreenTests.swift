import Domain
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = TodoListViewModel.Action
private typealias Screen = TodoListViewModel.State

/// A todo list kept in memory: writes change it at once, and every observed window sends
/// again 10 ticks after each change (as a database observation does), so keys can arrive
/// before the list shows what they did.
private final class MemoryTodos: Sendable {
    let scheduler: TestScheduler
    fileprivate let todos: SanitizerVisibleMutex<[Todo]>
    private let version = BehaviorRelay(value: 0)
    let writes = SanitizerVisibleMutex<[String]>([])
    let queries = SanitizerVisibleMutex<[TodoQuery]>([])
    /// The filter and order kept, as the database keeps them across visits.
    let choice = SanitizerVisibleMutex<TodoListChoice?>(nil)
    /// Each write's label and the todos before it, newest last; and what undo took back.
    private let history = SanitizerVisibleMutex<(undo: [(String, [Todo])], redo: [(String, [Todo])])>(([], []))

    init(_ scheduler: TestScheduler, titles: [String]) {
        self.scheduler = scheduler
        todos = SanitizerVisibleMutex(titles.enumerated().map { Fixtures.todo(Int64($0 + 1), $1) })
    }

    var titles: [String] { todos.withLock { $0.map { $0.isCompleted ? "[x] \($0.title)" : $0.title } } }

    /// Another process adds a todo at the top of the manual order (no history step here).
    func addFromOutside(_ title: String) {
        todos.withLock { todos in
            let id = (todos.map(\.id).max() ?? 0) + 1
            todos.insert(Fixtures.todo(id, title), at: 0)
        }
        version.accept(version.value + 1)
    }

    private func change(
        _ description: String, _ body: @escaping @Sendable (inout [Todo]) -> Todo?
    ) -> Observable<Result<Todo, SceneError>> {
        writes.withLock { $0.append(description) }
        remember(description)
        let changed = todos.withLock { todos -> Todo? in body(&todos) }
        guard let todo = changed else { return .just(.failure(SceneError.storage("not found"))) }
        version.accept(version.value + 1)
        return .just(.success(todo))
    }

    /// Files the todos as they are before the write `label`; a new write leaves nothing to redo.
    private func remember(_ label: String) {
        let before = todos.withLock { $0 }
        history.withLock {
            $0.undo.append((label, before))
            $0.redo.removeAll()
        }
    }

    /// Undo (`back` the undo stack) or redo: the todos go back to the step's, and the ones
    /// replaced go on the other stack.
    private func step(undoing: Bool) -> Observable<Result<HistoryStep?, SceneError>> {
        let popped = history.withLock { history in undoing ? history.undo.popLast() : history.redo.popLast() }
        guard let (label, restored) = popped else { return .just(.success(nil)) }
        let replaced = todos.withLock { todos -> [Todo] in
            let old = todos
            todos = restored
            return old
        }
        history.withLock { history in
            if undoing { history.redo.append((label, replaced)) } else { history.undo.append((label, replaced)) }
        }
        writes.withLock { $0.append(undoing ? "undo" : "redo") }
        version.accept(version.value + 1)
        return .just(.success(HistoryStep(action: label, todoCount: 1)))
    }

    func service() -> MockTodoListService {
        MockTodoListService {
            $0.fetchChoiceHandler = { [self] in .just(.success(choice.withLock { $0 })) }
            $0.saveChoiceHandler = { [self] kept in
                choice.withLock { $0 = kept }
                return .just(.success(kept))
            }
            $0.observePageHandler = { [self] query, _ in
                queries.withLock { $0.append(query) }
                return version.asObservable().map { [self] (_: Int) in page(for: query) }
                    .delay(10, scheduler: scheduler)
            }
            $0.observeTallyHandler = { [self] _ in
                version.asObservable().map { [self] (_: Int) -> Result<TodoTally, SceneError> in
                    let all = todos.withLock { $0 }
                    let done = all.filter(\.isCompleted).count
                    return .success(TodoTally(active: all.count - done, completed: done))
                }
            }
            $0.addHandler = { [self] line in
                change("add \(line.title)") { todos in
                    let todo = Fixtures.todo(Int64(todos.count + 1), line.title)
                    todos.append(todo)
                    return todo
                }
            }
            $0.toggleHandler = { [self] id in
                change("toggle \(id)") { todos in
                    guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
                    let old = todos[index]
                    todos[index] = Todo(
                        id: old.id, title: old.title, isCompleted: !old.isCompleted, createdAt: old.createdAt,
                        dueAt: old.dueAt, attributes: old.attributes)
                    return todos[index]
                }
            }
            $0.planBulkHandler = { [self] clearing, query in
                let all = todos.withLock { $0 }
                let shown = all.filter { Self.shows(query, $0) }
                return .just(
                    .success(
                        TodoBulkPlan.planning(
                            clearing: clearing, in: query, shown: Self.tally(shown), all: Self.tally(all))))
            }
            $0.positionHandler = { [self] id, query in
                .just(.success(Self.ordered(todos.withLock { $0 }, query).firstIndex { $0.id == id }))
            }
            $0.toggleAllHandler = { [self] query in
                writes.withLock { $0.append("toggleAll '\(query.search)'") }
                remember("toggleAll '\(query.search)'")
                let changed = todos.withLock { todos -> Int in
                    let shown = todos.indices.filter { Self.shows(query, todos[$0]) }
                    let markDone = shown.contains { !todos[$0].isCompleted }
                    let changing = shown.filter { todos[$0].isCompleted != markDone }
                    for index in changing {
                        let old = todos[index]
                        todos[index] = Todo(
                            id: old.id, title: old.title, isCompleted: markDone, createdAt: old.createdAt)
                    }
                    return changing.count
                }
                version.accept(version.value + 1)
                return .just(.success(changed))
            }
            $0.renameHandler = { [self] id, line in
                let title = line.title
                return change("rename \(id) \(title)") { todos in
                    guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
                    let old = todos[index]
                    todos[index] = Todo(
                        id: old.id, title: title, isCompleted: old.isCompleted, createdAt: old.createdAt)
                    return todos[index]
                }
            }
            $0.deleteHandler = { [self] id in
                change("delete \(id)") { todos in
                    guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
                    return todos.remove(at: index)
                }
            }
            $0.clearCompletedHandler = { [self] query in
                writes.withLock { $0.append("clearCompleted '\(query.search)'") }
                remember("clearCompleted '\(query.search)'")
                let removed = todos.withLock { todos -> Int in
                    let before = todos.count
                    todos.removeAll { $0.isCompleted && Self.shows(query, $0) }
                    return before - todos.count
                }
                version.accept(version.value + 1)
                return .just(.success(removed))
            }
            $0.moveHandler = { [self] id, from, to, _ in
                change("move \(id) \(from)->\(to)") { todos in
                    guard todos.indices.contains(from), todos.indices.contains(to), todos[from].id == id else {
                        return nil
                    }
                    let todo = todos.remove(at: from)
                    todos.insert(todo, at: to)
                    return todo
                }
            }
            $0.undoHandler = { [self] in step(undoing: true) }
            $0.redoHandler = { [self] in step(undoing: false) }
        }
    }

    /// Whether a list of `query` shows `todo`: its filter and its search.
    private static func tally(_ todos: [Todo]) -> TodoTally {
        let done = todos.filter(\.isCompleted).count
        return TodoTally(active: todos.count - done, completed: done)
    }

    private static func shows(_ query: TodoQuery, _ todo: Todo) -> Bool {
        let isInFilter =
            switch query.filter {
            case .all: true
            case .active: !todo.isCompleted
            case .completed: todo.isCompleted
            }
        return isInFilter && (query.search.isEmpty || todo.title.lowercased().contains(query.search.lowercased()))
    }

    /// The todos a list of `query` shows, in its order.
    private static func ordered(_ todos: [Todo], _ query: TodoQuery) -> [Todo] {
        let shown = todos.filter { shows(query, $0) }
        // The todos keep the order they are held in, but by title (the fixtures are made in
        // order of creation, with no due day and the same urgency).
        let sorted =
            query.sort == .title
            ? shown.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) } : shown
        // As the service does: done todos after the others in every order but the manual one.
        return query.sort == .manual ? sorted : sorted.filter { !$0.isCompleted } + sorted.filter(\.isCompleted)
    }

    private func page(for query: TodoQuery) -> Result<TodoPage, SceneError> {
        let all = Self.ordered(todos.withLock { $0 }, query)
        let start = query.fromEnd ? max(0, all.count - query.limit) : min(query.offset, all.count)
        let slice = Array(all[start..<min(all.count, start + query.limit)])
        return .success(TodoPage(todos: slice, totalCount: all.count, offset: start))
    }
}

/// The list scene over `titles` (and the filter and order `kept` before), a viewport of `height`
/// rows given at tick 0, and `actions` sent at their ticks; returns the screens recorded and the store.
private func run(
    _ titles: [String], height: Int = 5, until end: Int = 1_000, _ actions: [(Int, Action)],
    outside: [(Int, String)] = [], kept: TodoListChoice? = nil, stored: ([Todo]) -> [Todo] = { $0 }
) -> (screens: TestableObserver<Screen>, store: MemoryTodos, routes: [Route]) {
    let scheduler = TestScheduler()
    let store = MemoryTodos(scheduler, titles: titles)
    store.todos.withLock { $0 = stored($0) }
    store.choice.withLock { $0 = kept }
    for (tick, title) in outside { scheduler.scheduleAt(tick) { store.addFromOutside(title) } }
    let input = scheduler.createHotObservable(
        [Recorded.next(0, Action.viewport(height: height))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = TodoListViewModel(service: store.service(), scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(Screen.self)
    let subscription = output.state.subscribe(screens.asObserver())
    let routes = scheduler.createObserver(Route.self)
    let routeSubscription = output.route.subscribe(routes.asObserver())
    scheduler.advance(by: SchedulerDuration(ticks: end))
    subscription.dispose()
    routeSubscription.dispose()
    return (screens, store, routes.elements)
}

/// The screen as it was at `tick` (the last one sent at or before it).
private func at(_ tick: Int, _ screens: TestableObserver<Screen>) -> Screen {
    screens.events.last { $0.time <= tick }?.value.element ?? Screen()
}

private func last(_ screens: TestableObserver<Screen>) -> Screen { screens.elements.last ?? Screen() }

private let five = ["Welcome", "Add", "Mark", "Search", "Read"]

@Test func todoListScreenSelectsTheFirstRowOnceTheListLoads() {
    let (screens, _, _) = run(five, [])
    let screen = last(screens)
    #expect(screen.viewport.selected == 0)
    #expect(screen.visibleRows.map(\.title) == five)
    #expect(screen.selectedRow?.title == "Welcome")
}

@Test func todoListScreenMovesTypedFasterThanTheListReloadsMoveTheSelectedTodo() {
    // J J K then Space at one tick: the moves go one at a time, each after the list shows the one before.
    let (screens, store, _) = run(
        five, [(100, .moveSelected(by: 1)), (100, .moveSelected(by: 1)), (100, .moveSelected(by: -1)), (100, .toggle)])
    #expect(store.titles == ["Add", "[x] Welcome", "Mark", "Search", "Read"])
    #expect(store.writes.withLock { $0 } == ["move 1 0->1", "toggle 1", "move 1 1->2", "move 1 2->1"])
    #expect(last(screens).viewport.selected == 1)
    #expect(last(screens).selectedRow?.title == "Welcome")
}

@Test func todoListScreenSelectionMovesAndTheWindowFollowsIt() {
    let titles = (0..<20).map { "Todo \($0)" }
    let (screens, store, _) = run(
        titles, height: 5,
        [
            (100, .select(.down)), (110, .select(.pageDown)), (120, .select(.pageDown)), (130, .select(.up)),
            (140, .select(.bottom)), (150, .select(.down)), (160, .select(.pageUp)), (170, .select(.top)),
            (180, .select(.up)),
        ])
    let selections = [100, 110, 120, 130, 140, 150, 160, 170, 180].map { at($0, screens).viewport.selected }
    #expect(selections == [1, 6, 11, 10, 19, 19, 14, 0, 0])
    // The window scrolls as little as it takes, and asks for exactly what it shows.
    #expect(at(120, screens).viewport.offset == 7)
    #expect(at(130, screens).viewport.offset == 7)
    #expect(at(140, screens).viewport.offset == 15)
    #expect(at(160, screens).viewport.offset == 14)
    #expect(last(screens).viewport.offset == 0)
    #expect(last(screens).visibleRows.map(\.title) == Array(titles.prefix(5)))
    let windows = store.queries.withLock { $0 }.map { "\($0.offset)+\($0.limit)" }
    #expect(windows.contains("15+5") && windows.contains("7+5") && windows.last == "0+5")
}

@Test func todoListScreenAnOpenInputLineTakesOneRowFromTheList() {
    let (screens, _, _) = run(five, height: 5, [(100, .startAdding), (200, .cancel)])
    #expect(at(99, screens).viewport.height == 5)
    #expect(at(100, screens).viewport.height == 4)
    #expect(at(100, screens).visibleRows.count == 4)
    #expect(last(screens).viewport.height == 5)
    #expect(last(screens).mode == .browsing)
}

@Test func todoListScreenAddsFromTheInputLineAndSelectsTheNewTodo() {
    let (screens, store, _) = run(
        five, height: 10,
        [
            (100, .startAdding), (101, .edit(PromptText("Buy"))), (102, .edit(PromptText("Buy milk", cursor: 3))),
            (103, .submit),
        ])
    #expect(at(102, screens).mode == .adding(PromptText("Buy milk", cursor: 3)))
    #expect(store.writes.withLock { $0 } == ["add Buy milk"])
    #expect(at(103, screens).mode == .browsing)
    #expect(last(screens).selectedRow?.title == "Buy milk")
    #expect(last(screens).viewport.selected == 5)
}

@Test func todoListScreenABlankTitleAddsNothingAndKeysOutsideTheirModeDoNothing() {
    let (screens, store, routes) = run(
        five,
        [
            (100, .startAdding), (101, .toggle), (102, .select(.down)), (103, .edit(PromptText("   "))),
            (104, .submit), (105, .confirm), (106, .edit(PromptText("stray"))),
        ])
    #expect(store.writes.withLock { $0 }.isEmpty)
    #expect(routes.isEmpty)
    #expect(last(screens).viewport.selected == 0)
    #expect(last(screens).mode == .browsing)
}

@Test func todoListScreenAKeyOfNoUseDismissesTheMessage() {
    let (screens, store, _) = run(
        five, [(100, .startRenaming), (101, .edit(PromptText("  "))), (102, .submit), (200, .dismissMessage)])
    #expect(at(199, screens).errorMessage == "A title is required.")
    #expect(last(screens).errorMessage == nil)
    // The rename line stays open holding what was typed, as after any refusal.
    #expect(last(screens).mode == .renaming(id: 1, PromptText("  ")))
    #expect(store.writes.withLock { $0 }.isEmpty)
}

@Test func todoListScreenAddingWhatTheListHidesSaysSo() {
    let (filtered, _, _) = run(
        five,
        [
            (100, .cycleFilter), (200, .cycleFilter), (300, .startAdding), (301, .edit(PromptText("Milk"))),
            (302, .submit),
        ])
    #expect(
        last(filtered).message == "Adding “Milk”: the list shows done todos only (\(.changeFilter) changes the filter)."
    )
    let (searched, store, _) = run(
        five,
        [
            (100, .startSearching), (101, .edit(PromptText("zz"))), (500, .submit), (600, .startAdding),
            (601, .edit(PromptText("Milk"))), (602, .submit),
        ])
    #expect(last(searched).message == "Adding “Milk”: the search “zz” hides it (\(.clearSearch) clears the search).")
    #expect(store.writes.withLock { $0 }.contains("add Milk"))
}

@Test func todoListScreenAddingWhatTheSearchFindsSaysNothing() {
    let (screens, _, _) = run(
        five,
        [
            (100, .startSearching), (101, .edit(PromptText("mí"))), (500, .submit), (600, .startAdding),
            (601, .edit(PromptText("Oat milk"))), (602, .submit),
        ])
    #expect(last(screens).message == nil)
}

@Test func todoListScreenRenamesTheSelectedTodoInPlace() {
    let (screens, store, _) = run(
        five, [(100, .select(.down)), (101, .startRenaming), (102, .edit(PromptText("Add two"))), (103, .submit)])
    #expect(at(101, screens).mode == .renaming(id: 2, PromptText("Add")))
    #expect(store.writes.withLock { $0 } == ["rename 2 Add two"])
    #expect(last(screens).selectedRow?.title == "Add two")
}

@Test func todoListScreenDeletesOnlyAfterAYes() {
    let (screens, store, _) = run(
        five, [(100, .askToDelete), (101, .cancel), (200, .select(.down)), (201, .askToDelete), (202, .confirm)])
    #expect(at(100, screens).mode == .confirmingDelete(id: 1, title: "Welcome"))
    #expect(at(101, screens).mode == .browsing)
    #expect(store.writes.withLock { $0 } == ["delete 2"])
    #expect(last(screens).list.rows.map(\.title) == ["Welcome", "Mark", "Search", "Read"])
    #expect(last(screens).viewport.selected == 1)
}

@Test func todoListScreenSearchNarrowsAsTypedAndEscapeUndoesTheNearestThing() {
    let (screens, _, routes) = run(
        five, until: 2_000,
        [
            (100, .startSearching), (101, .edit(PromptText("re"))), (500, .submit), (600, .escape),
            (1_000, .escape),
        ])
    #expect(at(500, screens).list.rows.map(\.title) == ["Read"])
    #expect(at(500, screens).header == "Filter: all · Sort: manual · Search: re · 1 match")
    #expect(at(599, screens).mode == .browsing)
    // The first Esc clears the search kept; the second leaves the scene.
    #expect(at(999, screens).list.rows.count == 5)
    #expect(at(999, screens).list.searchText.isEmpty)
    #expect(routes == [.back])
}

@Test func todoListScreenCancellingTheSearchLineClearsTheSearch() {
    let (screens, _, _) = run(five, [(100, .startSearching), (101, .edit(PromptText("mark"))), (500, .cancel)])
    #expect(at(499, screens).list.rows.map(\.title) == ["Mark"])
    #expect(last(screens).list.searchText.isEmpty)
    #expect(last(screens).list.rows.count == 5)
}

@Test func todoListScreenAMoveOutsideTheManualOrderIsRefusedAndEscapeDismissesTheMessage() {
    let (screens, store, routes) = run(
        five, [(100, .cycleSort), (200, .moveSelected(by: 1)), (300, .escape), (400, .escape)])
    #expect(at(200, screens).errorMessage?.description.contains("manual order") == true)
    #expect(at(300, screens).errorMessage == nil)
    #expect(store.writes.withLock { $0 }.isEmpty)
    #expect(routes == [.back])
}

@Test func todoListScreenRoutesOpenHelpAndBack() {
    let (_, _, routes) = run(five, [(100, .select(.down)), (101, .open), (102, .help), (103, .back)])
    #expect(routes == [.todoEditor(id: 2), .help(.todoList), .back])
}

@Test func todoListScreenToggleAndFilterReachTheService() {
    let (screens, store, _) = run(five, [(100, .toggle), (200, .cycleFilter), (300, .cycleFilter)])
    #expect(store.writes.withLock { $0 } == ["toggle 1"])
    #expect(at(250, screens).list.query.filter == .active)
    #expect(at(250, screens).list.rows.map(\.title) == ["Add", "Mark", "Search", "Read"])
    // The active filter shows no done todo for the key to clear: the count comes without it.
    #expect(at(250, screens).header == "Filter: active · Sort: manual · 1 done")
    #expect(last(screens).list.query.filter == .completed)
    #expect(last(screens).header == "Filter: completed · Sort: manual · 1 done (\(.clearCompleted) clears)")
    #expect(last(screens).emptyText == "No todos match. \(.changeFilter) changes the filter, \(.search) the search.")
}

@Test func todoListScreenEndOfASearchCountedPartWayAsksForTheLastPageOnce() {
    let scheduler = TestScheduler()
    let queries = SanitizerVisibleMutex<[TodoQuery]>([])
    let length = 10_000
    // Like the base service: a search is counted only 100 todos past its window, unless the
    // window is asked for from the end.
    let service = MockTodoListService {
        $0.fetchChoiceHandler = { .just(.success(nil)) }
        $0.observePageHandler = { query, _ in
            queries.withLock { $0.append(query) }
            let end = query.fromEnd ? length : min(length, query.offset + query.limit)
            let start = query.fromEnd ? end - query.limit : query.offset
            let todos = (start..<end).map { Fixtures.todo(Int64($0 + 1), "Todo \($0)") }
            let counted = query.search.isEmpty || query.fromEnd ? length : min(length, end + 100)
            let page = TodoPage(todos: todos, totalCount: counted, offset: start, isCountExact: counted == length)
            return Observable.just(.success(page)).delay(10, scheduler: scheduler)
        }
        $0.observeTallyHandler = { _ in .just(.success(TodoTally(active: length, completed: 0))) }
        // Every todo matches: "Todo n" is at position n.
        $0.positionHandler = { id, _ in .just(.success(Int(id) - 1)) }
    }
    let actions = scheduler.createHotObservable([
        .next(0, Action.viewport(height: 5)), .next(100, .startSearching), .next(101, .edit(PromptText("todo"))),
        .next(102, .submit), .next(1_000, .select(.bottom)), .next(2_000, .select(.up)),
    ])
    let screens = scheduler.createObserver(Screen.self)
    let subscription = TodoListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: actions.asObservable())).state.subscribe(screens.asObserver())
    scheduler.advance(by: 3_000)
    subscription.dispose()
    #expect(at(999, screens).header.description.hasSuffix("Search: todo · 105+ matches"))
    // The end waits for the last page, then selects its last row.
    #expect(at(1_000, screens).viewport.selected == 0)
    #expect(at(1_999, screens).viewport.selected == length - 1)
    #expect(at(1_999, screens).visibleRows.last?.title == "Todo 9999")
    #expect(at(1_999, screens).header.description.hasSuffix("Search: todo · 10,000 matches"))
    // Moving up from there reads no window from the start of the list.
    #expect(last(screens).viewport.selected == length - 2)
    let asked = queries.withLock { $0 }
    #expect(asked.filter(\.fromEnd).count == 1)
    #expect(asked.last?.fromEnd == true)
}

@Test func todoListScreenSaysTheSelectionIsPendingUntilItsRowArrives() {
    let scheduler = TestScheduler()
    let length = 10_000
    // Pages arrive 10 ticks after they are asked for; a search is counted only 100 todos past
    // its window, as the base service counts it.
    let service = MockTodoListService {
        $0.fetchChoiceHandler = { .just(.success(nil)) }
        $0.observePageHandler = { query, _ in
            let end = query.fromEnd ? length : min(length, query.offset + query.limit)
            let start = query.fromEnd ? end - query.limit : query.offset
            let todos = (start..<end).map { Fixtures.todo(Int64($0 + 1), "Todo \($0)") }
            let counted = query.search.isEmpty || query.fromEnd ? length : min(length, end + 100)
            let page = TodoPage(todos: todos, totalCount: counted, offset: start, isCountExact: counted == length)
            return Observable.just(.success(page)).delay(10, scheduler: scheduler)
        }
        $0.observeTallyHandler = { _ in .just(.success(TodoTally(active: length, completed: 0))) }
        $0.positionHandler = { id, _ in .just(.success(Int(id) - 1)) }
    }
    let actions = scheduler.createHotObservable([
        .next(0, Action.viewport(height: 5)), .next(100, .select(.bottom)), .next(200, .select(.top)),
        .next(300, .startSearching), .next(301, .edit(PromptText("todo"))), .next(302, .submit),
        .next(1_000, .select(.bottom)),
    ])
    let screens = scheduler.createObserver(Screen.self)
    let subscription = TodoListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: actions.asObservable())).state.subscribe(screens.asObserver())
    scheduler.advance(by: 2_000)
    subscription.dispose()
    // Before the first page, nothing is selected: no key waits on a row, and the list has
    // not loaded. Once it has, a newer window loading does not make it unloaded again.
    #expect(!at(5, screens).isSelectionPending)
    #expect(!at(5, screens).list.hasLoaded)
    #expect(at(100, screens).list.isLoading && at(100, screens).list.hasLoaded)
    #expect(!at(99, screens).isSelectionPending)
    // The end of the list is selected at once; its row comes with the window 10 ticks later.
    #expect(at(100, screens).viewport.selected == length - 1)
    #expect(at(100, screens).selectedRow == nil)
    #expect(at(100, screens).isSelectionPending)
    #expect(!at(150, screens).isSelectionPending)
    #expect(at(150, screens).selectedRow?.title == "Todo 9999")
    #expect(at(250, screens).selectedRow?.title == "Todo 0")
    // While a search is typed the keys are text, and wait for nothing.
    #expect(!at(301, screens).isSelectionPending)
    // The search kept is asked for at once, without the typing pause: until its rows arrive
    // (10 ticks), the rows are the list's before it, and a key for the selected todo would act
    // on one of those.
    #expect(at(302, screens).isSelectionPending && at(302, screens).list.showsAnotherList)
    #expect(at(302, screens).list.query.search == "todo")
    #expect(!at(320, screens).isSelectionPending)
    // The end of a search counted part way: the selection stays on the first row until the last
    // page comes, and a key meanwhile would act on that first row, so the selection is pending.
    #expect(at(999, screens).header.description.hasSuffix("Search: todo · 105+ matches"))
    #expect(at(1_000, screens).selectedRow?.title == "Todo 0")
    #expect(at(1_000, screens).isSelectionPending)
    #expect(!last(screens).isSelectionPending)
    #expect(last(screens).selectedRow?.title == "Todo 9999")
}

@Test func todoListScreenMarksRowsAgainstTheInjectedToday() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let todos = [
            Fixtures.todo(1, "Late", due: DueDay("2026-11-20")?.date),
            Fixtures.todo(2, "Now", due: Fixtures.today.date),
            Fixtures.todo(3, "Soon", due: DueDay("2026-12-24")?.date),
            Fixtures.todo(4, "Done late", done: true, due: DueDay("2026-11-20")?.date), Fixtures.todo(5, "Whenever"),
        ]
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in
                observed(.success(TodoPage(todos: todos, totalCount: todos.count, offset: 0)))
            }
            $0.observeTallyHandler = { _ in observed(.success(TodoTally(active: 4, completed: 1))) }
        }
        let viewModel = TodoListViewModel(service: service, scheduler: scheduler, today: { Fixtures.today })
        let actions = scheduler.createHotObservable([.next(300, Action.viewport(height: 5))]).asObservable()
        let output = viewModel.transform(input: .init(actions: actions))
        let screens = record(output.state, on: scheduler)
        scheduler.advance(to: 1000)
        let screen = screens.elements.last ?? Screen()
        #expect(screen.list.today == Fixtures.today)
        #expect(
            screen.visibleRows.map { $0.dueStatus(on: screen.list.today) }
                == [.overdue, .dueToday, .upcoming, .none, .none])
    }
}

@Test func todoListScreenMovesItsDueMarksOnAtMidnightWithNothingElseHappening() throws {
    try withSubscriptionTracking {
        let scheduler = TestScheduler()
        let tomorrow = try #require(DueDay("2026-11-27"))
        #expect(tomorrow.daysSince1970 == Fixtures.today.daysSince1970 + 1)
        let todos = [Fixtures.todo(1, "Soon", due: tomorrow.date)]
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in
                observed(.success(TodoPage(todos: todos, totalCount: todos.count, offset: 0)))
            }
            $0.observeTallyHandler = { _ in observed(.success(TodoTally(active: 1, completed: 0))) }
        }
        // The clock passes midnight at 90 s; the list looks at the day once a minute.
        let day = SanitizerVisibleMutex(Fixtures.today)
        let viewModel = TodoListViewModel(
            service: service, scheduler: scheduler, today: { day.withLock { $0 } }, dayClock: scheduler)
        let actions = scheduler.createHotObservable([.next(300, Action.viewport(height: 5))]).asObservable()
        let screens = record(
            viewModel.transform(input: .init(actions: actions)).state, on: scheduler, until: 130_000)
        scheduler.scheduleAt(90_000) { day.withLock { $0 = tomorrow } }
        scheduler.advance(to: 130_000)
        let marks = screens.events.compactMap { recorded in
            recorded.value.element.map { ($0.list.today, $0.visibleRows.first?.dueStatus(on: $0.list.today)) }
        }
        #expect(marks.last.map { $0.0 } == tomorrow)
        #expect(marks.last?.1 == .dueToday)
        // Subscribed at 200: the minutes end at 60,200 (still the same day) and 120,200.
        #expect(screens.events.first { $0.value.element?.list.today == tomorrow }?.time == 120_200)
    }
}

@Test func todoListScreenCompleteAllWithASearchLeavesTheHiddenTodosAsTheyWere() {
    // "mi" shows Milk and Mint tea; Bread stays hidden and not done.
    let (screens, store, _) = run(
        ["Milk", "Bread", "Mint tea"],
        [
            (100, .startSearching), (101, .edit(PromptText("mi"))), (102, .submit),
            (500, .toggleAll),
        ])
    #expect(store.writes.withLock { $0 } == ["toggleAll 'mi'"])
    #expect(store.titles == ["[x] Milk", "Bread", "[x] Mint tea"])
    #expect(last(screens).message == "Marked 2 todos done. 1 hidden left as they were.")
    #expect(last(screens).mode == .browsing)
}

@Test func todoListScreenBulkActionOverFiveTodosAsksFirstAndYesRunsIt() {
    let titles = (1...7).map { "Todo \($0)" } + ["Other"]
    let (screens, store, _) = run(
        titles, height: 10,
        [
            (100, .startSearching), (101, .edit(PromptText("todo"))), (102, .submit), (500, .toggleAll),
            (600, .confirm),
        ])
    guard case .confirmingBulk(let plan) = at(599, screens).mode else {
        Issue.record("no question: \(at(599, screens).mode)")
        return
    }
    #expect(plan.question == "Mark 7 shown todos done? 1 hidden stay as they are.")
    #expect(at(599, screens).message == nil)
    #expect(store.writes.withLock { $0 } == ["toggleAll 'todo'"])
    #expect(store.titles.filter { $0.hasPrefix("[x]") }.count == 7 && store.titles.last == "Other")
    #expect(last(screens).message == "Marked 7 todos done. 1 hidden left as they were.")
}

@Test func todoListScreenBulkActionOverFiveTodosAnsweredNoChangesNothing() {
    let titles = (1...6).map { "Todo \($0)" }
    let (screens, store, _) = run(titles, height: 10, [(500, .toggleAll), (600, .cancel)])
    if case .confirmingBulk(let plan) = at(599, screens).mode {
        #expect(plan.question == "Mark 6 shown todos done?")
    } else {
        Issue.record("no question: \(at(599, screens).mode)")
    }
    #expect(store.writes.withLock { $0 }.isEmpty)
    #expect(last(screens).mode == .browsing)
}

@Test func todoListScreenClearCompletedWithASearchDeletesOnlyTheShownDoneTodos() {
    let (screens, store, _) = run(
        ["Milk", "Bread", "Mint tea"],
        [
            (100, .toggle), (150, .select(.down)), (160, .toggle), (200, .startSearching),
            (201, .edit(PromptText("mi"))),
            (202, .submit), (600, .clearCompleted),
        ])
    #expect(store.titles == ["[x] Bread", "Mint tea"])
    #expect(last(screens).message == "Deleted 1 done todo. 1 hidden left as they were.")
}

@Test func todoListScreenBulkActionWithNothingShownSaysSo() {
    let (screens, store, _) = run(["Milk"], [(500, .clearCompleted)])
    #expect(store.writes.withLock { $0 }.isEmpty)
    #expect(last(screens).message == "No done todos are shown, so none were deleted.")
}

@Test func todoListScreenBulkNoteGoesWithTheNextKey() {
    let (screens, _, _) = run(["Milk"], [(500, .toggleAll), (700, .select(.down))])
    #expect(at(699, screens).message == "Marked 1 todo done.")
    #expect(last(screens).message == nil)
}

@Test func todoListScreenChangingTheSortKeepsTheSelectedTodo() {
    // Manual, date created and due date keep this order; by title Cat is third.
    let (screens, _, _) = run(
        ["Dog", "Cat", "Bee", "Ant", "Eel"],
        [(100, .select(.down)), (200, .cycleSort), (300, .cycleSort), (400, .cycleSort)])
    #expect(at(299, screens).header == "Filter: all · Sort: date created")
    #expect(at(399, screens).header == "Filter: all · Sort: due date")
    #expect(at(399, screens).selectedRow?.title == "Cat")
    #expect(last(screens).header == "Filter: all · Sort: title")
    #expect(last(screens).visibleRows.map(\.title) == ["Ant", "Bee", "Cat", "Dog", "Eel"])
    #expect(last(screens).viewport.selected == 2)
    #expect(last(screens).selectedRow?.title == "Cat")
}

@Test func todoListScreenOpensAgainWithTheFilterAndOrderChosenBefore() {
    let (_, first, _) = run(five, [(100, .cycleSort), (200, .cycleSort), (300, .cycleFilter)])
    let kept = first.choice.withLock { $0 }
    #expect(kept == TodoListChoice(filter: .active, sort: .dueDate))
    // Another visit (another scene, or the app started again) over what was kept.
    let (screens, second, _) = run(five, [], kept: kept)
    #expect(last(screens).header == "Filter: active · Sort: due date")
    #expect(last(screens).visibleRows.map(\.title) == five)
    // Its very first window is already of the kept filter and order.
    #expect(second.queries.withLock { $0 }.allSatisfy { $0.filter == .active && $0.sort == .dueDate })
}

@Test func todoListScreenChangingTheFilterKeepsTheSelectedTodo() {
    // Welcome is done, so the active filter shows Mark one row higher.
    let (screens, _, _) = run(
        five, [(100, .toggle), (200, .select(.down)), (210, .select(.down)), (300, .cycleFilter)])
    #expect(at(299, screens).selectedRow?.title == "Mark")
    #expect(last(screens).list.query.filter == .active)
    #expect(last(screens).visibleRows.map(\.title) == ["Add", "Mark", "Search", "Read"])
    #expect(last(screens).viewport.selected == 1)
    #expect(last(screens).selectedRow?.title == "Mark")
}

@Test func todoListScreenClearingTheSearchKeepsTheSelectedTodo() {
    let (screens, _, _) = run(
        five, until: 2_000,
        [
            (100, .startSearching), (101, .edit(PromptText("r"))), (500, .submit), (600, .select(.down)),
            (700, .escape),
        ])
    #expect(at(699, screens).visibleRows.map(\.title) == ["Mark", "Search", "Read"])
    #expect(at(699, screens).selectedRow?.title == "Search")
    #expect(last(screens).list.rows.count == 5)
    #expect(last(screens).viewport.selected == 3)
    #expect(last(screens).selectedRow?.title == "Search")
}

@Test func todoListScreenASearchThatHidesTheSelectedTodoSelectsTheFirstMatch() {
    // "Read" is the fifth row; the search "ar" shows Mark and Search, not Read.
    let (screens, _, _) = run(
        five, until: 2_000,
        [
            (100, .select(.down)), (110, .select(.down)), (120, .select(.down)), (130, .select(.down)),
            (200, .startSearching), (201, .edit(PromptText("ar"))), (600, .submit),
        ])
    #expect(at(199, screens).selectedRow?.title == "Read")
    #expect(last(screens).visibleRows.map(\.title) == ["Mark", "Search"])
    #expect(last(screens).viewport.selected == 0)
    #expect(last(screens).selectedRow?.title == "Mark")
}

@Test func todoListScreenASearchKeepsTheSelectedTodoWhenItMatches() {
    let (screens, _, _) = run(
        five, until: 2_000,
        [
            (100, .select(.down)), (110, .select(.down)), (120, .select(.down)), (200, .startSearching),
            (201, .edit(PromptText("r"))), (600, .submit),
        ])
    #expect(at(199, screens).selectedRow?.title == "Search")
    #expect(last(screens).visibleRows.map(\.title) == ["Mark", "Search", "Read"])
    #expect(last(screens).selectedRow?.title == "Search")
}

@Test func todoListScreenChangingTheSortFollowsTheTodoOutOfTheWindow() {
    // Inserted from "Todo 19" down to "Todo 00": the first todo is the last by title.
    let titles = (0..<20).reversed().map { $0 < 10 ? "Todo 0\($0)" : "Todo \($0)" }
    let (screens, store, _) = run(titles, height: 5, [(200, .cycleSort), (300, .cycleSort), (400, .cycleSort)])
    let screen = last(screens)
    #expect(screen.header == "Filter: all · Sort: title")
    #expect(screen.viewport.selected == 19)
    #expect(screen.selectedRow?.title == "Todo 19")
    #expect(screen.visibleRows.map(\.title) == ["Todo 15", "Todo 16", "Todo 17", "Todo 18", "Todo 19"])
    #expect(store.queries.withLock { $0 }.last.map { "\($0.sort) \($0.offset)+\($0.limit)" } == "title 15+5")
}

@Test func todoListScreenANewOrderShowsTheTopWhenTheSelectedTodoShowsThere() {
    // The view is scrolled a row down to Cat, the sixth of eight; by title Cat is third, so the
    // view starts at the top again rather than keep Ant above it.
    let downs = (0..<5).map { (100 + $0, Action.select(.down)) }
    let (screens, _, _) = run(
        ["Hen", "Gnu", "Fox", "Eel", "Dog", "Cat", "Bee", "Ant"], height: 5,
        downs + [(200, .cycleSort), (300, .cycleSort), (400, .cycleSort)])
    #expect(at(199, screens).viewport.offset == 1)
    #expect(at(199, screens).selectedRow?.title == "Cat")
    let screen = last(screens)
    #expect(screen.selectedRow?.title == "Cat")
    #expect(screen.viewport.offset == 0)
    #expect(screen.visibleRows.map(\.title) == ["Ant", "Bee", "Cat", "Dog", "Eel"])
}

@Test func todoListScreenANewOrderScrollsNoFurtherThanShowsTheSelectedTodo() {
    // Scrolled to the end (Todo 00 at the bottom of 20); by title, Todo 00 is first, and Todo 10
    // (selected next) eleventh: the view shows it at its bottom row, with as much above it as fits.
    let titles = (0..<20).reversed().map { $0 < 10 ? "Todo 0\($0)" : "Todo \($0)" }
    let (screens, _, _) = run(
        titles, height: 5,
        [
            (100, .select(.bottom)), (150, .select(.pageUp)), (160, .select(.pageUp)), (200, .cycleSort),
            (300, .cycleSort), (400, .cycleSort),
        ])
    #expect(at(199, screens).selectedRow?.title == "Todo 10")
    #expect(at(199, screens).viewport.offset == 9)
    let screen = last(screens)
    #expect(screen.selectedRow?.title == "Todo 10")
    #expect(screen.viewport.offset == 6)
    #expect(screen.visibleRows.map(\.title) == ["Todo 06", "Todo 07", "Todo 08", "Todo 09", "Todo 10"])
}

@Test func todoListScreenMarkingARecurringTodoDoneNamesTheDayItsNextOneIsDue() {
    let bins = Todo(
        id: 1, title: "Bins", createdAt: Fixtures.day, dueAt: DueDay(year: 2027, month: 1, day: 4)?.date,
        attributes: TodoAttributes(recurrence: Recurrence(written: "weekly")))
    let (screens, _, _) = run(
        ["Bins", "Milk"], [(100, .toggle), (300, .select(.down)), (400, .toggle), (600, .toggle)],
        stored: { [bins] + $0.dropFirst() })
    #expect(at(299, screens).message == "Marked “Bins” done; the next is due 2027-01-11. \(.undo) undoes both.")
    #expect(at(599, screens).message == "Marked “Milk” done. \(.undo) undoes it.")
    #expect(last(screens).message == "Marked “Milk” not done. \(.undo) undoes it.")
}

@Test func todoListScreenUndoTakesBackABulkActionAndRedoDoesItAgain() {
    let (screens, store, _) = run(
        ["Milk", "Bread", "Mint tea"],
        [
            (100, .startSearching), (101, .edit(PromptText("mi"))), (102, .submit), (500, .toggleAll),
            (600, .undo), (700, .redo), (800, .undo),
        ])
    #expect(store.writes.withLock { $0 } == ["toggleAll 'mi'", "undo", "redo", "undo"])
    #expect(at(699, screens).message == "Undid: toggleAll 'mi'. \(.redo) redoes it.")
    #expect(at(799, screens).message == "Redid: toggleAll 'mi'. \(.undo) undoes it.")
    #expect(store.titles == ["Milk", "Bread", "Mint tea"])
    #expect(last(screens).errorMessage == nil)
}

@Test func todoListScreenUndoWithNothingToUndoSaysSoAndTheNoteGoesWithTheNextKey() {
    let (screens, store, _) = run(["Milk"], [(500, .undo), (600, .redo), (700, .select(.down))])
    #expect(at(599, screens).message == "Nothing to undo.")
    #expect(at(699, screens).message == "Nothing to redo.")
    #expect(last(screens).message == nil)
    #expect(store.writes.withLock { $0 }.isEmpty)
}

@Test func todoListScreenUndoIsIgnoredWhileAnInputLineIsOpen() {
    let (screens, store, _) = run(["Milk"], [(100, .toggle), (200, .startAdding), (300, .undo)])
    #expect(store.writes.withLock { $0 } == ["toggle 1"])
    #expect(last(screens).mode == .adding(PromptText()))
}

@Test func todoListScreenAFailedUndoIsShownAsAnError() {
    let scheduler = TestScheduler()
    let service = MockTodoListService {
        $0.fetchChoiceHandler = { .just(.success(nil)) }
        $0.observePageHandler = { _, _ in
            .just(.success(TodoPage(todos: [Fixtures.todo(1, "Milk")], totalCount: 1, offset: 0)))
        }
        $0.observeTallyHandler = { _ in .just(.success(TodoTally(active: 1, completed: 0))) }
        $0.undoHandler = { .just(.failure(SceneError.storage("the database is busy; try again"))) }
    }
    let actions = scheduler.createHotObservable([.next(0, Action.viewport(height: 5)), .next(100, .undo)])
    let screens = scheduler.createObserver(Screen.self)
    let subscription = TodoListViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: actions.asObservable())).state.subscribe(screens.asObserver())
    scheduler.advance(by: 500)
    subscription.dispose()
    #expect(last(screens).errorMessage == "Could not undo: the database is busy; try again")
}

/// The first tick at which the screen showed a message (a note or an error).
private func firstMessage(_ screens: TestableObserver<Screen>, after tick: Int = 0) -> Int? {
    screens.events.first { $0.time >= tick && $0.value.element?.status.current != nil }?.time
}

@Test func todoListScreenANoteGoesAfterItsTimeoutAndTheHintsComeBack() throws {
    let (screens, _, _) = run(["Milk"], until: 10_000, [(500, .undo)])
    let shown = try #require(firstMessage(screens))
    #expect(at(shown + 3_999, screens).message == "Nothing to undo.")
    #expect(at(shown + 4_000, screens).message == nil)
    #expect(at(shown + 4_000, screens).status.current == nil)
}

@Test func todoListScreenAnErrorGoesAfterItsLongerTimeout() throws {
    let (screens, _, _) = run(five, until: 20_000, [(100, .cycleSort), (200, .moveSelected(by: 1))])
    let shown = try #require(firstMessage(screens))
    #expect(at(shown + 7_999, screens).errorMessage?.description.contains("manual order") == true)
    #expect(at(shown + 8_000, screens).errorMessage == nil)
}

@Test func todoListScreenAnErrorGoesWithTheNextKeyWhichStillWorks() {
    let (screens, _, _) = run(five, [(100, .cycleSort), (200, .moveSelected(by: 1)), (300, .select(.down))])
    #expect(at(299, screens).errorMessage != nil)
    #expect(at(300, screens).errorMessage == nil)
    #expect(at(300, screens).viewport.selected == 1)
}

@Test func todoListScreenANewerMessageRestartsTheTimeout() {
    let (screens, _, _) = run(["Milk"], until: 10_000, [(500, .undo), (3_500, .redo)])
    // The first note's timeout (about 4,500) does not take the newer one.
    #expect(at(4_600, screens).message == "Nothing to redo.")
    #expect(at(7_499, screens).message == "Nothing to redo.")
    #expect(at(7_600, screens).message == nil)
}

@Test func todoListScreenTheSameErrorTwiceIsShownTwice() {
    let (screens, _, _) = run(
        five, until: 20_000, [(100, .cycleSort), (200, .moveSelected(by: 1)), (9_000, .moveSelected(by: 1))])
    #expect(at(8_999, screens).errorMessage == nil)
    #expect(at(9_001, screens).errorMessage?.description.contains("manual order") == true)
}

@Test func todoListScreenAQuestionIsNoMessageAndStaysUntilAnswered() {
    let titles = (1...8).map { "Todo \($0)" }
    let (screens, _, _) = run(titles, until: 20_000, [(500, .toggleAll)])
    guard case .confirmingBulk = last(screens).mode else {
        Issue.record("the question went: \(last(screens).mode)")
        return
    }
    #expect(last(screens).status.current == nil)
}

@Test func todoListScreenSelectionStaysOnItsTodoWhenAnotherProcessAddsOneBeforeIt() {
    let (screens, _, _) = run(
        five, height: 10, [(300, .select(.down)), (310, .select(.down))], outside: [(500, "From outside")])
    #expect(at(499, screens).selectedRow?.title == "Mark")
    #expect(last(screens).visibleRows.first?.title == "From outside")
    #expect(last(screens).selectedRow?.title == "Mark")
    #expect(last(screens).viewport.selected == 3)
}

@Test func todoListScreenFollowsATodoAddedToItsPlaceInAnOrderThatDoesNotPutItLast() {
    // By title, "Aardvark" comes first, far from the end where a new todo goes in the manual order.
    let (screens, store, _) = run(
        ["Dog", "Cat", "Bee", "Ant", "Eel"],
        [
            (100, .cycleSort), (110, .cycleSort), (120, .cycleSort), (130, .select(.bottom)), (200, .startAdding),
            (201, .edit(PromptText("Aardvark"))), (202, .submit),
        ])
    #expect(at(199, screens).header == "Filter: all · Sort: title")
    #expect(at(199, screens).selectedRow?.title == "Eel")
    #expect(store.writes.withLock { $0 } == ["add Aardvark"])
    #expect(last(screens).selectedRow?.title == "Aardvark")
    #expect(last(screens).viewport.selected == 0)
}
