package import Domain
package import SceneServices
package import Streams

/// A fake ``TodoListServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
package struct MockTodoListService: TodoListServiceType {
    /// Answers ``observePage(_:on:)``.
    package var observePageHandler: @Sendable (TodoQuery, any Scheduler) -> Observable<Result<TodoPage, SceneError>> =
        _unexpected("TodoListServiceType.observePage(_:on:)")
    /// Answers ``observeTally(on:)``.
    package var observeTallyHandler: @Sendable (any Scheduler) -> Observable<Result<TodoTally, SceneError>> =
        _unexpected("TodoListServiceType.observeTally(on:)")
    /// Answers ``add(_:)``.
    package var addHandler: @Sendable (TodoLine) -> Observable<Result<Todo, SceneError>> = _unexpected(
        "TodoListServiceType.add(_:)")
    /// Answers ``toggle(id:)``.
    package var toggleHandler: @Sendable (Int64) -> Observable<Result<Todo, SceneError>> = _unexpected(
        "TodoListServiceType.toggle(id:)")
    /// Answers ``planBulk(clearing:in:)``.
    package var planBulkHandler: @Sendable (Bool, TodoQuery) -> Observable<Result<TodoBulkPlan?, SceneError>> =
        _unexpected(
            "TodoListServiceType.planBulk(clearing:in:)")
    /// Answers ``position(of:in:)``.
    package var positionHandler: @Sendable (Int64, TodoQuery) -> Observable<Result<Int?, SceneError>> = _unexpected(
        "TodoListServiceType.position(of:in:)")
    /// Answers ``toggleAll(in:)``.
    package var toggleAllHandler: @Sendable (TodoQuery) -> Observable<Result<Int, SceneError>> = _unexpected(
        "TodoListServiceType.toggleAll(in:)")
    /// Answers ``rename(id:line:)``.
    package var renameHandler: @Sendable (Int64, TodoLine) -> Observable<Result<Todo, SceneError>> = _unexpected(
        "TodoListServiceType.rename(id:line:)")
    /// Answers ``delete(id:)``.
    package var deleteHandler: @Sendable (Int64) -> Observable<Result<Todo, SceneError>> = _unexpected(
        "TodoListServiceType.delete(id:)")
    /// Answers ``clearCompleted(in:)``.
    package var clearCompletedHandler: @Sendable (TodoQuery) -> Observable<Result<Int, SceneError>> = _unexpected(
        "TodoListServiceType.clearCompleted(in:)")
    /// Answers ``undo()``.
    package var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "TodoListServiceType.undo()")
    /// Answers ``redo()``.
    package var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "TodoListServiceType.redo()")
    /// Answers ``move(id:from:to:in:)``.
    package var moveHandler: @Sendable (Int64, Int, Int, TodoQuery) -> Observable<Result<Todo, SceneError>> =
        _unexpected("TodoListServiceType.move(id:from:to:in:)")

    /// Answers ``fetchChoice()``.
    package var fetchChoiceHandler: @Sendable () -> Observable<Result<TodoListChoice?, SceneError>> = _unexpected(
        "TodoListServiceType.fetchChoice()")
    /// Answers ``saveChoice(_:)``.
    package var saveChoiceHandler: @Sendable (TodoListChoice) -> Observable<Result<TodoListChoice, SceneError>> =
        _unexpected("TodoListServiceType.saveChoice(_:)")

    /// A fake whose every method fails the test when called.
    package init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    package init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``observePageHandler``.
    package func observePage(
        _ query: TodoQuery, on scheduler: any Scheduler
    ) -> Observable<Result<TodoPage, SceneError>> {
        observePageHandler(query, scheduler)
    }

    /// Calls ``observeTallyHandler``.
    package func observeTally(on scheduler: any Scheduler) -> Observable<Result<TodoTally, SceneError>> {
        observeTallyHandler(scheduler)
    }

    /// Calls ``addHandler``.
    package func add(_ line: TodoLine) -> Observable<Result<Todo, SceneError>> {
        addHandler(line)
    }

    /// Calls ``toggleHandler``.
    package func toggle(id: Int64) -> Observable<Result<Todo, SceneError>> {
        toggleHandler(id)
    }

    /// Calls ``planBulkHandler``.
    package func planBulk(clearing: Bool, in query: TodoQuery) -> Observable<Result<TodoBulkPlan?, SceneError>> {
        planBulkHandler(clearing, query)
    }

    /// Calls ``positionHandler``.
    package func position(of id: Int64, in query: TodoQuery) -> Observable<Result<Int?, SceneError>> {
        positionHandler(id, query)
    }

    /// Calls ``toggleAllHandler``.
    package func toggleAll(in query: TodoQuery) -> Observable<Result<Int, SceneError>> {
        toggleAllHandler(query)
    }

    /// Calls ``renameHandler``.
    package func rename(id: Int64, line: TodoLine) -> Observable<Result<Todo, SceneError>> {
        renameHandler(id, line)
    }

    /// Calls ``deleteHandler``.
    package func delete(id: Int64) -> Observable<Result<Todo, SceneError>> {
        deleteHandler(id)
    }

    /// Calls ``clearCompletedHandler``.
    package func clearCompleted(in query: TodoQuery) -> Observable<Result<Int, SceneError>> {
        clearCompletedHandler(query)
    }

    /// Calls ``undoHandler``.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        undoHandler()
    }

    /// Calls ``redoHandler``.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        redoHandler()
    }

    /// Calls ``fetchChoiceHandler``.
    package func fetchChoice() -> Observable<Result<TodoListChoice?, SceneError>> {
        fetchChoiceHandler()
    }

    /// Calls ``saveChoiceHandler``.
    package func saveChoice(_ choice: TodoListChoice) -> Observable<Result<TodoListChoice, SceneError>> {
        saveChoiceHandler(choice)
    }

    /// Calls ``moveHandler``.
    package func move(
        id: Int64, from index: Int, to newIndex: Int, in query: TodoQuery
    ) -> Observable<Result<Todo, SceneError>> {
        moveHandler(id, index, newIndex, query)
    }
}
