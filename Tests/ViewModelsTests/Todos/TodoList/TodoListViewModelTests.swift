import Domain
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

/// A todo list over a fake service that answers every window after 10 ticks with `todos`
/// sliced by the query, and a tally of 1 active, 1 done.
private struct Scene {
    let scheduler = TestScheduler()
    let queries = CallLog<TodoQuery>()
    let writes = CallLog<String>()
    /// The filter and order kept by each change of them, in order.
    let choices = CallLog<TodoListChoice>()
    /// The filter and order kept from an earlier visit, and how many ticks reading them takes.
    var kept: TodoListChoice?
    var keptDelay = 0
    var todos: [Todo] = [Fixtures.todo(1, "Milk"), Fixtures.todo(2, "Eggs", done: true), Fixtures.todo(3, "Tea")]
    var totalCount: Int?
    var writeResult: Result<Todo, SceneError> = .success(Fixtures.todo(1))

    func service() -> MockTodoListService {
        let scheduler = scheduler
        let queries = queries
        let writes = writes
        let (choices, kept, keptDelay) = (choices, kept, keptDelay)
        let todos = todos
        let totalCount = totalCount
        let writeResult = writeResult
        return MockTodoListService {
            $0.fetchChoiceHandler = {
                scheduler.createColdObservable([.next(keptDelay, .success(kept)), .completed(keptDelay)]).asObservable()
            }
            $0.saveChoiceHandler = { choice in
                choices.append(choice)
                return .just(.success(choice))
            }
            $0.observePageHandler = { query, _ in
                queries.append(query)
                let slice = Array(todos.dropFirst(query.offset).prefix(query.limit))
                let page = TodoPage(todos: slice, totalCount: totalCount ?? todos.count, offset: query.offset)
                return scheduler.createColdObservable([.next(10, .success(page))]).asObservable()
            }
            $0.observeTallyHandler = { _ in observed(.success(TodoTally(active: 1, completed: 1))) }
            $0.positionHandler = { id, query in
                .just(
                    .success(todos.filter { query.filter != .completed || $0.isCompleted }.firstIndex { $0.id == id }))
            }
            $0.planBulkHandler = { clearing, query in
                let tally = TodoTally(
                    active: todos.count { !$0.isCompleted }, completed: todos.count(where: \.isCompleted))
                return .just(.success(TodoBulkPlan.planning(clearing: clearing, in: query, shown: tally, all: tally)))
            }
            $0.addHandler = { line in
                writes.append("add \(line.title)")
                return .just(writeResult)
            }
            $0.toggleHandler = { id in
                writes.append("toggle \(id)")
                return .just(writeResult)
            }
            $0.toggleAllHandler = { query in
                writes.append("toggleAll \(query.filter) '\(query.search)'")
                return .just(.success(3))
            }
            $0.renameHandler = { id, line in
                writes.append("rename \(id) \(line.title)")
                return .just(writeResult)
            }
            $0.deleteHandler = { id in
                writes.append("delete \(id)")
                return .just(writeResult)
            }
            $0.clearCompletedHandler = { query in
                writes.append("clearCompleted \(query.filter) '\(query.search)'")
                return .just(.success(1))
            }
            $0.moveHandler = { id, from, to, query in
                writes.append("move \(id) \(from)->\(to) \(query.sort)")
                return .just(writeResult)
            }
        }
    }

    /// The list's state, with `actions` sent at their ticks.
    func output(_ actions: [(Int, Action)] = []) -> ScreenOutput<TodoListViewModel.State> {
        let input = scheduler.createHotObservable(actions.map { Recorded.next($0.0, $0.1) })
        return TodoListViewModel(service: service(), scheduler: scheduler)
            .transform(input: .init(actions: input.asObservable()))
    }
}

private typealias Action = TodoListViewModel.Action

/// The actions that type `text` into the open input line and press Enter.
private func typed(_ text: String) -> [Action] { [.edit(PromptText(text)), .submit] }

/// `actions` sent one after another at `tick`.
private func at(_ tick: Int, _ actions: [Action]) -> [(Int, Action)] { actions.map { (tick, $0) } }

private func row(_ id: Int64, _ title: String, done: Bool = false, at position: Int) -> TodoRow {
    TodoRow(id: id, title: title, isCompleted: done, dueText: nil, position: position)
}

