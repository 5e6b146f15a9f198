import Domain
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias PageResult = Result<TodoPage, SceneError>
private typealias Action = TodoListViewModel.Action

private let milk = TodoRow(id: 1, title: "Milk", isCompleted: false, dueText: nil, position: 0)
private let tea = TodoRow(id: 2, title: "Mint tea", isCompleted: false, dueText: nil, position: 1)

/// A fake whose every window arrives 10 ticks after it is asked for; one cold source per search
/// text, so their subscription logs show which observation ran when.
private final class Pages: Sendable {
    let sources = SanitizerVisibleMutex<[String: TestableObservable<PageResult>]>([:])
    let scheduler: TestScheduler

    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    func source(for search: String) -> TestableObservable<PageResult> {
        sources.withLock { sources in
            if let source = sources[search] { return source }
            let todos =
                search.isEmpty
                ? [Fixtures.todo(1, "Milk"), Fixtures.todo(2, "Mint tea")] : [Fixtures.todo(2, "Mint tea")]
            let source = scheduler.createColdObservable([
                .next(10, PageResult.success(TodoPage(todos: todos, totalCount: todos.count, offset: 0)))
            ])
            sources[search] = source
            return source
        }
    }
}

@Test func todoListHarnessDebouncedSearchCancelsTheStaleWindow() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let pages = Pages(scheduler)
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { query, _ in pages.source(for: query.search).asObservable() }
            $0.observeTallyHandler = { _ in .never() }
            // The selected todo, Milk, is not among the matches.
            $0.positionHandler = { _, _ in .just(.success(nil)) }
        }
        let actions = scheduler.createHotObservable([
            .next(100, Action.startSearching), .next(100, .edit(PromptText("m"))), .next(200, .edit(PromptText("mi"))),
            .next(250, .edit(PromptText("mint"))),
        ])
        let output = TodoListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        let rows = harness.record(output.state.part(\.list.rows), "rows")
        let text = harness.record(output.state.part(\.list.searchText), "searchText")
        let loading = harness.record(output.state.part(\.list.isLoading), "isLoading")
        scheduler.advance(to: 1000)
        harness.expect(text, [.next(0, ""), .next(100, "m"), .next(200, "mi"), .next(250, "mint")])
        harness.expect(loading, [.next(0, true), .next(10, false), .next(550, true), .next(560, false)])
        harness.expect(rows, [.next(0, []), .next(10, [milk, tea]), .next(560, [tea.at(0)])])
        harness.expectSubscriptions(pages.source(for: ""), [Subscription(0, 550)])
        harness.expectSubscriptions(pages.source(for: "mint"), [Subscription(550)])
    }
}

@Test func todoListHarnessAddValidatesBeforeWriting() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let added = SanitizerVisibleMutex<[String]>([])
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in .never() }
            $0.observeTallyHandler = { _ in .never() }
            $0.addHandler = { line in
                added.withLock { $0.append(line.title) }
                return .just(.success(Fixtures.todo(3, line.title)))
            }
        }
        let actions = scheduler.createHotObservable(
            [(100, "   "), (200, String(repeating: "x", count: 501)), (300, " Milk ")].flatMap { tick, title in
                [Action.startAdding, .edit(PromptText(title)), .submit].map { Recorded.next(tick, $0) }
            })
        let output = TodoListViewModel(service: service, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        let error = harness.record(output.state.part(\.errorMessage), "errorMessage")
        scheduler.advance(to: 1000)
        harness.expect(
            error,
            [.next(0, nil), .next(200, "A title can have at most 500 characters; this one has 501."), .next(300, nil)])
        #expect(added.withLock { $0 } == ["Milk"])
    }
}

@Test func todoListHarnessItemsLeftFollowsTheTally() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let tally = scheduler.createColdObservable([
            .next(5, Result<TodoTally, SceneError>.success(TodoTally(active: 1, completed: 0))),
            .next(50, .success(TodoTally(active: 2, completed: 0))),
            .next(90, .success(TodoTally(active: 0, completed: 2))),
        ])
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { _, _ in .never() }
            $0.observeTallyHandler = { _ in tally.asObservable() }
        }
        let output = TodoListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: .never()))
        let text = harness.record(output.state.part(\.list.itemsLeftText), "itemsLeftText")
        let completed = harness.record(output.state.part(\.list.tally.completed), "completedCount")
        scheduler.advance(to: 1000)
        harness.expect(
            text,
            [.next(0, "0 items left"), .next(5, "1 item left"), .next(50, "2 items left"), .next(90, "0 items left")])
        harness.expect(completed, [.next(0, 0), .next(90, 2)])
        harness.expectSubscriptions(tally, [Subscription(0)])
    }
}

extension TodoRow {
    fileprivate func at(_ position: Int) -> TodoRow {
        TodoRow(id: id, title: title, isCompleted: isCompleted, dueText: dueText, position: position)
    }
}
