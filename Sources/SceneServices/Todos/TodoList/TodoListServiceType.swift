package import Domain
package import Streams

/// What the todo list scene needs: a window of todos, the tally, and every list edit.
///
/// Observations never fail: a failure arrives as a `.failure` element and observing goes on.
/// Writes run when subscribed, send one `Result` and complete.
package protocol TodoListServiceType: HistoryStepping {
    /// Observes one window of the list, with how many todos match in all (or, for a search most
    /// todos match, at least: see ``TodoPage/isCountExact``).
    func observePage(_ query: TodoQuery, on scheduler: any Scheduler) -> Observable<Result<TodoPage, SceneError>>

    /// Observes how many todos are active and done.
    func observeTally(on scheduler: any Scheduler) -> Observable<Result<TodoTally, SceneError>>

    /// Adds the todo `line` writes (its title and attributes: see ``TodoLine``) at the end of
    /// the list. A recurrence without a due day is refused, and nothing is written.
    func add(_ line: TodoLine) -> Observable<Result<Todo, SceneError>>

    /// Flips one todo between done and not done.
    func toggle(id: Int64) -> Observable<Result<Todo, SceneError>>

    /// Counts, once, what ``clearCompleted(in:)`` (`clearing`) or ``toggleAll(in:)`` would change
    /// among the todos a list of `query` shows (its filter and search; not its order or window),
    /// and how many of the same kind it hides; `nil` when none is shown of the kind it changes.
    func planBulk(clearing: Bool, in query: TodoQuery) -> Observable<Result<TodoBulkPlan?, SceneError>>

    /// Fetches, once, where the todo `id` is in the whole list `query` describes (its filter,
    /// search and order), from 0; `nil` when that list does not show it.
    func position(of id: Int64, in query: TodoQuery) -> Observable<Result<Int?, SceneError>>

    /// Marks the todos a list of `query` shows done, or not done when all of them already are;
    /// no hidden todo changes. Sends how many changed.
    func toggleAll(in query: TodoQuery) -> Observable<Result<Int, SceneError>>

    /// Gives one todo the title `line` writes, and the attributes and due day it names; for a
    /// whole line (``TodoLine/isWhole``, the rename line), one it does not name is taken away.
    /// Its notes stay.
    func rename(id: Int64, line: TodoLine) -> Observable<Result<Todo, SceneError>>

    /// Deletes one todo and sends it as it was.
    func delete(id: Int64) -> Observable<Result<Todo, SceneError>>

    /// Deletes the done todos a list of `query` shows, and no hidden one; sends how many there were.
    func clearCompleted(in query: TodoQuery) -> Observable<Result<Int, SceneError>>

    /// Fetches, once, the filter and order the person last chose for the list (in any scene or
    /// process); `nil` when none was kept.
    func fetchChoice() -> Observable<Result<TodoListChoice?, SceneError>>

    /// Keeps the filter and order the person chose, so the list opens with them next time.
    func saveChoice(_ choice: TodoListChoice) -> Observable<Result<TodoListChoice, SceneError>>

    /// Moves a todo in the manual order from one position of the list `query` describes to
    /// another (positions count from 0 across the whole list, not the window).
    func move(
        id: Int64, from index: Int, to newIndex: Int, in query: TodoQuery
    )
        -> Observable<Result<Todo, SceneError>>
}

extension TodoListServiceType {
    /// Runs `plan` over the todos its list shows: ``clearCompleted(in:)`` or ``toggleAll(in:)``.
    /// Sends how many changed.
    package func run(_ plan: TodoBulkPlan) -> Observable<Result<Int, SceneError>> {
        plan.kind == .clear ? clearCompleted(in: plan.query) : toggleAll(in: plan.query)
    }
}
