public import Domain
import Foundation
public import SceneServices
public import Streams

/// The view model of the todo list: TodoMVC's behaviour over a list of any length.
///
/// Only the visible window is asked for, so a list of a million todos costs what its window
/// costs. Search waits for 300 ms of quiet typing; a new query cancels the observation of the
/// previous one.
///
/// ```swift
/// let viewModel = TodoListViewModel(service: TodoListService(), scheduler: uiScheduler)
/// let add = PublishRelay<String>()
/// let output = viewModel.transform(input: .init(add: add.asObservable()))
/// output.rows.subscribe(onNext: { rows in render(rows) }).disposed(by: bag)
/// add.accept("Buy milk")
/// ```
public struct TodoListViewModel: ViewModelType, Sendable {
    /// How long search waits for typing to pause.
    public static let searchDebounce = SchedulerDuration.milliseconds(300)

    let service: any TodoListServiceType
    let scheduler: any Scheduler
    let today: @Sendable () -> DueDay

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    /// `today` tells the day it is where the person is, to mark overdue and due-today todos (the
    /// system's by default; tests pass a fixed day).
    public init(
        service: any TodoListServiceType, scheduler: any Scheduler,
        today: @escaping @Sendable () -> DueDay = { .today() }
    ) {
        self.service = service
        self.scheduler = scheduler
        self.today = today
    }

    /// What the UI feeds the list. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// A title to add (blank titles are ignored, as in TodoMVC).
        public var add: Observable<String>
        /// A todo to mark done or not done.
        public var toggle: Observable<Int64>
        /// Mark the shown todos done, or not done when all of them are (at once, unasked).
        public var toggleAll: Observable<Void>
        /// A title edited in place.
        public var rename: Observable<TodoRename>
        /// A todo to delete.
        public var delete: Observable<Int64>
        /// Delete the shown done todos (at once, unasked).
        public var clearCompleted: Observable<Void>
        /// Count what a bulk action would touch in the list shown; the plan arrives in the state.
        public var planBulk: Observable<TodoBulkRequest>
        /// Run a counted bulk action.
        public var runBulk: Observable<TodoBulkPlan>
        /// A filter chosen directly.
        public var setFilter: Observable<TodoFilter>
        /// Next filter.
        public var cycleFilter: Observable<Void>
        /// Next order.
        public var cycleSort: Observable<Void>
        /// Find where this todo is in the list as it is now (after the latest query change).
        public var locate: Observable<Int64>
        /// The search field's text, on every keystroke.
        public var search: Observable<String>
        /// A todo to move one place up (manual order only).
        public var moveUp: Observable<Int64>
        /// A todo to move one place down (manual order only).
        public var moveDown: Observable<Int64>
        /// The rows the viewport shows.
        public var visibleRange: Observable<VisibleRange>
        /// The viewport jumped to the end of the list and shows this many rows: the last page is
        /// asked for from the end, so it holds the last matching todo and an exact count even
        /// when the count known so far was only a lower bound.
        public var lastPage: Observable<Int>
        /// A todo to open in the editor.
        public var open: Observable<Int64>
        /// Open the editor for a new todo.
        public var create: Observable<Void>
        /// Show the key map.
        public var help: Observable<Void>
        /// Go back.
        public var back: Observable<Void>
        /// Undo the last change, to todos or feeds (made here or by any process).
        public var undo: Observable<Void>
        /// Redo the last change undone.
        public var redo: Observable<Void>

