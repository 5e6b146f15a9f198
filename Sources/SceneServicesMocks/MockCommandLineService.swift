package import Domain
package import Foundation
package import SceneServices
package import Streams

/// A fake ``CommandLineServiceType``: one closure per method, set by the test; a method the test
/// gives no closure for fails the test when called.
package struct MockCommandLineService: CommandLineServiceType {
    /// Answers ``addTodo(title:notes:dueAt:attributes:)``.
    package var addTodoHandler:
        @Sendable (String, String, Date?, TodoAttributes) -> Observable<Result<Todo, SceneError>> = _unexpected(
            "CommandLineServiceType.addTodo(title:notes:dueAt:attributes:)")
    /// Answers ``fetchTodos(filter:search:sort:after:limit:)``.
    package var fetchTodosHandler:
        @Sendable (TodoFilter, String, TodoSort, TodoBatch.Cursor?, Int) -> Observable<Result<TodoBatch, SceneError>> =
            _unexpected("CommandLineServiceType.fetchTodos(filter:search:sort:after:limit:)")
    /// Answers ``fetchCompleted(from:to:after:limit:)``.
    package var fetchCompletedHandler:
        @Sendable (Date, Date, TodoBatch.Cursor?, Int) -> Observable<Result<TodoBatch, SceneError>> =
            _unexpected("CommandLineServiceType.fetchCompleted(from:to:after:limit:)")
    /// Answers ``fetchTodo(id:)``.
    package var fetchTodoHandler: @Sendable (Int64) -> Observable<Result<Todo?, SceneError>> = _unexpected(
        "CommandLineServiceType.fetchTodo(id:)")
    /// Answers ``fetchMostUrgent(limit:)``.
    package var fetchMostUrgentHandler: @Sendable (Int) -> Observable<Result<[Todo], SceneError>> = _unexpected(
        "CommandLineServiceType.fetchMostUrgent(limit:)")
    /// Answers ``setCompleted(todoIDs:_:)``.
    package var setCompletedHandler: @Sendable ([Int64], Bool) -> Observable<Result<[Todo], SceneError>> =
        _unexpected("CommandLineServiceType.setCompleted(todoIDs:_:)")
    /// Answers ``updateTodo(id:_:)``.
    package var updateTodoHandler: @Sendable (Int64, TodoChange) -> Observable<Result<Todo, SceneError>> = _unexpected(
        "CommandLineServiceType.updateTodo(id:_:)")
    /// Answers ``removeTodos(ids:)``.
    package var removeTodosHandler: @Sendable ([Int64]) -> Observable<Result<[Todo], SceneError>> = _unexpected(
        "CommandLineServiceType.removeTodos(ids:)")
    /// Answers ``undo()``.
    package var undoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "CommandLineServiceType.undo()")
    /// Answers ``redo()``.
    package var redoHandler: @Sendable () -> Observable<Result<HistoryStep?, SceneError>> = _unexpected(
        "CommandLineServiceType.redo()")
    /// Answers ``fetchFeeds()``.
    package var fetchFeedsHandler: @Sendable () -> Observable<Result<[Feed], SceneError>> = _unexpected(
        "CommandLineServiceType.fetchFeeds()")
    /// Answers ``fetchItems(feedID:offset:limit:)``.
    package var fetchItemsHandler: @Sendable (Int64, Int, Int) -> Observable<Result<[FeedItem], SceneError>> =
        _unexpected(
            "CommandLineServiceType.fetchItems(feedID:offset:limit:)")
    /// Answers ``fetchItem(id:)``.
    package var fetchItemHandler: @Sendable (Int64) -> Observable<Result<FeedItem, SceneError>> = _unexpected(
        "CommandLineServiceType.fetchItem(id:)")
    /// Answers ``download(_:into:)``.
    package var downloadHandler: @Sendable (String, String?) -> Observable<Result<DownloadEvent, SceneError>> =
        _unexpected("CommandLineServiceType.download(_:into:)")
    /// Answers ``removeFeed(id:)``.
    package var removeFeedHandler: @Sendable (Int64) -> Observable<Result<Feed, SceneError>> = _unexpected(
        "CommandLineServiceType.removeFeed(id:)")
    /// Answers ``setRead(itemIDs:_:)``.
    package var setReadItemsHandler: @Sendable ([Int64], Bool) -> Observable<Result<Int, SceneError>> = _unexpected(
        "CommandLineServiceType.setRead(itemIDs:_:)")
    /// Answers ``setRead(feedID:_:)``.
    package var setReadFeedHandler: @Sendable (Int64, Bool) -> Observable<Result<Int, SceneError>> = _unexpected(
        "CommandLineServiceType.setRead(feedID:_:)")
    /// Answers ``importFeeds(fromFile:)``.
    package var importFeedsHandler: @Sendable (String) -> Observable<Result<FeedImportSummary, SceneError>> =
        _unexpected(
            "CommandLineServiceType.importFeeds(fromFile:)")
    /// Answers ``exportFeeds()``.
    package var exportFeedsHandler: @Sendable () -> Observable<Result<String, SceneError>> = _unexpected(
        "CommandLineServiceType.exportFeeds()")
    /// Answers ``setTags(feedID:_:)``.
    package var setTagsHandler: @Sendable (Int64, FeedTagChange) -> Observable<Result<Feed, SceneError>> =
        _unexpected("CommandLineServiceType.setTags(feedID:_:)")
    /// Answers ``addRule(name:expression:)``.
    package var addRuleHandler: @Sendable (String?, String) -> Observable<Result<FeedRule, SceneError>> =
        _unexpected("CommandLineServiceType.addRule(name:expression:)")
    /// Answers ``removeRule(id:)``.
    package var removeRuleHandler: @Sendable (Int64) -> Observable<Result<FeedRule, SceneError>> = _unexpected(
        "CommandLineServiceType.removeRule(id:)")
    /// Answers ``fetchRules()``.
    package var fetchRulesHandler: @Sendable () -> Observable<Result<[FeedRule], SceneError>> = _unexpected(
        "CommandLineServiceType.fetchRules()")
    /// Answers ``fetchMatches(of:limit:)``.
    package var fetchMatchesHandler: @Sendable (String, Int) -> Observable<Result<[FeedSearchResult], SceneError>> =
        _unexpected("CommandLineServiceType.fetchMatches(of:limit:)")

    /// A fake whose every method fails the test when called.
    package init() {}

    /// A fake set up by `configure`, which sets the handlers of the methods the test expects;
    /// every other method fails the test when called.
    package init(_ configure: (inout Self) -> Void) {
        configure(&self)
    }

    /// Calls ``addTodoHandler``.
    package func addTodo(
        title: String, notes: String, dueAt: Date?, attributes: TodoAttributes
    ) -> Observable<Result<Todo, SceneError>> {
        addTodoHandler(title, notes, dueAt, attributes)
    }

    /// Calls ``fetchTodosHandler``.
    package func fetchTodos(
        filter: TodoFilter, search: String, sort: TodoSort, after: TodoBatch.Cursor?, limit: Int
    ) -> Observable<Result<TodoBatch, SceneError>> {
        fetchTodosHandler(filter, search, sort, after, limit)
    }

    /// Calls ``fetchCompletedHandler``.
    package func fetchCompleted(
        from start: Date, to end: Date, after: TodoBatch.Cursor?, limit: Int
    ) -> Observable<Result<TodoBatch, SceneError>> {
        fetchCompletedHandler(start, end, after, limit)
    }

    /// Calls ``fetchTodoHandler``.
    package func fetchTodo(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        fetchTodoHandler(id)
    }

    /// Calls ``fetchMostUrgentHandler``.
    package func fetchMostUrgent(limit: Int) -> Observable<Result<[Todo], SceneError>> {
        fetchMostUrgentHandler(limit)
    }

    /// Calls ``setCompletedHandler``.
    package func setCompleted(todoIDs: [Int64], _ isCompleted: Bool) -> Observable<Result<[Todo], SceneError>> {
        setCompletedHandler(todoIDs, isCompleted)
    }

    /// Calls ``updateTodoHandler``.
    package func updateTodo(id: Int64, _ change: TodoChange) -> Observable<Result<Todo, SceneError>> {
        updateTodoHandler(id, change)
    }

    /// Calls ``removeTodosHandler``.
    package func removeTodos(ids: [Int64]) -> Observable<Result<[Todo], SceneError>> {
        removeTodosHandler(ids)
    }

    /// Calls ``undoHandler``.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        undoHandler()
    }

    /// Calls ``redoHandler``.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        redoHandler()
    }

    /// Calls ``fetchFeedsHandler``.
    package func fetchFeeds() -> Observable<Result<[Feed], SceneError>> {
        fetchFeedsHandler()
    }

    /// Calls ``fetchItemsHandler``.
    package func fetchItems(feedID: Int64, offset: Int, limit: Int) -> Observable<Result<[FeedItem], SceneError>> {
        fetchItemsHandler(feedID, offset, limit)
    }

    /// Calls ``fetchItemHandler``.
    package func fetchItem(id: Int64) -> Observable<Result<FeedItem, SceneError>> {
        fetchItemHandler(id)
    }

    /// Calls ``downloadHandler``.
    package func download(_ address: String, into folder: String?) -> Observable<Result<DownloadEvent, SceneError>> {
        downloadHandler(address, folder)
    }

    /// Calls ``removeFeedHandler``.
    package func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>> {
        removeFeedHandler(id)
    }

    /// Calls ``setReadItemsHandler``.
    package func setRead(itemIDs: [Int64], _ isRead: Bool) -> Observable<Result<Int, SceneError>> {
        setReadItemsHandler(itemIDs, isRead)
    }

    /// Calls ``setReadFeedHandler``.
    package func setRead(feedID: Int64, _ isRead: Bool) -> Observable<Result<Int, SceneError>> {
        setReadFeedHandler(feedID, isRead)
    }

    /// Calls ``importFeedsHandler``.
    package func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>> {
        importFeedsHandler(path)
    }

    /// Calls ``exportFeedsHandler``.
    package func exportFeeds() -> Observable<Result<String, SceneError>> {
        exportFeedsHandler()
    }

    /// Calls ``setTagsHandler``.
    package func setTags(feedID: Int64, _ change: FeedTagChange) -> Observable<Result<Feed, SceneError>> {
        setTagsHandler(feedID, change)
    }

    /// Calls ``addRuleHandler``.
    package func addRule(name: String?, expression: String) -> Observable<Result<FeedRule, SceneError>> {
        addRuleHandler(name, expression)
    }

    /// Calls ``removeRuleHandler``.
    package func removeRule(id: Int64) -> Observable<Result<FeedRule, SceneError>> {
        removeRuleHandler(id)
    }

    /// Calls ``fetchRulesHandler``.
    package func fetchRules() -> Observable<Result<[FeedRule], SceneError>> {
        fetchRulesHandler()
    }

    /// Calls ``fetchMatchesHandler``.
    package func fetchMatches(of expression: String, limit: Int) -> Observable<Result<[FeedSearchResult], SceneError>> {
        fetchMatchesHandler(expression, limit)
    }
}
