public import Domain
public import SceneServices

extension TodoListViewModel {
    /// Everything the todo list shows, folded from events by ``reduce(_:_:)``.
    public struct State: Sendable, Hashable {
        /// The query the list asked for last.
        public var query: TodoQuery
        /// The query the shown rows answer; differs from ``query`` while loading.
        public var loadedQuery: TodoQuery?
        /// The rows of the window.
        public var rows: [TodoRow]
        /// How many todos match the query in all; when ``isCountExact`` is `false`, how many
        /// were found so far (at least this many match).
        public var totalCount: Int
        /// Whether ``totalCount`` is exact; a search most todos match is counted only a little
        /// past the window until the last page is asked for.
        public var isCountExact: Bool
        /// How many todos are active and done.
        public var tally: TodoTally
        /// The search text as typed (the query gets it after a pause).
        public var searchText: String
        /// The latest failure to show, if any.
        public var errorMessage: String? {
            didSet { if errorMessage != nil { errorSerial += 1 } }
        }
        /// How many failures there have been: the same failure twice is shown twice.
        public private(set) var errorSerial = 0
        /// The day it is where the person is, to mark overdue and due-today rows; `nil` until known.
        public var today: DueDay?
        /// The latest bulk action counted and waiting to run or to be confirmed.
        public var bulkPlan: TodoBulkPlan?
        /// How many bulk actions have been counted: a new one is a new plan even when equal.
        public var bulkPlanSerial: Int
        /// What the latest bulk action did, or why it did nothing.
        public var notice: String?
        /// How many notices there have been: a new one shows even when its text is the same.
        public var noticeSerial: Int
        /// Where a todo asked about is in the list now (`nil` position: the list does not show it).
        public var located: (id: Int64, position: Int?)? {
            get { locatedID.map { ($0, locatedPosition) } }
            set {
                locatedID = newValue?.id
                locatedPosition = newValue?.position
                locatedSerial += 1
            }
        }
        /// How many answers to "where is this todo" there have been.
        public private(set) var locatedSerial: Int
        private var locatedID: Int64?
        private var locatedPosition: Int?

        /// Creates a state.
        public init(
            query: TodoQuery = TodoQuery(), loadedQuery: TodoQuery? = nil, rows: [TodoRow] = [],
            totalCount: Int = 0, isCountExact: Bool = true, tally: TodoTally = TodoTally(active: 0, completed: 0),
            searchText: String = "", errorMessage: String? = nil, today: DueDay? = nil
        ) {
            self.today = today
            self.bulkPlan = nil
            self.bulkPlanSerial = 0
            self.notice = nil
            self.noticeSerial = 0
            self.locatedSerial = 0
            self.locatedID = nil
            self.locatedPosition = nil
            self.query = query
            self.loadedQuery = loadedQuery
            self.rows = rows
            self.totalCount = totalCount
            self.isCountExact = isCountExact
            self.tally = tally
            self.searchText = searchText
            self.errorMessage = errorMessage
        }

        /// Whether the rows shown are not yet those of the latest query.
        public var isLoading: Bool { loadedQuery != query }

        /// Whether a page has arrived: the list has rows to act on, even while a newer query
        /// (a search typed, a window scrolled to) loads.
        public var hasLoaded: Bool { loadedQuery != nil }

        /// "1 item left", "3 items left": the active count with the right plural.
        public var itemsLeftText: String { TodoListViewModel.itemsLeftText(tally.active) }

        /// "3 matches", "1,060+ matches" while the rows shown are those of a search; otherwise `nil`.
        public var matchCountText: String? {
            guard let loadedQuery, !loadedQuery.search.isEmpty else { return nil }
            return TodoListViewModel.matchCountText(totalCount, isExact: isCountExact)
        }
    }

