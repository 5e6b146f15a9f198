import Streams

/// Where a scene asks to go next. View models emit routes; the coordinator follows them.
package enum Route: Sendable, Hashable {
    /// The todo list.
    case todoList
    /// The feeds.
    case feeds
    /// The todo editor, for the todo with this identifier, or for a new todo when `nil`.
    case todoEditor(id: Int64?)
    /// The items of one feed, reading the item `openingItemID` at once when given.
    case feedItems(feedID: Int64, openingItemID: Int64? = nil)
    /// The key map of a scene, over it.
    case help(SceneKind)
    /// Back to the scene below this one.
    case back
    /// Leave the app.
    case quit
}

/// Which kind of scene something is about: what the help scene and the coordinator name.
package enum SceneKind: String, Sendable, Hashable, CaseIterable {
    /// The home scene.
    case home
    /// The todo list.
    case todoList
    /// The todo editor.
    case todoEditor
    /// The feeds.
    case feeds
    /// The items of one feed.
    case feedItems
    /// The key map.
    case help
}

extension PublishRelay where Element == Route {
    /// Sends `route` to the coordinator: the effect of a route, which answers with no event.
    func follow<Event>(_ route: Route) -> Observable<Event> {
        accept(route)
        return .empty()
    }
}
