public import SceneServices
public import Streams

/// A fake ``TodoEditorServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
public struct MockTodoEditorService: TodoEditorServiceType {
    /// Answers ``load(id:)``.
    public var loadHandler: @Sendable (Int64) -> Observable<Result<Todo?, SceneError>> = _unexpected(
        "TodoEditorServiceType.load(id:)")
    /// Answers ``save(_:over:overwriting:)``.
    public var saveHandler: @Sendable (TodoFields, Todo?, Todo?) -> Observable<Result<Todo, SceneError>> =
        _unexpected("TodoEditorServiceType.save(_:over:overwriting:)")

    /// A fake whose every method fails the test when called.
    public init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    public init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``loadHandler``.
    public func load(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        loadHandler(id)
    }

    /// Calls ``saveHandler``.
    public func save(
        _ fields: TodoFields, over stored: Todo?, overwriting: Todo?
    ) -> Observable<Result<Todo, SceneError>> {
        saveHandler(fields, stored, overwriting)
    }
}
