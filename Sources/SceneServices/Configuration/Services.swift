/// How to build each scene's service: what the coordinator holds and calls when it builds a
/// scene, and what the command line works through. ``ServicesBootstrap/start(_:)`` makes the
/// one value of a process, over the base services it configures; tests use
/// `Services.mock(...)` from `SceneServicesMocks`.
package struct Services: Sendable {
    /// Builds the home scene's service.
    package var makeHomeService: @Sendable () -> any HomeServiceType
    /// Builds the todo list scene's service.
    package var makeTodoListService: @Sendable () -> any TodoListServiceType
    /// Builds the todo editor scene's service.
    package var makeTodoEditorService: @Sendable () -> any TodoEditorServiceType
    /// Builds the feeds scene's service.
    package var makeFeedListService: @Sendable () -> any FeedListServiceType
    /// Builds the feed items scene's service.
    package var makeFeedItemsService: @Sendable () -> any FeedItemsServiceType
    /// Builds the command line's service.
    package var makeCommandLineService: @Sendable () -> any CommandLineServiceType
    /// The path of the database file the start made because none was there, or `nil` when the
    /// file was there already (or the database is in memory): a command that only reads says so,
    /// since a path typed wrong would otherwise list a new database's welcome todos as if they
    /// were the person's own.
    package var createdDatabasePath: String?

    /// Creates a set of service builders.
    package init(
        makeHomeService: @escaping @Sendable () -> any HomeServiceType,
        makeTodoListService: @escaping @Sendable () -> any TodoListServiceType,
        makeTodoEditorService: @escaping @Sendable () -> any TodoEditorServiceType,
        makeFeedListService: @escaping @Sendable () -> any FeedListServiceType,
        makeFeedItemsService: @escaping @Sendable () -> any FeedItemsServiceType,
        makeCommandLineService: @escaping @Sendable () -> any CommandLineServiceType
    ) {
        self.makeHomeService = makeHomeService
        self.makeTodoListService = makeTodoListService
        self.makeTodoEditorService = makeTodoEditorService
        self.makeFeedListService = makeFeedListService
        self.makeFeedItemsService = makeFeedItemsService
        self.makeCommandLineService = makeCommandLineService
    }
}
