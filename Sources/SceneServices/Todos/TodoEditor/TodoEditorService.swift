internal import BaseServices
public import Streams

/// The todo editor's service, over the todos base service.
public struct TodoEditorService: TodoEditorServiceType {
    let todos: any TodosBaseServiceType

    /// The service over the shared todos base service (configure it first).
    public init() {
        self.init(todos: TodosBaseService.shared)
    }

    init(todos: any TodosBaseServiceType) {
        self.todos = todos
    }

    /// Loads a todo once; `nil` when there is none with that identifier.
    public func load(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        todos.fetch(id: id).map { result in result.toScene { $0.map(Todo.init) } }
    }

    /// Creates a todo when `id` is `nil`, else updates that todo.
    public func save(_ fields: TodoFields, id: Int64?) -> Observable<Result<Todo, SceneError>> {
        let saved =
            if let id {
                todos.update(id: id, title: fields.title, notes: fields.notes, due: fields.dueAt)
            } else {
                todos.create(title: fields.title, notes: fields.notes, due: fields.dueAt)
            }
        return saved.map { $0.toScene(Todo.init) }
    }
}
