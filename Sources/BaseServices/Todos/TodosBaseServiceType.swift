public import Domain
public import Foundation
public import SQLiteProvider
public import Streams

/// Stores todos and observes them. Every method returns an observable:
///
/// - writes run when subscribed (synchronously, on the subscribing thread, waiting for the
///   database's writer), then send one `Result` and complete;
/// - observations send the current value once, then a new value after every commit that
///   changes it, on the scheduler given; they never fail or complete: a failure arrives as a
///   `.failure` element and observation goes on.
///
/// ```swift
/// let todos: any TodosBaseServiceType = TodosBaseService.shared
/// todos.observeActiveCount(on: scheduler)
///     .subscribe(onNext: { result in print(result) })    // .success(3)
///     .disposed(by: bag)
/// todos.create(title: "Buy milk", notes: "", due: nil)
///     .subscribe(onNext: { result in print(result) })    // .success(TodoObject(...)); count says 4
///     .disposed(by: bag)
/// ```
public protocol TodosBaseServiceType: Sendable {
    /// Creates a todo at the end of the manual order. An empty title is refused.
    func create(title: String, notes: String, due: Date?) -> Observable<Result<TodoObject, DatabaseError>>

    /// Creates a todo with `attributes` at the end of the manual order. An empty title is
    /// refused, and so is a recurrence without a due date; nothing is written then.
    func create(
        title: String, notes: String, due: Date?, attributes: TodoAttributes
    ) -> Observable<Result<TodoObject, DatabaseError>>

    /// Creates one todo per title in a single transaction, at the end of the manual order; sends
    /// how many were created. One empty title refuses the whole batch and nothing is written.
    func createMany(titles: [String]) -> Observable<Result<Int, DatabaseError>>

    /// Changes the fields `edit` names, keeping the others as stored (read in the same
    /// transaction, so a change another process made to them is kept). An edit that changes
    /// nothing writes nothing, and the history gets no step.
    func update(id: Int64, _ edit: TodoEdit) -> Observable<Result<TodoObject, DatabaseError>>

    /// Flips a todo between done and not done.
    func toggle(id: Int64) -> Observable<Result<TodoObject, DatabaseError>>

    /// Marks a todo done or not done. A todo already so is not written, and the history gets
    /// no step.
    func setCompleted(id: Int64, _ isCompleted: Bool) -> Observable<Result<TodoObject, DatabaseError>>

    /// Marks every todo done, or, when all already are, marks them all not done. Sends how many
    /// todos changed.
    func toggleAll() -> Observable<Result<Int, DatabaseError>>

    /// Marks the todos `ids` names done, or not done, as one change that one undo takes back,
    /// and sends them as they are after, in the order of `ids`. Fails, changing nothing, when
    /// an ID names no todo. A todo that already is so is sent as it is and not recorded.
    func setCompleted(ids: [Int64], _ isCompleted: Bool) -> Observable<Result<[TodoObject], DatabaseError>>

    /// Deletes the todos `ids` names as one change that one undo takes back, and sends them as
    /// they were. Fails, deleting nothing, when an ID names no todo.
    func delete(ids: [Int64]) -> Observable<Result<[TodoObject], DatabaseError>>

    /// Like ``toggleAll()``, for only the todos a list of `query` shows (its filter and search;
    /// its order and window do not matter): marks those not done done, or, when all of them
    /// already are, marks them not done. One transaction; no other todo changes. Sends how many
    /// changed.
    func toggleAll(matching query: TodoQuery) -> Observable<Result<Int, DatabaseError>>

    /// Deletes a todo and sends it as it was.
    func delete(id: Int64) -> Observable<Result<TodoObject, DatabaseError>>

    /// Deletes every done todo and sends how many there were.
    func clearCompleted() -> Observable<Result<Int, DatabaseError>>

    /// Deletes the done todos a list of `query` shows (its filter and search), in one
    /// transaction, and sends how many there were; no other todo is touched.
    func clearCompleted(matching query: TodoQuery) -> Observable<Result<Int, DatabaseError>>

    /// Counts, once, the todos a list of `query` shows (its filter and search), in all and by
    /// state: what ``toggleAll(matching:)`` and ``clearCompleted(matching:)`` would touch.
    func fetchCounts(matching query: TodoQuery) -> Observable<Result<TodoTally, DatabaseError>>

