package import Streams

/// What the todo editor needs: load one todo, and save new or changed fields.
package protocol TodoEditorServiceType: Sendable {
    /// Loads a todo once; `nil` when there is none with that identifier.
    func load(id: Int64) -> Observable<Result<Todo?, SceneError>>

    /// Saves fields: creates a todo when `stored` is `nil`; else updates the todo `stored` (as the
    /// editor loaded it), writing only the fields that differ from it, so a field another
    /// process changed meanwhile keeps that change. A field this save changes that another
    /// process changed too fails the save with ``SceneError/changedElsewhere(_:)``, which names
    /// the todo as it is now. Given that todo as `overwriting` (the person saw it and saves
    /// again), the save writes over it; if it changed once more since, the save fails again.
    func save(_ fields: TodoFields, over stored: Todo?, overwriting: Todo?) -> Observable<Result<Todo, SceneError>>
}

extension TodoEditorServiceType {
    /// Saves fields over the todo as loaded, failing rather than overwriting another process's
    /// change to a field this save changes.
    package func save(_ fields: TodoFields, over stored: Todo?) -> Observable<Result<Todo, SceneError>> {
        save(fields, over: stored, overwriting: nil)
    }
}
