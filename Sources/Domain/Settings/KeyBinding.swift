/// A key the settings file binds to an action: `bind-key KEY ACTION [SCENE]`, as newsboat's
/// configuration writes it. The key then does the action in each scene that has it (or only in
/// `SCENE`); the keys the action had stay, unless they are bound to something else. Every
/// character types text in the todo editor, so a character bound for every scene leaves the
/// editor as it was.
///
/// ```
/// bind-key x delete           # x deletes a todo, and removes a feed
/// bind-key Ctrl-N next-unread
/// bind-key D done todos       # only in the todo list
/// ```
public struct KeyBinding: Sendable, Hashable {
    /// The key as written in the file and shown in help: one character (`x`, `D`, `#`), a
    /// named key (`Space`, `Enter`, `Tab`, `Esc`, `Backspace`, `Delete`, `Up`, `Down`, `Left`,
    /// `Right`, `Home`, `End`, `PgUp`, `PgDn`, `F1`…`F12`) or `Ctrl-` and a letter.
    public var key: String
    /// What it does.
    public var action: BoundAction
    /// The scene it is bound in, or `nil` for every scene that has the action.
    public var scene: BoundScene?

    /// A binding.
    public init(key: String, action: BoundAction, scene: BoundScene? = nil) {
        self.key = key
        self.action = action
        self.scene = scene
    }

    /// The named keys, as the file spells them (any case is read).
    public static let namedKeys = [
        "Space", "Enter", "Tab", "Esc", "Backspace", "Delete", "Up", "Down", "Left", "Right", "Home", "End", "PgUp",
        "PgDn",
    ]

    /// The key as the binding stores it, or `nil` when `text` names none.
    static func key(_ text: String) -> String? {
        if text.count == 1, let character = text.first, !character.isWhitespace,
            !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return text
        }
        let lowered = text.lowercased()
        if let named = namedKeys.first(where: { $0.lowercased() == lowered }) { return named }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number),
            lowered.dropFirst().allSatisfy(\.isASCII)
        {
            return "F\(number)"
        }
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
            return "Ctrl-" + letter.uppercased()
        }
        return nil
    }

    /// The binding a `bind-key` line's words give, or why they give none.
    static func parse(_ words: [Substring]) -> Result<KeyBinding, SettingsProblem> {
        guard words.count == 2 || words.count == 3 else {
            return .failure(SettingsProblem("bind-key is written bind-key KEY ACTION, with a scene after it or not."))
        }
        guard let key = key(String(words[0])) else {
            return .failure(
                SettingsProblem(
                    "“\(words[0])” is not a key; a key is one character, Ctrl- and a letter, F1 to F12 or one of "
                        + namedKeys.joined(separator: ", ") + "."))
        }
        guard key != "Ctrl-C", key != "Ctrl-Z" else {
            return .failure(
                SettingsProblem(
                    "\(key) cannot be bound: Ctrl-C always quits and Ctrl-Z always suspends the app; "
                        + "bind another Ctrl- key."))
        }
        guard let action = BoundAction(rawValue: words[1].lowercased()) else {
            return .failure(
                SettingsProblem(
                    "there is no action “\(words[1])”; the actions are "
                        + BoundAction.allCases.map(\.rawValue).joined(separator: ", ") + "."))
        }
        guard words.count == 3 else { return .success(KeyBinding(key: key, action: action)) }
        guard let scene = BoundScene(rawValue: words[2].lowercased()) else {
            return .failure(
                SettingsProblem(
                    "there is no scene “\(words[2])”; the scenes are "
                        + BoundScene.allCases.map(\.rawValue).joined(separator: ", ") + "."))
        }
        guard action.scenes.contains(scene) else {
            return .failure(SettingsProblem("the \(scene.rawValue) scene has no action \(action.rawValue)."))
        }
        guard scene != .editor || !editsText(key) else {
            return .failure(
                SettingsProblem(
                    "in the editor “\(key)” edits the text (as every character, Space, Enter, Backspace, "
                        + "Delete, the arrows, Home and End do), so it cannot be bound there; bind a Ctrl- key, "
                        + "F1 to F12, Tab, Esc, PgUp or PgDn."))
        }
        return .success(KeyBinding(key: key, action: action, scene: scene))
    }

    /// Whether `key` (as a binding stores it) types or edits text in the editor: a character,
    /// Space, Enter, Backspace, Delete, an arrow, Home or End. A binding of such a key for
    /// every scene leaves the editor out.
    public static func editsText(_ key: String) -> Bool {
        key.count == 1 || editingKeys.contains(key)
    }

    private static let editingKeys: Set<String> = [
        "Space", "Enter", "Backspace", "Delete", "Up", "Down", "Left", "Right", "Home", "End",
    ]
}

