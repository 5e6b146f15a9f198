public import Habits
public import TerminalUI

/// The habit list on screen: the state drawn as a ``SceneScreen``, and keys read as actions.
/// Both are pure functions, tested without a terminal.
public enum HabitListScreen {
    /// The keys the status line offers, most useful first (a narrow line keeps the first).
    public static let hints = [
        KeyHint("c", "check in"), KeyHint("a", "add"), KeyHint("i", "ideas"), KeyHint("Enter", "open"),
        HelpKeys.hint, KeyHint("q", "quit"),
    ]

    /// Every key of the list, for the help overlay.
    public static let bindings = [
        KeyHint("↑ ↓ j k", "move"), KeyHint("PgUp PgDn", "move a page"), KeyHint("g G", "first, last"),
        KeyHint("c Space", "check in today, or take it back"), KeyHint("a", "add a habit"),
        KeyHint("i", "look up habit ideas"), KeyHint("Enter →", "open the habit's history"),
        KeyHint("?", "show these keys"), KeyHint("q", "quit"), KeyHint("Ctrl-C", "quit from anywhere"),
    ]

    /// `state` drawn for a terminal of `size`.
    public static func screen(_ state: HabitListViewModel.State, size: TerminalSize) -> SceneScreen {
        let done = state.habits.filter(\.isDoneToday).count
        let chrome = chrome(state)
        let list = list(state, size: size)
        let window = list.window(emptyText: state.isLoading ? "Loading…" : "No habits yet: press a to add one.") {
            index in
            let habit = state.habits[index]
            let days = habit.checkInCount == 1 ? "1 day" : "\(habit.checkInCount) days"
            return ListLine(
                mark: habit.isDoneToday ? "[x]" : "[ ]", text: habit.name, note: "\(habit.category.rawValue) · \(days)",
                emphasis: habit.isDoneToday ? .muted : .normal)
        }
        var screen = SceneScreen(chrome: chrome, content: .list(header: state.quote, window: window))
        screen.chrome.info = state.isLoading ? "" : "\(done) of \(state.habits.count) done"
        return screen
    }

    /// What `event` asks for in `state`, if anything, in a terminal of `size`.
    public static func action(
        for event: InputEvent, in state: HabitListViewModel.State, size: TerminalSize
    ) -> HabitListViewModel.Action? {
        if let draft = state.draft {
            return PromptKeys.action(
                for: event, editing: draft, submit: .add, cancel: .cancelAdding, edit: HabitListViewModel.Action.edit)
        }
        if let showing = HelpKeys.showing(after: event, isShowing: state.isShowingHelp) { return .showHelp(showing) }
        if let row = list(state, size: size).selection(after: event) { return .select(row) }
        guard case .key(let key) = event, key.modifiers.isEmpty else { return nil }
        switch key.code {
        case .character("a"): return .beginAdding
        case .character("i"): return .findIdeas
        case .character("c"), .character(" "): return state.selectedID.map(HabitListViewModel.Action.toggleToday)
        case .enter, .right: return state.selectedID.map(HabitListViewModel.Action.open)
        case .character("q"): return .quit
        default: return nil
        }
    }

    private static func chrome(_ state: HabitListViewModel.State) -> SceneChrome {
        SceneChrome(
            title: "Today", hints: state.draft == nil ? hints : PromptKeys.hints(enter: "add"), message: state.message,
            prompt: state.draft.map { .input(label: "New habit:", text: $0.text, cursor: $0.cursor) },
            help: state.isShowingHelp ? bindings : nil)
    }

    /// The list's selection and scroll in a terminal of `size`.
    private static func list(_ state: HabitListViewModel.State, size: TerminalSize) -> ListView {
        let height = SceneScreen.listHeight(chrome: chrome(state), hasHeader: state.quote != nil, size: size)
        return .showing(count: state.habits.count, selected: state.selectedIndex, height: height)
    }
}
