public import Streams

/// What the todo editor needs: load one todo, and save new or changed fields.
public protocol TodoEditorServiceType: Sendable {
    /// Loads a todo once; `nil` when there is none with that identifier.
    func load(id: Int64) -> Observable<Result<Todo?, SceneError>>

    /// Saves fields: creates a todo when `stored` is `nil`; else updates the todo `stored` (as the
    /// editor loaded it), writing only the fields that differ from it, so a field another
    /// process changed meanwhile keeps that change.
    func save(_ fields: TodoFields, over stored: Todo?) -> Observable<Result<Todo, SceneError>>
}