@Test func todoListShowsTheFirstWindowOnceLoaded() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output()
        let rows = record(output.state.part(\.list.rows), on: scene.scheduler)
        let loading = record(output.state.part(\.list.isLoading), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            rows.events == [
                .next(200, []),
                .next(210, [row(1, "Milk", at: 0), row(2, "Eggs", done: true, at: 1), row(3, "Tea", at: 2)]),
            ])
        #expect(loading.events == [.next(200, true), .next(210, false)])
    }
}

@Test func todoListAsksForTheVisibleWindowOnly() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.totalCount = 1_000_000
        let output = scene.output([(250, .viewport(height: 40)), (300, .select(.bottom))])
        let total = record(output.state.part(\.list.totalCount), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        // The first window before the screen's height is known, then the 40 rows it shows at
        // the top, then the 40 at the end.
        #expect(scene.queries.all.map(\.offset) == [0, 0, 999_960])
        #expect(scene.queries.all.map(\.limit) == [50, 40, 40])
        #expect(total.events == [.next(200, 0), .next(210, 1_000_000)])
    }
}

@Test func todoListLastPageReplacesALowerBoundCountWithTheExactOne() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let queries = CallLog<TodoQuery>()
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { query, _ in
                queries.append(query)
                let page =
                    query.fromEnd
                    ? TodoPage(todos: [Fixtures.todo(100_000, "Todo 99999")], totalCount: 100_000, offset: 99_999)
                    : TodoPage(todos: [Fixtures.todo(1, "Todo 0")], totalCount: 1_001, offset: 0, isCountExact: false)
                return scheduler.createColdObservable([.next(10, .success(page))]).asObservable()
            }
            $0.observeTallyHandler = { _ in .never() }
            $0.positionHandler = { _, _ in .just(.success(0)) }
        }
        let actions = scheduler.createHotObservable(
            [.next(205, Action.viewport(height: 1))]
                + at(210, [.startSearching] + typed("todo")).map {
                    Recorded.next($0.0, $0.1)
                } + [.next(600, Action.select(.bottom))])
        let output = TodoListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        let total = record(output.state.part(\.list.totalCount), on: scheduler)
        let exact = record(output.state.part(\.list.isCountExact), on: scheduler)
        let matches = record(output.state.part(\.list.matchCountText), on: scheduler)
        let rows = record(output.state.part(\.list.rows), on: scheduler)
        scheduler.advance(to: 1000)
        #expect(queries.all.last == TodoQuery(search: "todo", offset: 0, limit: 1, fromEnd: true))
        // The search kept at 210 is asked for at once, before the list's first page came.
        #expect(total.events == [.next(200, 0), .next(220, 1_001), .next(610, 100_000)])
        #expect(exact.events == [.next(200, true), .next(220, false), .next(610, true)])
        #expect(matches.events == [.next(200, nil), .next(220, "1,001+ matches"), .next(610, "100,000 matches")])
        #expect(rows.events.last == .next(610, [row(100_000, "Todo 99999", at: 99_999)]))
    }
}

@Test func todoListItemsLeftTextComesFromTheTally() {
    withSubscriptionTracking {
        let scene = Scene()
        let text = record(scene.output().state.part(\.list.itemsLeftText), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(text.events == [.next(200, "0 items left"), .next(200, "1 item left")])
    }
}

@Test func todoListSearchWaitsFor300msOfQuiet() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            [
                (250, .startSearching), (300, .edit(PromptText("m"))), (400, .edit(PromptText("mi"))),
                (500, .edit(PromptText("mil"))),
            ])
        let text = record(output.state.part(\.list.searchText), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.queries.all.map(\.search) == ["", "mil"])
        #expect(text.events == [.next(200, ""), .next(300, "m"), .next(400, "mi"), .next(500, "mil")])
    }
}

@Test func todoListNewQueryCancelsTheObservationOfTheOldOne() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([
            .next(10, Result<TodoPage, SceneError>.success(TodoPage(todos: [], totalCount: 0, offset: 0)))
        ])
        let second = scheduler.createColdObservable([
            .next(10, Result<TodoPage, SceneError>.success(TodoPage(todos: [], totalCount: 0, offset: 0)))
        ])
        let pages = CallLog<Int>()
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in
                pages.append(1)
                return pages.all.count == 1 ? first.asObservable() : second.asObservable()
            }
            $0.observeTallyHandler = { _ in .never() }
            $0.positionHandler = { _, _ in .just(.success(nil)) }
        }
        let actions = scheduler.createHotObservable(
            at(300, [.startSearching] + typed("milk")).map { Recorded.next($0.0, $0.1) })
        let output = TodoListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        _ = record(output.state, on: scheduler)
        scheduler.advance(to: 1000)
        // The search kept at 300 is asked for at once (Enter does not wait for the typing pause).
        #expect(first.subscriptions == [Subscription(200, 300)])
        #expect(second.subscriptions == [Subscription(300, 1000)])
    }
}

