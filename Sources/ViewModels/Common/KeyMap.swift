/// One key and what it does in a scene.
public struct KeyBinding: Sendable, Hashable {
    /// The key as a person reads it (`"a"`, `"Enter"`, `"Ctrl-C"`).
    public let key: String
    /// What it does.
    public let action: String

    /// Creates a binding.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// The keys of every scene: the one table the help scene and the UI's status line read.
public enum KeyMap {
    /// The keys every list shares.
    public static let movement = [
        KeyBinding("↑ ↓ / j k", "move"), KeyBinding("g / G", "top / bottom"), KeyBinding("PgUp / PgDn", "page"),
    ]

    /// The keys of a scene, in the order the help scene lists them.
    public static func bindings(for scene: SceneKind) -> [KeyBinding] {
        let help = KeyBinding("?", "show this help")
        let back = KeyBinding("Esc / q", "back")
        let quit = KeyBinding("Ctrl-C", "quit from anywhere")
        switch scene {
        case .home:
            return [
                KeyBinding("t", "open the todo list"), KeyBinding("f", "open the feeds"),
                KeyBinding("Enter", "open the selected"),
            ] + movement + [help, KeyBinding("q", "quit"), quit]
        case .todoList:
            return movement + [
                KeyBinding("a", "add a todo (Enter saves, Esc cancels)"), KeyBinding("Space", "mark done or not done"),
                KeyBinding("e", "edit the title in place"), KeyBinding("Enter", "open in the editor"),
                KeyBinding("d", "delete (asks y/n)"), KeyBinding("A", "mark the shown todos done (or not done)"),
                KeyBinding("C", "delete the shown done todos"),
                KeyBinding("Tab", "next filter (all, active, completed)"), KeyBinding("/", "search"),
                KeyBinding("s", "next sort (manual, date created, due date, title; keeps the selected todo)"),
                KeyBinding("J / K", "move the todo down / up (manual sort)"),
                KeyBinding("u", "undo the last change"), KeyBinding("Ctrl-R", "redo"), help, back, quit,
            ]
        case .todoEditor:
            // Every printable key is text here, so help is F1 and there is no q.
            return [
                KeyBinding("Tab / ↑ ↓", "next field"), KeyBinding("Enter / Ctrl-S", "save"),
                KeyBinding("Esc", "cancel (asks when there are unsaved changes)"), KeyBinding("F1", "show this help"),
                quit,
            ]
        case .feeds:
            return movement + [
                KeyBinding("a", "add a feed by URL"), KeyBinding("r", "refresh the feed"),
                KeyBinding("R", "refresh all"), KeyBinding("d", "remove the feed (asks y/n)"),
                KeyBinding("Enter", "show its items"), help, back, quit,
            ]
        case .feedItems:
            return movement + [
                KeyBinding("Enter", "read the item"), KeyBinding("m", "mark read or unread"),
                KeyBinding("M", "mark all read"),
                KeyBinding("j k / ↑ ↓", "reading: scroll a line"),
                KeyBinding("Space b / PgDn PgUp", "reading: scroll a page"),
                KeyBinding("g G / Home End", "reading: to the top / the end"),
                KeyBinding("o / N o", "open the item's link / its link [N] in the browser ($BROWSER)"), help, back,
                quit,
            ]
        case .help:
            return [KeyBinding("Esc / ? / q", "close the help"), quit]
        }
    }
}
