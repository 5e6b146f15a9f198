import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = TodoListViewModel.Action
private typealias Screen = TodoListViewModel.Screen

/// A todo list kept in memory: writes change it at once, and every observed window sends
/// again 10 ticks after each change (as a database observation does), so keys can arrive
/// before the list shows what they did.
private final class MemoryTodos: Sendable {
    let scheduler: TestScheduler
    private let todos: SanitizerVisibleMutex<[Todo]>
    private let version = BehaviorRelay(value: 0)
    let writes = SanitizerVisibleMutex<[String]>([])
    let queries = SanitizerVisibleMutex<[TodoListQuery]>([])

    init(_ scheduler: TestScheduler, titles: [String]) {
        self.scheduler = scheduler
        todos = SanitizerVisibleMutex(titles.enumerated().map { Fixtures.todo(Int64($0 + 1), $1) })
    }

    var titles: [String] { todos.withLock { $0.map { $0.isCompleted ? "[x] \($0.title)" : $0.title } } }

    private func change(
        _ description: String, _ body: @escaping @Sendable (inout [Todo]) -> Todo?
    ) -> Observable<Result<Todo, SceneError>> {
        writes.withLock { $0.append(description) }
        let changed = todos.withLock { todos -> Todo? in body(&todos) }
        guard let todo = changed else { return .just(.failure(SceneError("not found"))) }
        version.accept(version.value + 1)
        return .just(.success(todo))
    }

    func service() -> MockTodoListService {
        MockTodoListService(
            observePage: { [self] query, _ in
                queries.withLock { $0.append(query) }
                return version.asObservable().map { [self] (_: Int) in page(for: query) }
                    .delay(10, scheduler: scheduler)
            },
            observeTally: { [self] _ in
                version.asObservable().map { [self] (_: Int) -> Result<TodoTally, SceneError> in
                    let all = todos.withLock { $0 }
                    let done = all.filter(\.isCompleted).count
                    return .success(TodoTally(active: all.count - done, completed: done))
                }
            },
            add: { [self] title in
                change("add \(title)") { todos in
                    let todo = Fixtures.todo(Int64(todos.count + 1), title)
                    todos.append(todo)
                    return todo
                }
            },
            toggle: { [self] id in
                change("toggle \(id)") { todos in
                    guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
                    let old = todos[index]
                    todos[index] = Todo(
                        id: old.id, title: old.title, isCompleted: !old.isCompleted, createdAt: old.createdAt)
                    return todos[index]
                }
            },
            rename: { [self] id, title in
                change("rename \(id) \(title)") { todos in
                    guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
                    let old = todos[index]
                    todos[index] = Todo(
                        id: old.id, title: title, isCompleted: old.isCompleted, createdAt: old.createdAt)
                    return todos[index]
                }
            },
            delete: { [self] id in
                change("delete \(id)") { todos in
                    guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
                    return todos.remove(at: index)
                }
            },
            move: { [self] id, from, to, _ in
                change("move \(id) \(from)->\(to)") { todos in
                    guard todos.indices.contains(from), todos.indices.contains(to), todos[from].id == id else {
                        return nil
                    }
                    let todo = todos.remove(at: from)
                    todos.insert(todo, at: to)
                    return todo
                }
            })
    }

    private func page(for query: TodoListQuery) -> Result<TodoPage, SceneError> {
        let all = todos.withLock { $0 }.filter { todo in
            switch query.filter {
            case .all: true
            case .active: !todo.isCompleted
            case .completed: todo.isCompleted
            }
        }
        .filter { query.search.isEmpty || $0.title.lowercased().contains(query.search.lowercased()) }
        let start = query.fromEnd ? max(0, all.count - query.limit) : min(query.offset, all.count)
        let slice = Array(all[start..<min(all.count, start + query.limit)])
        return .success(TodoPage(todos: slice, totalCount: all.count, offset: start))
    }
}

/// The list scene over `titles`, a viewport of `height` rows given at tick 0, and `actions`
/// sent at their ticks; returns the screens recorded and the store.
private func run(
    _ titles: [String], height: Int = 5, until end: Int = 1_000, _ actions: [(Int, Action)]
) -> (screens: TestableObserver<Screen>, store: MemoryTodos) {
    let scheduler = TestScheduler()
    let store = MemoryTodos(scheduler, titles: titles)
    let input = scheduler.createHotObservable(
        [Recorded.next(0, Action.viewport(height: height))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = TodoListViewModel(service: store.service(), scheduler: scheduler)
        .transform(screen: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(Screen.self)
    let subscription = output.screen.subscribe(screens.asObserver())
    let routes = scheduler.createObserver(Route.self)
    let routeSubscription = output.route.subscribe(routes.asObserver())
    scheduler.advance(by: SchedulerDuration(ticks: end))
    subscription.dispose()
    routeSubscription.dispose()
    return (screens, store)
}

private func last(_ screens: TestableObserver<Screen>) -> Screen { screens.elements.last ?? Screen() }

private let five = ["Welcome", "Add", "Mark", "Search", "Read"]

@Test func todoListScreenSelectsTheFirstRowOnceTheListLoads() {
    let (screens, _) = run(five, [])
    let screen = last(screens)
    #expect(screen.viewport.selected == 0)
    #expect(screen.visibleRows.map(\.title) == five)
    #expect(screen.selectedRow?.title == "Welcome")
}

@Test func todoListScreenMovesTypedFasterThanTheListReloadsMoveTheSelectedTodo() {
    // J J K then Space at one tick: the moves go one at a time, each after the list shows the one before.
    let (screens, store) = run(
        five, [(100, .moveSelected(by: 1)), (100, .moveSelected(by: 1)), (100, .moveSelected(by: -1)), (100, .toggle)])
    #expect(store.titles == ["Add", "[x] Welcome", "Mark", "Search", "Read"])
    #expect(store.writes.withLock { $0 } == ["move 1 0->1", "toggle 1", "move 1 1->2", "move 1 2->1"])
    #expect(last(screens).viewport.selected == 1)
    #expect(last(screens).selectedRow?.title == "Welcome")
}