@Test func todoListCycleFilterChangesTheQueryAndTheFilterOutput() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([(300, .cycleFilter), (400, .cycleFilter)])
        let filter = record(output.state.part(\.list.query.filter), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(filter.events == [.next(200, .all), .next(300, .active), .next(400, .completed)])
        #expect(scene.queries.all.map(\.filter) == [.all, .active, .completed])
    }
}

@Test func todoListCycleFilterComesBackToAllAfterCompleted() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([(300, .cycleFilter), (310, .cycleFilter), (320, .cycleFilter)])
        let filter = record(output.state.part(\.list.query.filter), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(filter.events.last == .next(320, .all))
    }
}

@Test func todoListCycleSortChangesTheOrder() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([(300, .cycleSort)])
        let sort = record(output.state.part(\.list.query.sort), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(sort.events == [.next(200, .manual), .next(300, .created)])
        #expect(scene.queries.all.map(\.sort) == [.manual, .created])
    }
}

@Test func todoListKeepsEveryFilterAndOrderChosen() {
    withSubscriptionTracking {
        let scene = Scene()
        _ = record(scene.output([(300, .cycleSort), (400, .cycleFilter)]).state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            scene.choices.all == [
                TodoListChoice(filter: .all, sort: .created), TodoListChoice(filter: .active, sort: .created),
            ])
    }
}

@Test func todoListAsksForNoWindowBeforeTheKeptFilterAndOrderAreKnown() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.kept = TodoListChoice(filter: .completed, sort: .title)
        let shown = record(scene.output().state.part(\.list.loadedQuery), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.queries.all.map { "\($0.filter) \($0.sort)" } == ["completed title"])
        #expect(shown.events.map { $0.value.element??.sort } == [nil, .title])
        #expect(scene.choices.all.isEmpty)
    }
}

@Test func todoListOrderChosenBeforeTheKeptOneArrivesWins() {
    withSubscriptionTracking {
        var scene = Scene()
        (scene.kept, scene.keptDelay) = (TodoListChoice(filter: .active, sort: .dueDate), 500)
        let sort = record(scene.output([(300, .cycleSort)]).state.part(\.list.query.sort), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(sort.events == [.next(200, .manual), .next(300, .created)])
        #expect(scene.queries.all.map { "\($0.filter) \($0.sort)" } == ["all created"])
        #expect(scene.choices.all == [TodoListChoice(filter: .all, sort: .created)])
    }
}

@Test func todoListAddSendsTheTrimmedTitle() {
    withSubscriptionTracking {
        let scene = Scene()
        _ = record(scene.output(at(300, [.startAdding] + typed("  Buy milk "))).state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all == ["add Buy milk"])
    }
}

@Test func todoListAddOfABlankTitleIsIgnored() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(at(300, [.startAdding] + typed("   ")))
        let error = record(output.state.part(\.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(error.events == [.next(200, nil)])
    }
}

@Test func todoListAddOfAnOverlongTitleIsRefusedWithAMessage() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(at(300, [.startAdding] + typed(String(repeating: "x", count: 501))))
        let error = record(output.state.part(\.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(
            error.events == [
                .next(200, nil), .next(300, "A title can have at most 500 characters; this one has 501."),
            ])
    }
}

@Test func todoListEditsGoToTheServiceInOrder() {
    withSubscriptionTracking {
        let scene = Scene()
        // Todo 1 is selected once the list loads; todo 3 is two rows down, todo 2 one row up.
        let output = scene.output(
            [(300, .toggle), (310, .toggleAll)] + at(320, [.select(.down), .select(.down), .startRenaming])
                + at(321, typed(" Green tea ")) + at(330, [.select(.up), .askToDelete, .confirm])
                + [(340, .clearCompleted)])
        _ = record(output.state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            scene.writes.all == [
                "toggle 1", "toggleAll all ''", "rename 3 Green tea", "delete 2", "clearCompleted all ''",
            ])
    }
}

@Test func todoListRenameToABlankTitleIsRefusedWithAMessage() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(at(300, [.startRenaming] + typed("  ")))
        let error = record(output.state.part(\.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(error.events == [.next(200, nil), .next(300, "A title is required.")])
    }
}

@Test func todoListFailedEditShowsItsErrorUntilTheNextKey() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.writeResult = .failure(SceneError.storage("database is locked"))
        let output = scene.output(at(300, [.askToDelete, .confirm]) + [(400, .toggleAll)])
        let error = record(output.state.part(\.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            error.events == [
                .next(200, nil), .next(300, "Could not delete the todo: database is locked"), .next(400, nil),
            ])
    }
}

