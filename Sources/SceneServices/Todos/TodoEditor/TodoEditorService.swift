internal import BaseServices
internal import Domain
package import Streams

/// The todo editor's service, over the todos base service.
package struct TodoEditorService: TodoEditorServiceType {
    let todos: any TodosBaseServiceType

    init(todos: any TodosBaseServiceType) {
        self.todos = todos
    }

    /// Loads a todo once; `nil` when there is none with that identifier.
    package func load(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        todos.fetch(id: id).map { result in result.toScene { $0.map(Todo.init) } }
    }

    /// Creates a todo when `stored` is `nil`; else writes the fields that differ from `stored`,
    /// refusing to overwrite another process's change to one of them, except the change
    /// `overwriting` shows.
    package func save(
        _ fields: TodoFields, over stored: Todo?, overwriting seen: Todo?
    ) -> Observable<Result<Todo, SceneError>> {
        guard let stored else {
            return todos.create(
                title: fields.title, notes: fields.notes, due: fields.dueAt, attributes: fields.attributes
            )
            .map { $0.toScene(Todo.init) }
        }
        // What the person last saw: the todo as loaded, or as changed elsewhere and shown.
        let read = seen ?? stored
        let edit = TodoEdit(
            title: fields.title == stored.title ? nil : fields.title,
            notes: fields.notes == stored.notes ? nil : fields.notes,
            due: fields.dueAt == stored.dueAt ? .keep : fields.dueAt.map(TodoEdit.Due.set) ?? .remove,
            attributes: TodoAttributeChange(from: stored.attributes, to: fields.attributes),
            readAs: TodoEdit.Fields(title: read.title, notes: read.notes, dueAt: read.dueAt))
        let todos = todos
        return todos.update(id: stored.id, edit).concatMap { result -> Observable<Result<Todo, SceneError>> in
            guard case .failure(let error) = result, error.kind == .conflict else {
                return .just(result.toScene(gone: .todo, Todo.init))
            }
            // Say what the todo is now, so the person sees what a second save overwrites.
            return todos.fetch(id: stored.id).map { fetched in
                switch fetched {
                case .success(let current?): .failure(.changedElsewhere(Todo(current)))
                case .success(nil): .failure(.gone(.todo))
                case .failure(let error): .failure(SceneError(error))
                }
            }
        }
    }
}
