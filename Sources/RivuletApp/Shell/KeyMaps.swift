import Domain
import TerminalUI
import ViewModels

/// The keys each scene answers to, as the help overlay lists them: exactly what the controllers
/// do with them. The one table of keys: the view models know actions, not keys, since another
/// front end (a GUI, a test driver) would bind them differently.
enum KeyMaps {
    /// The status line's pointer to the help: it stays when a narrow terminal drops hints.
    static let help = KeyHint("?", "help", isEssential: true)

    /// The key that does `action`, as the view models' words name it ("Ctrl-R redoes it").
    static func key(for action: NamedAction) -> String {
        switch action {
        case .add: "a"
        case .undo: "u"
        case .redo: "Ctrl-R"
        case .changeOrder: "s"
        case .changeFilter: "Tab"
        case .search: "/"
        case .clearSearch, .back: "Esc"
        case .clearCompleted: "C"
        case .showAll: "U"
        case .refresh: "r"
        case .download: "D"
        }
    }

    /// Keys every list shares: a hint for each way, so that each shows the keys bound to it.
    static let movement = [
        KeyHint("↑ k", "up"), KeyHint("↓ j", "down"), KeyHint("PgUp", "a page up"), KeyHint("PgDn", "a page down"),
        KeyHint("g", "top"), KeyHint("G", "bottom"),
    ]

    /// The keys the help overlay lists for `scene`.
    static func bindings(for scene: SceneKind) -> [KeyHint] { parts(of: scene).flatMap(\.hints) }

    /// The keys of `scene` in parts, each with the scene whose bindings it shows (the items
    /// scene lists its reader's keys too); `nil` where nothing can be bound.
    static func parts(of scene: SceneKind) -> [(hints: [KeyHint], bound: BoundScene?)] {
        switch scene {
        case .home: [(keys(for: scene), .home)]
        case .todoList: [(keys(for: scene), .todos)]
        case .todoEditor: [(keys(for: scene), .editor)]
        case .feeds: [(keys(for: scene), .feeds)]
        case .feedItems: [(keys(for: scene), .items), (reader, .reader)]
        case .help: [(keys(for: scene), nil)]
        }
    }

    /// The reader's own keys, as the items scene's help lists them.
    static let reader = [
        KeyHint("j ↓", "reader: a line down"), KeyHint("k ↑", "reader: a line up"),
        KeyHint("Space f PgDn", "reader: a page down"), KeyHint("b PgUp", "reader: a page up"),
        KeyHint("g Home", "reader: top"), KeyHint("G End", "reader: end"),
        KeyHint("N D", "reader: download its link [N]"),
    ]

    private static func keys(for scene: SceneKind) -> [KeyHint] {
        switch scene {
        case .home:
            return [
                KeyHint("t", "open the todos"), KeyHint("f", "open the feeds"),
                KeyHint("Enter", "open the selected"),
            ]
                + movement + [
                    KeyHint("?", "this help"), KeyHint("q", "quit"), KeyHint("Ctrl-C", "quit from anywhere"),
                    KeyHint("Ctrl-Z", "suspend (fg resumes)"),
                ]
        case .todoList:
            return movement + [
                KeyHint("a", "add (Enter saves, Esc cancels)"), KeyHint("Space", "done or not done"),
                KeyHint("e", "edit the title (Enter saves, Esc cancels)"), KeyHint("Enter", "open in the editor"),
                KeyHint("d", "delete (y/n)"),
                KeyHint("A", "toggle all shown (y/n above 5)"), KeyHint("C", "clear completed shown (y/n above 5)"),
                KeyHint("Tab f", "filter: all, active, completed"),
                KeyHint("/", "search (Enter keeps it, Esc clears it)"), KeyHint("s", "sort"),
                KeyHint("J", "move the todo down"), KeyHint("K", "move the todo up"),
                KeyHint("u", "undo the last change (any process's; feed removals too)"), KeyHint("Ctrl-R", "redo"),
                KeyHint("?", "this help"), KeyHint("Esc", "dismiss an error, else clear the search, else back"),
                KeyHint("q", "back"),
                KeyHint("Ctrl-C", "quit (asks if typing)"),
            ]
        case .todoEditor:
            return [
                KeyHint("Tab", "next field"), KeyHint("Shift-Tab", "previous field"),
                KeyHint("↑ ↓", "previous, next field"),
                KeyHint("Enter", "save (in the notes: new line)"), KeyHint("Ctrl-S", "save from any field"),
                KeyHint("Notes ↑ ↓", "move between lines; leave at the first, last"),
                KeyHint("Ctrl-A Ctrl-E", "start, end of the line"), KeyHint("Alt-B Alt-F", "word back, forward"),
                KeyHint("Ctrl-U Ctrl-K", "delete to the line's start, end"),
                KeyHint("Ctrl-W Alt-D", "delete the word before, after"),
                KeyHint("Esc", "cancel (asks when changed)"), KeyHint(TodoEditorController.helpKey, "this help"),
                KeyHint("Ctrl-C", "quit (asks when changed)"),
            ]
        case .feeds:
            return movement + [
                KeyHint("a", "add a feed URL or file"), KeyHint("i", "import an OPML file"),
                KeyHint("r", "refresh the selected"),
                KeyHint("R", "refresh all"), KeyHint("e", "show the selected feed's whole error"),
                KeyHint("d", "remove a feed or a query feed (y/n)"),
                KeyHint("u", "undo the last change (a removal; todos too: one history)"), KeyHint("Ctrl-R", "redo"),
                KeyHint("Enter", "show its items"),
                KeyHint("/", "search all feeds' items; Enter keeps them (Enter reads one, Esc q back)"),
                KeyHint("t", "list the feeds of the next tag (after the last, every feed)"),
                KeyHint("T", "list every feed again"),
                KeyHint("Enter on a query feed", "its items: those of every feed it matches"),
                KeyHint("?", "this help"), KeyHint("Esc q", "back"), KeyHint("Ctrl-C", "quit"),
            ]
        case .feedItems:
            return movement + [
                KeyHint("Enter", "read the item"), KeyHint("n", "read the next unread (any feed)"),
                KeyHint("m", "read or unread"), KeyHint("M", "mark all read"),
                KeyHint("u", "undo the last change (mark all read; feeds and todos: one history)"),
                KeyHint("Ctrl-R", "redo"),
                KeyHint("U", "list unread only, or all"),
                KeyHint("o", "open the item's link ($BROWSER)"), KeyHint("N o", "open its link [N]"),
                KeyHint("D", "download its enclosure (a podcast episode; the list shows progress)"),
                KeyHint("c", "cancel the download running and those queued"),
                KeyHint("?", "this help"), KeyHint("Esc q", "back"), KeyHint("Ctrl-C", "quit"),
            ]
        case .help:
            return [KeyHint(HelpOverlay.closingKeys, "close"), KeyHint("Ctrl-C", "quit")]
        }
    }
}
