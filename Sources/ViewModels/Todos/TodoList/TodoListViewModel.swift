package import Domain
import Foundation
package import SceneServices
package import Streams

/// The view model of the todo list: TodoMVC's behaviour over a list of any length, with a
/// selection, a scroll window, input lines and questions.
///
/// One ``State`` is folded from one kind of ``Event`` (what the person asked for, and what the
/// service answered) by the pure ``reduce(_:_:)``, which also returns the ``Effect``s it asks
/// for. Only the window on screen is read, so a million todos cost what the window costs; the
/// window follows the selection and the selection follows what the window brings, a loop closed
/// by `Observable.system`. Search waits for 300 ms of quiet typing.
///
/// ```swift
/// let viewModel = TodoListViewModel(service: services.makeTodoListService(), scheduler: uiScheduler)
/// let actions = PublishRelay<TodoListViewModel.Action>()
/// let output = viewModel.transform(input: ScreenInput(actions: actions.asObservable()))
/// output.state.drive(onNext: { state in render(state.visibleRows) }).disposed(by: bag)
/// actions.accept(.viewport(height: 20))
/// ```
package struct TodoListViewModel: ViewModelType, Sendable {
    /// How long search waits for typing to pause.
    package static let searchDebounce = SchedulerDuration.milliseconds(300)
    /// More todos than this and a bulk action asks first.
    package static let bulkConfirmationThreshold = 5

    let service: any TodoListServiceType
    let scheduler: any Scheduler
    let today: @Sendable () -> DueDay
    let dayMonthOrder: DayMonthOrder
    let dayClock: any Scheduler

    /// Creates the view model over its scene service; state and routes arrive on `scheduler`.
    /// `today` is the day where the person is (for due marks, moved on at midnight by `dayClock`,
    /// and due days typed; the system's by default), `dayMonthOrder` how `24/12` is read.
    package init(
        service: any TodoListServiceType, scheduler: any Scheduler,
        today: @escaping @Sendable () -> DueDay = { .today() }, dayClock: any Scheduler = wallClock,
        dayMonthOrder: DayMonthOrder = .of(environment: ProcessInfo.processInfo.environment)
    ) {
        (self.service, self.scheduler, self.today) = (service, scheduler, today)
        (self.dayClock, self.dayMonthOrder) = (dayClock, dayMonthOrder)
    }

    /// What a person asks of the list, whatever the keys or buttons that ask it.
    package enum Action: Sendable, Hashable {
        /// The list has `height` rows on screen with no input line open (an open one takes a row).
        case viewport(height: Int)
        /// A key the scene has no use for: it only dismisses the message shown, as every key does.
        case dismissMessage
        /// Move the selection.
        case select(ListMove)
        /// Open the selected todo in the editor.
        case open
        /// Mark the selected todo done or not done.
        case toggle
        /// Mark the shown todos done, or not done when all of them are (asks first above the threshold).
        case toggleAll
        /// Delete the shown done todos (asks first above the threshold).
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
        /// Leave the input line or the question without doing anything (a search typed is cleared).
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

    /// Something that happened to the list: the person asked, or the service answered.
    package enum Event: Sendable, Hashable {
        /// The person asked for something.
        case action(Action)
        /// The search text has not changed for ``TodoListViewModel/searchDebounce``.
        case searchSettled(String)
        /// A window arrived for a query, or failed to, on the day it is.
        case pageLoaded(TodoQuery, Result<TodoPage, SceneError>, today: DueDay)
        /// Midnight passed: it is this day now, whatever else happened.
        case dayChanged(DueDay)
        /// The tally arrived, or failed to.
        case tallyLoaded(Result<TodoTally, SceneError>)
        /// The filter and order kept from an earlier visit arrived (`nil`: none kept), or failed to.
        case choiceLoaded(Result<TodoListChoice?, SceneError>)
        /// A write failed; the message says why, and the line typed for it opens again, if any.
        case writeFailed(String, reopening: Mode? = nil)
        /// The todo typed on the add line was added.
        case added(Int64)
        /// A change the list may not show was made (a todo deleted, or marked done where the
        /// filter hides it): what it was, for a note.
        case changed(ActionText)
        /// The place of a todo in the list as it is now (`nil`: not shown), or why it is unknown.
        case located(Int64, Result<Int?, SceneError>)
        /// What clearing or toggling all the shown todos would change was counted (`nil`: nothing
        /// shown of that kind), or could not be.
        case bulkPlanned(clearing: Bool, Result<TodoBulkPlan?, SceneError>)
        /// A bulk action ran and changed this many todos, or failed.
        case bulkFinished(TodoBulkPlan, Result<Int, SceneError>)
        /// Undo or redo took a step (`nil`: there was none to take), or failed.
        case historyStepped(HistoryDirection, Result<HistoryStep?, SceneError>)
        /// A status message's time ran out.
        case messageExpired(StatusMessageSlot.Expiry)
    }

    /// What a step of ``reduce(_:_:)`` asks the service, or the app, to do.
    package enum Effect: Sendable, Hashable {
        case add(TodoLine, typed: String)
        case toggle(Int64)
        case rename(Int64, TodoLine, typed: String)
        case delete(Int64)
        case move(id: Int64, from: Int, to: Int, in: TodoQuery)
        case locate(Int64, in: TodoQuery)
        case planBulk(clearing: Bool, in: TodoQuery)
        case runBulk(TodoBulkPlan)
        case saveChoice(TodoListChoice)
        case history(HistoryDirection)
        case route(Route)
    }

    /// The list's state, delivered on the scheduler, and where it goes.
    package func transform(input: ScreenInput<Action>) -> ScreenOutput<State> {
        let (service, scheduler, today, dayMonthOrder) = (service, scheduler, today, dayMonthOrder)
        let routes = PublishRelay<Route>()
        let state = Observable.system(
            initialState: State(today: today(), dayMonthOrder: dayMonthOrder),
            reduce: Self.reduce,
            effects: { Self.perform($0, service: service, routes: routes) },
            scheduler: scheduler,
            feedback: .events(input.actions.map(Event.action)),
            // No window is read before the kept filter and order are known: the first one shows them.
            .react(
                request: { $0.list.isChoiceKnown ? $0.list.query : nil },
                effects: { query in
                    answer(service.observePage(query, on: scheduler)) { .pageLoaded(query, $0, today: today()) }
                }),
            .events(answer(Observable.deferred { service.observeTally(on: scheduler) }, Event.tallyLoaded)),
            .events(answer(Observable.deferred { service.fetchChoice() }.take(1), Event.choiceLoaded)),
            .events(days(today, on: dayClock).map(Event.dayChanged)),
            .react(
                request: { $0.list.searchText },
                effects: { Observable.just(Event.searchSettled($0)).delay(Self.searchDebounce, scheduler: scheduler) }),
            .expiringMessages(on: scheduler, as: Event.messageExpired))
        return ScreenOutput(states: state, routes: routes, scheduler: scheduler)
    }

    /// The work `effect` asks for, answered as events; routes go out through `routes`.
    static func perform(
        _ effect: Effect, service: any TodoListServiceType, routes: PublishRelay<Route>
    ) -> Observable<Event> {
        func write(
            _ sent: Observable<Result<Todo, SceneError>>, _ what: String, _ line: Mode? = nil,
            _ done: @escaping @Sendable (Todo) -> Event? = { _ in nil }
        ) -> Observable<Event> {
            outcome(of: sent, after: "Could not \(what) the todo", failed: { .writeFailed($0, reopening: line) }, done)
        }
        return switch effect {
        case .add(let line, let typed): write(service.add(line), "add", .adding(PromptText(typed))) { .added($0.id) }
        case .toggle(let id):
            write(service.toggle(id: id), "change") {
                let marked = HistoryStep.quoting("Marked", $0.title) + ($0.isCompleted ? " done" : " not done")
                guard $0.isCompleted, let next = $0.nextDue else { return .changed("\(marked). \(.undo) undoes it.") }
                return .changed("\(marked); the next is due \(next). \(.undo) undoes both.")
            }
        case .rename(let id, let line, let typed):
            write(service.rename(id: id, line: line), "rename", .renaming(id: id, PromptText(typed)))
        case .delete(let id):
            write(service.delete(id: id), "delete") {
                .changed("\(HistoryStep.quoting("Deleted", $0.title)). \(.undo) undoes it.")
            }
        case .move(let id, let from, let to, let query):
            write(service.move(id: id, from: from, to: to, in: query), "move")
        case .locate(let id, let query): answer(service.position(of: id, in: query).take(1)) { .located(id, $0) }
        case .planBulk(let clearing, let query):
            answer(service.planBulk(clearing: clearing, in: query).take(1)) { .bulkPlanned(clearing: clearing, $0) }
        case .runBulk(let plan): answer(service.run(plan).take(1)) { .bulkFinished(plan, $0) }
        case .saveChoice(let choice):
            outcome(
                of: service.saveChoice(choice).take(1), after: "Could not keep the filter and order",
                failed: { .writeFailed($0) })
        case .history(let direction):
            answer(service.step(direction).take(1)) { .historyStepped(direction, $0) }
        case .route(let route): routes.follow(route)
        }
    }
}
