public import SceneServices
public import Streams

/// A fake ``TodoEditorServiceType``: one closure per method; a method the test gives no closure for
/// fails the test when called.
public struct MockTodoEditorService: TodoEditorServiceType {
    /// Answers ``load(id:)``.
    public var loadHandler: @Sendable (Int64) -> Observable<Result<Todo?, SceneError>>
    /// Answers ``save(_:id:)``.
    public var saveHandler: @Sendable (TodoFields, Int64?) -> Observable<Result<Todo, SceneError>>

    /// Creates a fake; every closure left out fails the test when called.
    public init(
        load: (@Sendable (Int64) -> Observable<Result<Todo?, SceneError>>)? = nil,
        save: (@Sendable (TodoFields, Int64?) -> Observable<Result<Todo, SceneError>>)? = nil
    ) {
        self.loadHandler =
            load ?? { _ in
                _unexpectedCall("TodoEditorServiceType.load(id:)")
                return .empty()
            }
        self.saveHandler =
            save ?? { _, _ in
                _unexpectedCall("TodoEditorServiceType.save(_:id:)")
                return .empty()
            }
    }

    /// Calls ``loadHandler``.
    public func load(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        loadHandler(id)
    }

    /// Calls ``saveHandler``.
    public func save(_ fields: TodoFields, id: Int64?) -> Observable<Result<Todo, SceneError>> {
        saveHandler(fields, id)
    }
}
