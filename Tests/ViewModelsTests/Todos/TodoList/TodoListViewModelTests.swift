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
    var todos: [Todo] = [Fixtures.todo(1, "Milk"), Fixtures.todo(2, "Eggs", done: true), Fixtures.todo(3, "Tea")]
    var totalCount: Int?
    var writeResult: Result<Todo, SceneError> = .success(Fixtures.todo(1))

    func service() -> MockTodoListService {
        let scheduler = scheduler
        let queries = queries
        let writes = writes
        let todos = todos
        let totalCount = totalCount
        let writeResult = writeResult
        return MockTodoListService {
            $0.observePageHandler = { query, _ in
                queries.append(query)
                let slice = Array(todos.dropFirst(query.offset).prefix(query.limit))
                let page = TodoPage(todos: slice, totalCount: totalCount ?? todos.count, offset: query.offset)
                return scheduler.createColdObservable([.next(10, .success(page))]).asObservable()
            }
            $0.observeTallyHandler = { _ in observed(.success(TodoTally(active: 1, completed: 1))) }
            $0.addHandler = { title in
                writes.append("add \(title)")
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
            $0.renameHandler = { id, title in
                writes.append("rename \(id) \(title)")
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

    func output(_ input: TodoListViewModel.Input) -> TodoListViewModel.Output {
        TodoListViewModel(service: service(), scheduler: scheduler).transform(input: input)
    }

    func hot<T: Sendable>(_ events: [Recorded<Event<T>>]) -> Observable<T> {
        scheduler.createHotObservable(events).asObservable()
    }
}

private func row(_ id: Int64, _ title: String, done: Bool = false, at position: Int) -> TodoRow {
    TodoRow(id: id, title: title, isCompleted: done, dueText: nil, position: position)
}

@Test func todoListShowsTheFirstWindowOnceLoaded() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init())
        let rows = record(output.rows, on: scene.scheduler)
        let loading = record(output.isLoading, on: scene.scheduler)
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
        let output = scene.output(
            .init(visibleRange: scene.hot([.next(300, VisibleRange(offset: 999_960, limit: 40))])))
        let total = record(output.totalCount, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.queries.all.map(\.offset) == [0, 999_960])
        #expect(scene.queries.all.map(\.limit) == [50, 40])
        #expect(total.events == [.next(200, 0), .next(210, 1_000_000)])
    }
}

@Test func todoListLastPageReplacesALowerBoundCountWithTheExactOne() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let queries = CallLog<TodoQuery>()
        let service = MockTodoListService {
            $0.observePageHandler = { query, _ in
                queries.append(query)
                let page =
                    query.fromEnd
                    ? TodoPage(todos: [Fixtures.todo(100_000, "Todo 99999")], totalCount: 100_000, offset: 99_999)
                    : TodoPage(todos: [Fixtures.todo(1, "Todo 0")], totalCount: 1_001, offset: 0, isCountExact: false)
                return scheduler.createColdObservable([.next(10, .success(page))]).asObservable()
            }
            $0.observeTallyHandler = { _ in .never() }
        }
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(
                search: scheduler.createHotObservable([.next(210, "todo")]).asObservable(),
                lastPage: scheduler.createHotObservable([.next(600, 1)]).asObservable()))
        let total = record(output.totalCount, on: scheduler)
        let exact = record(output.isCountExact, on: scheduler)
        let matches = record(output.matchCountText, on: scheduler)
        let rows = record(output.rows, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(queries.all.last == TodoQuery(search: "todo", offset: 0, limit: 1, fromEnd: true))
        #expect(total.events == [.next(200, 0), .next(210, 1_001), .next(610, 100_000)])
        #expect(exact.events == [.next(200, true), .next(210, false), .next(610, true)])
        #expect(matches.events == [.next(200, nil), .next(520, "1,001+ matches"), .next(610, "100,000 matches")])
        #expect(rows.events.last == .next(610, [row(100_000, "Todo 99999", at: 99_999)]))
    }
}

@Test func todoListItemsLeftTextComesFromTheTally() {
    withSubscriptionTracking {
        let scene = Scene()
        let text = record(scene.output(.init()).itemsLeftText, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(text.events == [.next(200, "0 items left"), .next(200, "1 item left")])
    }
}

@Test func todoListSearchWaitsFor300msOfQuiet() {
    withSubscriptionTracking {
        let scene = Scene()
        let search = scene.hot([.next(300, "m"), .next(400, "mi"), .next(500, "mil")])
        let output = scene.output(.init(search: search))
        let text = record(output.searchText, on: scene.scheduler)
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
            $0.observePageHandler = { _, _ in
                pages.append(1)
                return pages.all.count == 1 ? first.asObservable() : second.asObservable()
            }
            $0.observeTallyHandler = { _ in .never() }
        }
        let search = scheduler.createHotObservable([.next(300, "milk")]).asObservable()
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(input: .init(search: search))
        _ = record(output.rows, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(first.subscriptions == [Subscription(200, 600)])
        #expect(second.subscriptions == [Subscription(600, 1000)])
    }
}

@Test func todoListCycleFilterChangesTheQueryAndTheFilterOutput() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(cycleFilter: scene.hot([.next(300, ()), .next(400, ())])))
        let filter = record(output.filter, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(filter.events == [.next(200, .all), .next(300, .active), .next(400, .completed)])
        #expect(scene.queries.all.map(\.filter) == [.all, .active, .completed])
    }
}

