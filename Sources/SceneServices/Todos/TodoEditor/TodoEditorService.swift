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

    /// Creates a todo when `stored` is `nil`; else writes the fields that differ from `stored`.
    public func save(_ fields: TodoFields, over stored: Todo?) -> Observable<Result<Todo, SceneError>> {
        guard let stored else {
            return todos.create(title: fields.title, notes: fields.notes, due: fields.dueAt).map {
                $0.toScene(Todo.init)
            }
        }
        let edit = TodoEdit(
            title: fields.title == stored.title ? nil : fields.title,
            notes: fields.notes == stored.notes ? nil : fields.notes,
            due: fields.dueAt == stored.dueAt ? .keep : fields.dueAt.map(TodoEdit.Due.set) ?? .remove)
        return todos.update(id: stored.id, edit).map { $0.toScene(gone: .todo, Todo.init) }
    }
}
