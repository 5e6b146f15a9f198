public import Streams

/// What the todo editor needs: load one todo, and save new or changed fields.
public protocol TodoEditorServiceType: Sendable {
    /// Loads a todo once; `nil` when there is none with that identifier.
    func load(id: Int64) -> Observable<Result<Todo?, SceneError>>

    /// Saves fields: creates a todo when `id` is `nil`, else updates that todo.
    func save(_ fields: TodoFields, id: Int64?) -> Observable<Result<Todo, SceneError>>
}