    /// Something that happened to the todo list.
    public enum Event: Sendable, Hashable {
        /// The list asked for a new query.
        case queryChanged(TodoQuery)
        /// A window arrived for a query, or failed to.
        case pageLoaded(TodoQuery, Result<TodoPage, SceneError>)
        /// The tally arrived, or failed to.
        case tallyLoaded(Result<TodoTally, SceneError>)
        /// The person typed in the search field.
        case searchTyped(String)
        /// An edit was refused or failed, with this message.
        case commandFailed(String)
        /// An edit succeeded.
        case commandSucceeded
        /// The day it is now (read again as each page arrives, so the marks follow midnight).
        case dayChanged(DueDay)
        /// The shown todos a bulk action would touch were counted, or could not be.
        case bulkCounted(TodoBulkRequest, Result<TodoTally, SceneError>)
        /// A bulk action ran and changed this many todos, or failed.
        case bulkFinished(TodoBulkPlan, Result<Int, SceneError>)
        /// The place of a todo in the list as it is now was found (`nil`: not shown), or not.
        case located(Int64, Result<Int?, SceneError>)
        /// Undo or redo took a step (`nil`: there was none to take), or failed.
        case historyStepped(HistoryDirection, Result<HistoryStep?, SceneError>)
    }

    /// The state after `event`.
    public static func reduce(_ state: State, _ event: Event) -> State {
        var next = state
        switch event {
        case .queryChanged(let query):
            next.query = query
        case .pageLoaded(let query, .success(let page)):
            next.loadedQuery = query
            next.rows = page.todos.enumerated().map { TodoRow($1, position: page.offset + $0) }
            next.totalCount = page.totalCount
            next.isCountExact = page.isCountExact
        case .pageLoaded(let query, .failure(let error)):
            next.loadedQuery = query
            next.errorMessage = error.message(after: "Could not load the todos")
        case .tallyLoaded(.success(let tally)):
            next.tally = tally
        case .tallyLoaded(.failure(let error)):
            next.errorMessage = error.message(after: "Could not count the todos")
        case .searchTyped(let text):
            next.searchText = text
        case .commandFailed(let message):
            next.errorMessage = message
        case .commandSucceeded:
            next.errorMessage = nil
        case .dayChanged(let day):
            next.today = day
        case .bulkCounted(let request, .success(let shown)):
            switch plan(request, shown: shown, all: state.tally) {
            case .success(let plan):
                next.bulkPlan = plan
                next.bulkPlanSerial += 1
            case .failure(let nothing):
                next.notice = nothing.message
                next.noticeSerial += 1
            }
        case .bulkCounted(_, .failure(let error)):
            next.errorMessage = error.message(after: "Could not count the todos shown")
        case .bulkFinished(let plan, .success(let changed)):
            next.errorMessage = nil
            next.notice = plan.report(changed: changed)
            next.noticeSerial += 1
        case .located(let id, .success(let position)):
            next.located = (id, position)
        case .located(_, .failure(let error)):
            next.errorMessage = error.message(after: "Could not find the selected todo in the new order")
        case .historyStepped(let direction, .success(let step)):
            next.errorMessage = nil
            next.notice = direction.notice(for: step)
            next.noticeSerial += 1
        case .historyStepped(let direction, .failure(let error)):
            next.errorMessage = direction.failure(error)
        case .bulkFinished(let plan, .failure(let error)):
            let what = plan.kind == .clear ? "delete the done todos" : "change the todos"
            next.errorMessage = error.message(after: "Could not \(what)")
        }
        return next
    }

    /// "1 item left" for one, "N items left" otherwise (TodoMVC's wording), N grouped as
    /// every count is ("100,000 items left").
    public static func itemsLeftText(_ count: Int) -> String {
        CountText.counted(count, "item left", "items left")
    }

    /// "1 match", "1,060 matches", or with `isExact` `false` "1,060+ matches" (at least that many).
    public static func matchCountText(_ count: Int, isExact: Bool) -> String {
        let number = CountText.grouped(count) + (isExact ? "" : "+")
        return count == 1 && isExact ? "1 match" : "\(number) matches"
    }
}