@Test func todoListSetFilterChoosesOneDirectly() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(setFilter: scene.hot([.next(300, .completed)])))
        let filter = record(output.filter, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(filter.events == [.next(200, .all), .next(300, .completed)])
    }
}

@Test func todoListCycleSortChangesTheOrder() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(cycleSort: scene.hot([.next(300, ())])))
        let sort = record(output.sort, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(sort.events == [.next(200, .manual), .next(300, .created)])
        #expect(scene.queries.all.map(\.sort) == [.manual, .created])
    }
}

@Test func todoListAddSendsTheTrimmedTitle() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(add: scene.hot([.next(300, "  Buy milk ")])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all == ["add Buy milk"])
    }
}

@Test func todoListAddOfABlankTitleIsIgnored() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(add: scene.hot([.next(300, "   ")])))
        let error = record(output.errorMessage, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(error.events == [.next(200, nil)])
    }
}

@Test func todoListAddOfAnOverlongTitleIsRefusedWithAMessage() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(add: scene.hot([.next(300, String(repeating: "x", count: 501))])))
        let error = record(output.errorMessage, on: scene.scheduler)
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
        let output = scene.output(
            .init(
                toggle: scene.hot([.next(300, 1)]), toggleAll: scene.hot([.next(310, ())]),
                rename: scene.hot([.next(320, TodoRename(id: 3, title: " Green tea "))]),
                delete: scene.hot([.next(330, 2)]), clearCompleted: scene.hot([.next(340, ())])))
        _ = record(output.rows, on: scene.scheduler)
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
        let output = scene.output(.init(rename: scene.hot([.next(300, TodoRename(id: 3, title: "  "))])))
        let error = record(output.errorMessage, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(error.events == [.next(200, nil), .next(300, "A title is required.")])
    }
}

@Test func todoListFailedEditShowsItsErrorUntilTheNextSuccess() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.writeResult = .failure(SceneError.storage("database is locked"))
        let output = scene.output(.init(toggleAll: scene.hot([.next(400, ())]), delete: scene.hot([.next(300, 2)])))
        let error = record(output.errorMessage, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            error.events == [
                .next(200, nil), .next(300, "Could not delete the todo: database is locked"), .next(400, nil),
            ])
    }
}

@Test func todoListMoveDownMovesAfterTheNextTodo() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(moveDown: scene.hot([.next(300, 1)])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all == ["move 1 0->1 manual"])
    }
}

@Test func todoListMoveUpOfTheFirstTodoDoesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(moveUp: scene.hot([.next(300, 1)])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
    }
}

@Test func todoListMoveUpUsesPositionsAcrossTheWholeList() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.todos = (1...100).map { Fixtures.todo(Int64($0)) }
        let output = scene.output(
            .init(
                moveUp: scene.hot([.next(400, 61)]),
                visibleRange: scene.hot([.next(300, VisibleRange(offset: 60, limit: 10))])))
        _ = record(output.rows, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all == ["move 61 60->59 manual"])
    }
}

@Test func todoListMoveOutsideManualOrderIsRefusedWithAMessage() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(.init(cycleSort: scene.hot([.next(300, ())]), moveDown: scene.hot([.next(400, 1)])))
        let error = record(output.errorMessage, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.writes.all.isEmpty)
        #expect(
            error.events == [
                .next(200, nil),
                .next(400, "Todos can be moved only in manual order (press s to change the order)."),
            ])
    }
}

@Test func todoListRoutesOpenCreateHelpAndBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            .init(
                open: scene.hot([.next(300, 7)]), create: scene.hot([.next(310, ())]),
                help: scene.hot([.next(320, ())]), back: scene.hot([.next(330, ())])))
        let route = record(output.route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            route.events == [
                .next(300, .todoEditor(id: 7)), .next(310, .todoEditor(id: nil)), .next(320, .help(.todoList)),
                .next(330, .back),
            ])
    }
}

@Test func todoListPageFailureIsShownAndTheListKeepsGoing() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let service = MockTodoListService {
            $0.observePageHandler = { _, _ in
                scheduler.createColdObservable([
                    .next(10, Result<TodoPage, SceneError>.failure(SceneError.storage("disk I/O error"))),
                    .next(20, .success(TodoPage(todos: [Fixtures.todo(1, "Milk")], totalCount: 1, offset: 0))),
                ]).asObservable()
            }
            $0.observeTallyHandler = { _ in .never() }
        }
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(input: .init())
        let error = record(output.errorMessage, on: scheduler)
        let rows = record(output.rows, on: scheduler)
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
            $0.observePageHandler = { _, _ in .never() }
            $0.observeTallyHandler = { _ in tally.asObservable() }
        }
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(input: .init())
        _ = record(output.rows, on: scheduler, from: 200, until: 500)
        _ = record(output.itemsLeftText, on: scheduler, from: 300, until: 600)
        scheduler.advance(to: 1000)
        #expect(tally.subscriptions == [Subscription(200, 600)])
    }
}