/// A scene whose keys the settings file can bind.
public enum BoundScene: String, Sendable, Hashable, CaseIterable {
    /// The todo list.
    case todos
    /// The list of feeds.
    case feeds
    /// A feed's list of items.
    case items
    /// The reader of an item.
    case reader
    /// The todo editor, where only keys that type no text can be bound.
    case editor
    /// The home scene.
    case home
}

/// An action of a scene that the settings file can bind a key to, by its name there.
public enum BoundAction: String, Sendable, Hashable, CaseIterable {
    /// Adds a todo, or a feed.
    case add
    /// Edits the selected todo's title.
    case edit
    /// Deletes the selected todo, or removes the selected feed (both asked first).
    case delete
    /// Marks the selected todo done, or not done.
    case done
    /// Marks every todo shown done, or not done.
    case toggleAll = "toggle-all"
    /// Deletes the completed todos shown.
    case clearCompleted = "clear-completed"
    /// Shows the next filter: all, active, completed.
    case filter
    /// Starts a search.
    case search
    /// Shows the next order.
    case sort
    /// Moves the selected todo down.
    case moveDown = "move-down"
    /// Moves the selected todo up.
    case moveUp = "move-up"
    /// Undoes the last change.
    case undo
    /// Redoes the change undone last.
    case redo
    /// Opens the selected row.
    case open
    /// Shows the keys.
    case help
    /// Goes back.
    case back
    /// Imports an OPML file of feeds.
    case `import`
    /// Shows the selected feed's whole error.
    case showError = "show-error"
    /// Fetches the selected feed.
    case refresh
    /// Fetches every feed.
    case refreshAll = "refresh-all"
    /// Reads the next unread item.
    case nextUnread = "next-unread"
    /// Marks the selected item read, or unread.
    case toggleRead = "toggle-read"
    /// Marks every item of the feed read.
    case markAllRead = "mark-all-read"
    /// Lists the unread items only, or all.
    case unreadOnly = "unread-only"
    /// Opens the selected item's link in the browser.
    case openLink = "open-link"
    /// Downloads the selected item's enclosure.
    case download
    /// Cancels the download running and those queued.
    case cancelDownload = "cancel-download"
    /// Moves the selection, or the reader's text, down a line.
    case down
    /// Moves the selection, or the reader's text, up a line.
    case up
    /// Moves down a page.
    case pageDown = "page-down"
    /// Moves up a page.
    case pageUp = "page-up"
    /// Goes to the top.
    case top
    /// Goes to the bottom.
    case bottom
    /// Saves the todo in the editor.
    case save
    /// Goes to the editor's next field.
    case nextField = "next-field"
    /// Goes to the editor's previous field.
    case previousField = "previous-field"
    /// Opens the todos from home.
    case openTodos = "open-todos"
    /// Opens the feeds from home.
    case openFeeds = "open-feeds"

    /// The scenes that have the action.
    public var scenes: Set<BoundScene> {
        switch self {
        case .help, .back: Set(BoundScene.allCases)
        case .undo, .redo: [.todos, .feeds, .items, .reader]
        case .open: [.todos, .feeds, .items, .home]
        case .down, .up, .pageDown, .pageUp, .top, .bottom: [.todos, .feeds, .items, .reader, .home]
        case .add, .delete, .search: [.todos, .feeds]
        case .edit, .done, .toggleAll, .clearCompleted, .filter, .sort, .moveDown, .moveUp: [.todos]
        case .import, .showError, .refresh, .refreshAll: [.feeds]
        case .nextUnread, .toggleRead, .openLink, .download, .cancelDownload: [.items, .reader]
        case .markAllRead, .unreadOnly: [.items]
        case .save, .nextField, .previousField: [.editor]
        case .openTodos, .openFeeds: [.home]
        }
    }
}
