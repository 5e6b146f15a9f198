package import SceneServices
package import Streams

/// A fake ``TodoEditorServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
package struct MockTodoEditorService: TodoEditorServiceType {
    /// Answers ``load(id:)``.
    package var loadHandler: @Sendable (Int64) -> Observable<Result<Todo?, SceneError>> = _unexpected(
        "TodoEditorServiceType.load(id:)")
    /// Answers ``save(_:over:overwriting:)``.
    package var saveHandler: @Sendable (TodoFields, Todo?, Todo?) -> Observable<Result<Todo, SceneError>> =
        _unexpected("TodoEditorServiceType.save(_:over:overwriting:)")

    /// A fake whose every method fails the test when called.
    package init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    package init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``loadHandler``.
    package func load(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        loadHandler(id)
    }

    /// Calls ``saveHandler``.
    package func save(
        _ fields: TodoFields, over stored: Todo?, overwriting: Todo?
    ) -> Observable<Result<Todo, SceneError>> {
        saveHandler(fields, stored, overwriting)
    }
}