@Test func todoListAFailedAddOrRenameOpensItsLineAgainHoldingWhatWasTyped() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.writeResult = .failure(SceneError.storage("database is locked"))
        let output = scene.output(
            at(300, [.startAdding] + typed("Paint +home")) + at(400, [.cancel, .startRenaming] + typed("Oat milk"))
                + at(500, [.cancel, .toggle]))
        let screens = record(output.state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        let at = { (tick: Int) in screens.events.last { $0.time <= tick }?.value.element }
        #expect(scene.writes.all == ["add Paint", "rename 1 Oat milk", "toggle 1"])
        #expect(at(399)?.mode == .adding(PromptText("Paint +home")))
        #expect(at(399)?.errorMessage == "Could not add the todo: database is locked")
        #expect(at(499)?.mode == .renaming(id: 1, PromptText("Oat milk")))
        #expect(at(999)?.mode == .browsing)
    }
}

@Test func todoListMoveDownMovesAfterTheNextTodo() {
    withSubscriptionTracking {
        let scene = Scene()
        _ = record(scene.output([(300, .moveSelected(by: 1))]).state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all == ["move 1 0->1 manual"])
    }
}

@Test func todoListMoveUpOfTheFirstTodoDoesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        _ = record(scene.output([(300, .moveSelected(by: -1))]).state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
    }
}

@Test func todoListMoveUpUsesPositionsAcrossTheWholeList() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.todos = (1...100).map { Fixtures.todo(Int64($0)) }
        // Ten rows on screen; six pages down selects the 61st todo, at position 60.
        let output = scene.output(
            [(300, .viewport(height: 10))] + at(310, Array(repeating: .select(.pageDown), count: 6))
                + [(400, .moveSelected(by: -1))])
        _ = record(output.state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all == ["move 61 60->59 manual"])
    }
}

@Test func todoListMoveOutsideManualOrderIsRefusedWithAMessage() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([(300, .cycleSort), (400, .moveSelected(by: 1))])
        let error = record(output.state.part(\.errorMessage), on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(
            error.events == [
                .next(200, nil),
                .next(400, "Todos can be moved only in manual order (press \(.changeOrder) to change the order)."),
            ])
    }
}

@Test func todoListRoutesOpenHelpAndBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output([(300, .open), (320, .help), (330, .back)])
        let route = record(output.route, on: scene.scheduler)
        _ = record(output.state, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .todoEditor(id: 1)), .next(320, .help(.todoList)), .next(330, .back)])
    }
}

@Test func todoListPageFailureIsShownAndTheListKeepsGoing() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in
                scheduler.createColdObservable([
                    .next(10, Result<TodoPage, SceneError>.failure(SceneError.storage("disk I/O error"))),
                    .next(20, .success(TodoPage(todos: [Fixtures.todo(1, "Milk")], totalCount: 1, offset: 0))),
                ]).asObservable()
            }
            $0.observeTallyHandler = { _ in .never() }
        }
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: .never()))
        let error = record(output.state.part(\.errorMessage), on: scheduler)
        let rows = record(output.state.part(\.list.rows), on: scheduler)
        scheduler.advance(to: 1000)
        #expect(error.events == [.next(200, nil), .next(210, "Could not load the todos: disk I/O error")])
        #expect(rows.events == [.next(200, []), .next(220, [row(1, "Milk", at: 0)])])
    }
}

@Test func todoListDisposingTheOutputsStopsObservingTheService() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let tally = scheduler.createColdObservable([
            .next(0, Result<TodoTally, SceneError>.success(TodoTally(active: 0, completed: 0)))
        ])
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in .never() }
            $0.observeTallyHandler = { _ in tally.asObservable() }
        }
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: .never()))
        _ = record(output.state.part(\.list.rows), on: scheduler, from: 200, until: 500)
        _ = record(output.state.part(\.list.itemsLeftText), on: scheduler, from: 300, until: 600)
        scheduler.advance(to: 1000)
        #expect(tally.subscriptions == [Subscription(200, 600)])
    }
}
