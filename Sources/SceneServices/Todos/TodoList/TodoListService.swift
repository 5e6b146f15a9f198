internal import BaseServices
package import Domain
package import Streams

/// The todo list scene's service, over the todos base service and the history.
package struct TodoListService: TodoListServiceType {
    let todos: any TodosBaseServiceType
    let history: any HistoryBaseServiceType

    init(todos: any TodosBaseServiceType, history: any HistoryBaseServiceType) {
        self.todos = todos
        self.history = history
    }

    /// Observes one window of the list, with how many todos match in all (or at least).
    package func observePage(
        _ query: TodoQuery, on scheduler: any Scheduler
    )
        -> Observable<Result<TodoPage, SceneError>>
    {
        todos.observeWindow(query, on: scheduler).map { result in
            result.toScene {
                TodoPage(
                    todos: $0.todos.map(Todo.init), totalCount: $0.totalCount, offset: $0.offset,
                    isCountExact: $0.isCountExact)
            }
        }
    }

    /// Observes how many todos are active and done.
    package func observeTally(on scheduler: any Scheduler) -> Observable<Result<TodoTally, SceneError>> {
        todos.observeCounts(on: scheduler).map { result in
            result.toScene { TodoTally(active: $0.active, completed: $0.completed) }
        }
    }

    /// Adds the todo `line` writes at the end of the list.
    package func add(_ line: TodoLine) -> Observable<Result<Todo, SceneError>> {
        todos.create(title: line.title, notes: "", due: line.due.value?.date, attributes: TodoAttributes(line))
            .map { $0.toScene(Todo.init) }
    }

    /// Flips one todo between done and not done.
    package func toggle(id: Int64) -> Observable<Result<Todo, SceneError>> {
        todos.toggle(id: id).map { $0.toScene(Todo.init) }
    }

    /// Counts, once, what clearing or toggling all the todos `query` shows would change.
    package func planBulk(clearing: Bool, in query: TodoQuery) -> Observable<Result<TodoBulkPlan?, SceneError>> {
        Observable.zip(todos.fetchCounts(matching: query), todos.fetchCounts(matching: TodoQuery())) { shown, all in
            shown.flatMap { shown in all.map { (shown, $0) } }.toScene {
                TodoBulkPlan.planning(clearing: clearing, in: query, shown: $0.0, all: $0.1)
            }
        }
    }

    /// Fetches, once, where the todo `id` is in the whole list `query` describes.
    package func position(of id: Int64, in query: TodoQuery) -> Observable<Result<Int?, SceneError>> {
        todos.fetchPosition(of: id, matching: query).map { $0.toScene { $0 } }
    }

    /// Marks the todos a list of `query` shows done, or not done when all of them already are.
    package func toggleAll(in query: TodoQuery) -> Observable<Result<Int, SceneError>> {
        todos.toggleAll(matching: query).map { $0.toScene { $0 } }
    }

    /// Gives one todo the title `line` writes, and the attributes and due day it names (for a
    /// whole line, exactly those: see ``TodoLine/isWhole``); its notes stay.
    package func rename(id: Int64, line: TodoLine) -> Observable<Result<Todo, SceneError>> {
        let due: TodoEdit.Due =
            switch line.dueChange {
            case .keep: .keep
            case .set(let day): .set(day.date)
            case .remove: .remove
            }
        let edit = TodoEdit(title: line.title, due: due, attributes: TodoAttributeChange(line))
        return todos.update(id: id, edit).map { $0.toScene(gone: .todo, Todo.init) }
    }

    /// Deletes one todo and sends it as it was.
    package func delete(id: Int64) -> Observable<Result<Todo, SceneError>> {
        todos.delete(id: id).map { $0.toScene(Todo.init) }
    }

    /// Deletes the done todos a list of `query` shows; sends how many there were.
    package func clearCompleted(in query: TodoQuery) -> Observable<Result<Int, SceneError>> {
        todos.clearCompleted(matching: query).map { $0.toScene { $0 } }
    }

    /// Undoes the last change, to todos or feeds, made here or by any other process.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.undoStep()
    }

    /// Redoes the last change undone.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.redoStep()
    }

    /// Fetches, once, the filter and order last chosen for the list.
    package func fetchChoice() -> Observable<Result<TodoListChoice?, SceneError>> {
        todos.fetchListChoice().map { $0.toScene { $0 } }
    }

    /// Keeps the filter and order chosen for the list.
    package func saveChoice(_ choice: TodoListChoice) -> Observable<Result<TodoListChoice, SceneError>> {
        todos.saveListChoice(choice).map { $0.toScene { $0 } }
    }

    /// Moves a todo from one position of the list `query` describes to another.
    ///
    /// Moving up puts it after the todo just above its new position; moving down, after the
    /// todo now at its new position. Only that one neighbour is read, so a move costs the same
    /// in a list of any length.
    package func move(
        id: Int64, from index: Int, to newIndex: Int, in query: TodoQuery
    )
        -> Observable<Result<Todo, SceneError>>
    {
        let todos = todos
        let neighbourIndex = newIndex < index ? newIndex - 1 : newIndex
        guard neighbourIndex >= 0 else {
            return todos.reorder(id: id, after: nil).map { $0.toScene(Todo.init) }
        }
        var neighbourQuery = query
        neighbourQuery.sort = .manual
        neighbourQuery.offset = neighbourIndex
        neighbourQuery.limit = 1
        // Positions count from the start, also in a list whose last page was asked for from the end.
        neighbourQuery.fromEnd = false
        return todos.fetchWindow(neighbourQuery).concatMap { window -> Observable<Result<Todo, SceneError>> in
            switch window {
            case .failure(let error):
                return .just(.failure(SceneError(error)))
            case .success(let window):
                guard let neighbour = window.todos.first, neighbour.id != id else {
                    return .just(.failure(SceneError.listChanged))
                }
                return todos.reorder(id: id, after: neighbour.id).map { $0.toScene(Todo.init) }
            }
        }
    }
}
