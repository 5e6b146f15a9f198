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
    /// The keys of a scene, in the order the help scene lists them.
    public static func bindings(for scene: SceneKind) -> [KeyBinding] {
        let common = [KeyBinding("?", "show this help"), KeyBinding("q", "quit")]
        switch scene {
        case .home:
            return [KeyBinding("t", "open the todo list"), KeyBinding("f", "open the feeds")] + common
        case .todoList:
            return [
                KeyBinding("a", "add a todo"), KeyBinding("Space", "mark done or not done"),
                KeyBinding("A", "toggle all"), KeyBinding("e", "edit the title in place"),
                KeyBinding("Enter", "open in the editor"), KeyBinding("d", "delete"),
                KeyBinding("C", "clear completed"), KeyBinding("f", "next filter (all, active, completed)"),
                KeyBinding("s", "next sort (manual, created, due date, title)"), KeyBinding("/", "search"),
                KeyBinding("K / J", "move up / down (manual sort)"), KeyBinding("Esc", "back"),
            ] + common
        case .todoEditor:
            return [
                KeyBinding("Tab", "next field"), KeyBinding("Ctrl-S", "save"),
                KeyBinding("Esc", "cancel (asks when there are unsaved changes)"),
            ] + common
        case .feeds:
            return [
                KeyBinding("a", "add a feed by URL"), KeyBinding("d", "remove the feed"),
                KeyBinding("r", "refresh the feed"), KeyBinding("R", "refresh all"),
                KeyBinding("Enter", "open its items"), KeyBinding("Esc", "back"),
            ] + common
        case .feedItems:
            return [
                KeyBinding("Enter", "read the item"), KeyBinding("u", "mark read or unread"),
                KeyBinding("M", "mark all read"), KeyBinding("Esc", "back"),
            ] + common
        case .help:
            return [KeyBinding("Esc", "close the help")] + common
        }
    }
}