    /// Moves a todo in the manual order to just after `after`, or to the top when `after` is
    /// `nil`.
    func reorder(id: Int64, after: Int64?) -> Observable<Result<TodoObject, DatabaseError>>

    /// Fetches one window of todos once.
    func fetchWindow(_ query: TodoQuery) -> Observable<Result<TodoPageObject, DatabaseError>>

    /// Fetches, once, up to `limit` todos of the list `query` describes (its filter, its search
    /// of attributes and words as a list's: see ``TodoMatch``, and its order; not its window),
    /// starting just after `after` in that order (by its key as `after` holds it), or at the
    /// first when `after` is `nil`. `now` places todos in the urgency order (the service's
    /// clock when `nil`): give every page of one listing the same, so the order holds still.
    ///
    /// Reading a whole list page by page this way, each page after the last todo of the one
    /// before, costs about the same for every page however deep, where an offset would skip
    /// more and more todos (in the urgency order, which no index holds, each page reads every
    /// todo shown once).
    func fetchPage(
        _ query: TodoQuery, after: TodoObject?, limit: Int, now: Date?
    ) -> Observable<Result<[TodoObject], DatabaseError>>

    /// Fetches, once, where the todo `id` is in a list of `query` (its filter, search and
    /// order; not its window), counted from 0; `nil` when that list does not show it.
    func fetchPosition(of id: Int64, matching query: TodoQuery) -> Observable<Result<Int?, DatabaseError>>

    /// Fetches one todo once; `nil` when there is none with that identifier.
    func fetch(id: Int64) -> Observable<Result<TodoObject?, DatabaseError>>

    /// Observes a window of todos.
    func observeWindow(
        _ query: TodoQuery, on scheduler: any Scheduler
    ) -> Observable<Result<TodoPageObject, DatabaseError>>

    /// Observes one todo; `nil` once it is deleted.
    func observeTodo(id: Int64, on scheduler: any Scheduler) -> Observable<Result<TodoObject?, DatabaseError>>

    /// Observes how many todos there are, in all and by state.
    func observeCounts(on scheduler: any Scheduler) -> Observable<Result<TodoTally, DatabaseError>>

    /// Observes how many todos are not yet done.
    func observeActiveCount(on scheduler: any Scheduler) -> Observable<Result<Int, DatabaseError>>

    /// Fetches, once, up to `limit` todos completed from `start` to before `end`, the most
    /// recently completed first, after `after` in that order (or from the first): each batch
    /// costs the same however far it starts.
    func fetchCompleted(
        from start: Date, to end: Date, after: TodoObject?, limit: Int
    ) -> Observable<Result<[TodoObject], DatabaseError>>

    /// Fetches, once, the filter and order last chosen for the todo list; `nil` when none was
    /// kept. A value this version does not know (written by a newer one) reads as the default.
    func fetchListChoice() -> Observable<Result<TodoListChoice?, DatabaseError>>

    /// Keeps `choice` as the todo list's filter and order, for every later visit and process.
    /// Not a change to todos: the history gets no step.
    func saveListChoice(_ choice: TodoListChoice) -> Observable<Result<TodoListChoice, DatabaseError>>
}

extension TodosBaseServiceType {
    /// Fetches, once, up to `limit` todos that `filter` and `search` let through, in manual
    /// order, after `after` (see ``fetchPage(_:after:limit:now:)``).
    public func fetchPage(
        filter: TodoFilter, search: String = "", after: TodoObject?, limit: Int
    ) -> Observable<Result<[TodoObject], DatabaseError>> {
        fetchPage(TodoQuery(filter: filter, search: search, sort: .manual), after: after, limit: limit, now: nil)
    }

    /// Replaces a todo's title, notes and due date (`nil`: none).
    public func update(
        id: Int64, title: String, notes: String, due: Date?
    ) -> Observable<Result<TodoObject, DatabaseError>> {
        update(id: id, TodoEdit(title: title, notes: notes, due: due.map(TodoEdit.Due.set) ?? .remove))
    }

    /// Observes a window of todos, described field by field.
    public func observeWindow(
        filter: TodoFilter = .all, search: String = "", sort: TodoSort = .manual, offset: Int = 0, limit: Int = 100,
        on scheduler: any Scheduler
    ) -> Observable<Result<TodoPageObject, DatabaseError>> {
        observeWindow(
            TodoQuery(filter: filter, search: search, sort: sort, offset: offset, limit: limit), on: scheduler)
    }
}