        /// Creates inputs; those left out never send.
        public init(
            add: Observable<String> = .never(), toggle: Observable<Int64> = .never(),
            toggleAll: Observable<Void> = .never(), rename: Observable<TodoRename> = .never(),
            delete: Observable<Int64> = .never(), clearCompleted: Observable<Void> = .never(),
            planBulk: Observable<TodoBulkRequest> = .never(), runBulk: Observable<TodoBulkPlan> = .never(),
            setFilter: Observable<TodoFilter> = .never(), cycleFilter: Observable<Void> = .never(),
            cycleSort: Observable<Void> = .never(), locate: Observable<Int64> = .never(),
            search: Observable<String> = .never(),
            moveUp: Observable<Int64> = .never(), moveDown: Observable<Int64> = .never(),
            visibleRange: Observable<VisibleRange> = .never(), lastPage: Observable<Int> = .never(),
            open: Observable<Int64> = .never(),
            create: Observable<Void> = .never(), help: Observable<Void> = .never(), back: Observable<Void> = .never(),
            undo: Observable<Void> = .never(), redo: Observable<Void> = .never()
        ) {
            self.undo = undo
            self.redo = redo
            self.add = add
            self.toggle = toggle
            self.toggleAll = toggleAll
            self.rename = rename
            self.delete = delete
            self.clearCompleted = clearCompleted
            self.planBulk = planBulk
            self.runBulk = runBulk
            self.setFilter = setFilter
            self.cycleFilter = cycleFilter
            self.cycleSort = cycleSort
            self.locate = locate
            self.search = search
            self.moveUp = moveUp
            self.moveDown = moveDown
            self.visibleRange = visibleRange
            self.lastPage = lastPage
            self.open = open
            self.create = create
            self.help = help
            self.back = back
        }
    }

    /// What the list renders. No output fails; each sends its current value on subscribe once
    /// known, then changes only.
    public struct Output: Sendable {
        /// The rows of the visible window.
        public let rows: Driver<[TodoRow]>
        /// How many todos match in all, for the scroll bar (at least, while ``isCountExact`` is `false`).
        public let totalCount: Driver<Int>
        /// Whether ``totalCount`` is exact: a search most todos match is counted only a little
        /// past the rows asked for, until the last page is.
        public let isCountExact: Driver<Bool>
        /// "3 matches", "1,060+ matches" while a search is shown; otherwise `nil`.
        public let matchCountText: Driver<String?>
        /// "1 item left", "3 items left".
        public let itemsLeftText: Driver<String>
        /// How many todos are done (to offer "clear completed").
        public let completedCount: Driver<Int>
        /// The filter in use.
        public let filter: Driver<TodoFilter>
        /// The order in use.
        public let sort: Driver<TodoSort>
        /// The search text as typed.
        public let searchText: Driver<String>
        /// Whether the rows shown are not yet those of the latest query.
        public let isLoading: Driver<Bool>
        /// The latest failure to show, or `nil`.
        public let errorMessage: Driver<String?>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the list's inputs to its outputs.
    public func transform(input: Input) -> Output {
        let (state, route) = pipeline(input)
        let output = StateOutputs(state, scheduler: scheduler)
        return Output(
            rows: output(\.rows), totalCount: output(\.totalCount), isCountExact: output(\.isCountExact),
            matchCountText: output(\.matchCountText), itemsLeftText: output(\.itemsLeftText),
            completedCount: output(\.tally.completed), filter: output(\.query.filter), sort: output(\.query.sort),
            searchText: output(\.searchText), isLoading: output(\.isLoading), errorMessage: output(\.errorMessage),
            route: route)
    }

    /// The list's data state and its routes, from the inputs.
    func pipeline(_ input: Input) -> (state: Observable<State>, route: Signal<Route>) {
        let service = service
        let scheduler = scheduler
        let today = today

        let queryEvents = Observable.merge(
            input.setFilter.map(QueryEvent.setFilter),
            input.cycleFilter.map { QueryEvent.cycleFilter },
            input.cycleSort.map { QueryEvent.cycleSort },
            input.search.debounce(Self.searchDebounce, scheduler: scheduler).distinctUntilChanged()
                .map(QueryEvent.search),
            input.visibleRange.map { QueryEvent.window(offset: $0.offset, limit: $0.limit) },
            input.lastPage.map { QueryEvent.lastPage(limit: $0) }
        )
        let query = queryEvents.scan(TodoQuery(), accumulator: Self.reduceQuery)
            .startWith(TodoQuery())
            .distinctUntilChanged()
            .share(replay: 1)

        let pages = query.flatMapLatest { query in
            service.observePage(query, on: scheduler)
                .recoveringAsResult()
                .map { LoadedPage(query: query, result: $0) }
        }
        .share(replay: 1)

        let commands = Observable.merge(
            input.add.concatMap { title -> Observable<Event> in
                let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { return .empty() }
                if let problem = TitleRule.problem(with: trimmed) { return .just(.commandFailed(problem)) }
                return service.add(title: trimmed).commandEvent("Could not add the todo", as: Event.self)
            },
            input.toggle.concatMap {
                service.toggle(id: $0).commandEvent("Could not change the todo", as: Event.self)
            },
            input.toggleAll.withLatestFrom(pages) { _, loaded in loaded.query }.concatMap {
                service.toggleAll(in: $0).commandEvent("Could not change the todos", as: Event.self)
            },
            input.rename.concatMap { rename -> Observable<Event> in
                let trimmed = rename.title.trimmingCharacters(in: .whitespacesAndNewlines)
                if let problem = TitleRule.problem(with: trimmed) { return .just(.commandFailed(problem)) }
                return service.rename(id: rename.id, title: trimmed).commandEvent(
                    "Could not rename the todo", as: Event.self)
            },
            input.delete.concatMap {
                service.delete(id: $0).commandEvent("Could not delete the todo", as: Event.self)
            },
            input.clearCompleted.withLatestFrom(pages) { _, loaded in loaded.query }.concatMap {
                service.clearCompleted(in: $0).commandEvent("Could not clear the done todos", as: Event.self)
            },
            input.locate.withLatestFrom(query) { id, query in (id, query) }.concatMap { id, query in
                service.position(of: id, in: query).take(1).recoveringAsResult()
                    .map { Event.located(id, $0) }
            },
            input.planBulk.concatMap { request in
                service.countShown(in: request.query).take(1).recoveringAsResult()
                    .map { Event.bulkCounted(request, $0) }
            },
            HistoryDirection.steps(undo: input.undo, redo: input.redo) { $0 == .undo ? service.undo() : service.redo() }
                .map { Event.historyStepped($0, $1) },
            input.runBulk.concatMap { plan in
                let write =
                    plan.kind == .clear ? service.clearCompleted(in: plan.query) : service.toggleAll(in: plan.query)
                return write.take(1).recoveringAsResult().map {
                    Event.bulkFinished(plan, $0)
                }
            },
            Observable.merge(input.moveUp.map { ($0, -1) }, input.moveDown.map { ($0, 1) })
                .withLatestFrom(pages) { move, loaded in Self.moveRequest(id: move.0, by: move.1, in: loaded) }
                .concatMap { request -> Observable<Event> in
                    switch request {
                    case .none:
                        return .empty()
                    case .refused(let message):
                        return .just(.commandFailed(message))
                    case .move(let id, let from, let to, let query):
                        return service.move(id: id, from: from, to: to, in: query).commandEvent(
                            "Could not move the todo", as: Event.self)
                    }
                }
        )

        let state = Observable.merge(
            query.map(Event.queryChanged),
            // Before the page itself, so that its rows are marked against the day it is now.
            pages.map { _ in Event.dayChanged(today()) },
            pages.map { Event.pageLoaded($0.query, $0.result) },
            Observable.deferred { service.observeTally(on: scheduler) }.recoveringAsResult().map(Event.tallyLoaded),
            input.search.map(Event.searchTyped),
            commands
        )
        .scan(State(today: today()), accumulator: Self.reduce)
        .share(replay: 1)

        let route = Observable.merge(
            input.open.map { Route.todoEditor(id: $0) },
            input.create.map { Route.todoEditor(id: nil) },
            input.help.map { Route.help(.todoList) },
            input.back.map { Route.back }
        )
        .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return (state, route)
    }
}

extension TodoListViewModel {
    /// A page answer together with the query it answers.
    struct LoadedPage: Sendable {
        let query: TodoQuery
        let result: Result<TodoPage, SceneError>
    }

    /// What a move key press amounts to.
    enum MoveRequest: Sendable, Equatable {
        case none
        case refused(String)
        case move(id: Int64, from: Int, to: Int, query: TodoQuery)
    }

    /// The move of the todo `id` by `delta` places in the loaded window: refused outside manual
    /// order, nothing past either end of the list or for a todo not shown.
    static func moveRequest(id: Int64, by delta: Int, in loaded: LoadedPage) -> MoveRequest {
        guard loaded.query.sort == .manual else {
            return .refused("Todos can be moved only in manual order (press s to change the order).")
        }
        guard case .success(let page) = loaded.result, let index = page.todos.firstIndex(where: { $0.id == id })
        else { return .none }
        let from = page.offset + index
        let to = from + delta
        guard to >= 0, to < page.totalCount else { return .none }
        return .move(id: id, from: from, to: to, query: loaded.query)
    }
}
