package import SceneServices

extension Services {
    /// Services whose every scene, and the command line, gets the fake given here; a service
    /// left out is a fake that fails the test on any call.
    ///
    /// ```swift
    /// let services = Services.mock(
    ///     home: MockHomeService { $0.observeCountsHandler = { _ in .just(.zero) } })
    /// ```
    package static func mock(
        home: MockHomeService = MockHomeService(),
        todoList: MockTodoListService = MockTodoListService(),
        todoEditor: MockTodoEditorService = MockTodoEditorService(),
        feedList: MockFeedListService = MockFeedListService(),
        feedItems: MockFeedItemsService = MockFeedItemsService(),
        commandLine: MockCommandLineService = MockCommandLineService()
    ) -> Services {
        Services(
            makeHomeService: { home },
            makeTodoListService: { todoList },
            makeTodoEditorService: { todoEditor },
            makeFeedListService: { feedList },
            makeFeedItemsService: { feedItems },
            makeCommandLineService: { commandLine }
        )
    }
}
