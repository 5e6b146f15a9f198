public import ViewModels

/// A scene of the app, carrying the view model the coordinator built for it.
public enum Scene: Sendable {
    /// The home scene.
    case home(HomeViewModel)
    /// The todo list.
    case todoList(TodoListViewModel)
    /// The todo editor.
    case todoEditor(TodoEditorViewModel)
    /// The feeds.
    case feeds(FeedListViewModel)
    /// One feed's items.
    case feedItems(FeedItemsViewModel)
    /// The key map of another scene.
    case help(HelpViewModel)

    /// Which kind of scene this is.
    public var kind: SceneKind {
        switch self {
        case .home: .home
        case .todoList: .todoList
        case .todoEditor: .todoEditor
        case .feeds: .feeds
        case .feedItems: .feedItems
        case .help: .help
        }
    }
}
