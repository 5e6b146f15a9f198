public import Domain
public import SceneServices
public import Streams

/// A fake ``TodoListServiceType``: one closure per method; a method the test gives no closure for
/// fails the test when called.
public struct MockTodoListService: TodoListServiceType {
    /// Answers ``observePage(_:on:)``.
    public var observePageHandler: @Sendable (TodoQuery, any Scheduler) -> Observable<Result<TodoPage, SceneError>>
    /// Answers ``observeTally(on:)``.
    public var observeTallyHandler: @Sendable (any Scheduler) -> Observable<Result<TodoTally, SceneError>>
    /// Answers ``add(title:)``.
    public var addHandler: @Sendable (String) -> Observable<Result<Todo, SceneError>>
    /// Answers ``toggle(id:)``.
    public var toggleHandler: @Sendable (Int64) -> Observable<Result<Todo, SceneError>>
    /// Answers ``countShown(in:)``.
    public var countShownHandler: @Sendable (TodoQuery) -> Observable<Result<TodoTally, SceneError>>
    /// Answers ``position(of:in:)``.
    public var positionHandler: @Sendable (Int64, TodoQuery) -> Observable<Result<Int?, SceneError>>
    /// Answers ``toggleAll(in:)``.
    public var toggleAllHandler: @Sendable (TodoQuery) -> Observable<Result<Int, SceneError>>
    /// Answers ``rename(id:title:)``.
    public var renameHandler: @Sendable (Int64, String) -> Observable<Result<Todo, SceneError>>
    /// Answers ``delete(id:)``.
    public var deleteHandler: @Sendable (Int64) -> Observable<Result<Todo, SceneError>>
    /// Answers ``clearCompleted(in:)``.
    public var clearCompletedHandler: @Sendable (TodoQuery) -> Observable<Result<Int, SceneError>>
    /// Answers ``undo()``.
    public var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>>
    /// Answers ``redo()``.
    public var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>>
    /// Answers ``move(id:from:to:in:)``.
    public var moveHandler: @Sendable (Int64, Int, Int, TodoQuery) -> Observable<Result<Todo, SceneError>>

    /// Creates a fake; every closure left out fails the test when called.
    public init(
        observePage: (@Sendable (TodoQuery, any Scheduler) -> Observable<Result<TodoPage, SceneError>>)? = nil,
        observeTally: (@Sendable (any Scheduler) -> Observable<Result<TodoTally, SceneError>>)? = nil,
        add: (@Sendable (String) -> Observable<Result<Todo, SceneError>>)? = nil,
        toggle: (@Sendable (Int64) -> Observable<Result<Todo, SceneError>>)? = nil,
        countShown: (@Sendable (TodoQuery) -> Observable<Result<TodoTally, SceneError>>)? = nil,
        position: (@Sendable (Int64, TodoQuery) -> Observable<Result<Int?, SceneError>>)? = nil,
        toggleAll: (@Sendable (TodoQuery) -> Observable<Result<Int, SceneError>>)? = nil,
        rename: (@Sendable (Int64, String) -> Observable<Result<Todo, SceneError>>)? = nil,
        delete: (@Sendable (Int64) -> Observable<Result<Todo, SceneError>>)? = nil,
        clearCompleted: (@Sendable (TodoQuery) -> Observable<Result<Int, SceneError>>)? = nil,
        move: (@Sendable (Int64, Int, Int, TodoQuery) -> Observable<Result<Todo, SceneError>>)? = nil,
        undo: (@Sendable () -> Observable<Result<HistoryStep?, SceneError>>)? = nil,
        redo: (@Sendable () -> Observable<Result<HistoryStep?, SceneError>>)? = nil
    ) {
        self.undoHandler =
            undo ?? {
                _unexpectedCall("TodoListServiceType.undo()")
                return .empty()
            }
        self.redoHandler =
            redo ?? {
                _unexpectedCall("TodoListServiceType.redo()")
                return .empty()
            }
        self.observePageHandler =
            observePage ?? { _, _ in
                _unexpectedCall("TodoListServiceType.observePage(_:on:)")
                return .empty()
            }
        self.observeTallyHandler =
            observeTally ?? { _ in
                _unexpectedCall("TodoListServiceType.observeTally(on:)")
                return .empty()
            }
        self.addHandler =
            add ?? { _ in
                _unexpectedCall("TodoListServiceType.add(title:)")
                return .empty()
            }
        self.toggleHandler =
            toggle ?? { _ in
                _unexpectedCall("TodoListServiceType.toggle(id:)")
                return .empty()
            }
        self.countShownHandler =
            countShown ?? { _ in
                _unexpectedCall("TodoListServiceType.countShown(in:)")
                return .empty()
            }
        self.positionHandler =
            position ?? { _, _ in
                _unexpectedCall("TodoListServiceType.position(of:in:)")
                return .empty()
            }
        self.toggleAllHandler =
            toggleAll ?? { _ in
                _unexpectedCall("TodoListServiceType.toggleAll(in:)")
                return .empty()
            }
        self.renameHandler =
            rename ?? { _, _ in
                _unexpectedCall("TodoListServiceType.rename(id:title:)")
                return .empty()
            }
        self.deleteHandler =
            delete ?? { _ in
                _unexpectedCall("TodoListServiceType.delete(id:)")
                return .empty()
            }
        self.clearCompletedHandler =
            clearCompleted ?? { _ in
                _unexpectedCall("TodoListServiceType.clearCompleted(in:)")
                return .empty()
            }
        self.moveHandler =
            move ?? { _, _, _, _ in
                _unexpectedCall("TodoListServiceType.move(id:from:to:in:)")
                return .empty()
            }
    }

    /// Calls ``observePageHandler``.
    public func observePage(
        _ query: TodoQuery, on scheduler: any Scheduler
    ) -> Observable<Result<TodoPage, SceneError>> {
        observePageHandler(query, scheduler)
    }

    /// Calls ``observeTallyHandler``.
    public func observeTally(on scheduler: any Scheduler) -> Observable<Result<TodoTally, SceneError>> {
        observeTallyHandler(scheduler)
    }

    /// Calls ``addHandler``.
    public func add(title: String) -> Observable<Result<Todo, SceneError>> {
        addHandler(title)
    }

    /// Calls ``toggleHandler``.
    public func toggle(id: Int64) -> Observable<Result<Todo, SceneError>> {
        toggleHandler(id)
    }

    /// Calls ``countShownHandler``.
    public func countShown(in query: TodoQuery) -> Observable<Result<TodoTally, SceneError>> {
        countShownHandler(query)
    }

    /// Calls ``positionHandler``.
    public func position(of id: Int64, in query: TodoQuery) -> Observable<Result<Int?, SceneError>> {
        positionHandler(id, query)
    }

    /// Calls ``toggleAllHandler``.
    public func toggleAll(in query: TodoQuery) -> Observable<Result<Int, SceneError>> {
        toggleAllHandler(query)
    }

    /// Calls ``renameHandler``.
    public func rename(id: Int64, title: String) -> Observable<Result<Todo, SceneError>> {
        renameHandler(id, title)
    }

    /// Calls ``deleteHandler``.
    public func delete(id: Int64) -> Observable<Result<Todo, SceneError>> {
        deleteHandler(id)
    }

    /// Calls ``clearCompletedHandler``.
    public func clearCompleted(in query: TodoQuery) -> Observable<Result<Int, SceneError>> {
        clearCompletedHandler(query)
    }

    /// Calls ``undoHandler``.
    public func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        undoHandler()
    }

    /// Calls ``redoHandler``.
    public func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        redoHandler()
    }

    /// Calls ``moveHandler``.
    public func move(
        id: Int64, from index: Int, to newIndex: Int, in query: TodoQuery
    ) -> Observable<Result<Todo, SceneError>> {
        moveHandler(id, index, newIndex, query)
    }
}
