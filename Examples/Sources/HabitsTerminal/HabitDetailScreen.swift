public import Habits
public import TerminalUI

/// One habit's detail on screen: the streak and the last weeks, a line a day.
public enum HabitDetailScreen {
    /// How many days of history the screen lists.
    public static let historyLength = 28

    /// The keys the status line offers.
    public static let hints = [KeyHint("c", "check in"), KeyHint("r", "rename"), HelpKeys.hint, KeyHint("Esc", "back")]

    /// Every key of the detail, for the help overlay.
    public static let bindings = [
        KeyHint("c Space", "check in today, or take it back"), KeyHint("r", "rename the habit"),
        KeyHint("?", "show these keys"), KeyHint("Esc ← q", "back to the list"), KeyHint("Ctrl-C", "quit"),
    ]

    /// `state` drawn for a terminal of `size`.
    public static func screen(_ state: HabitDetailViewModel.State, size: TerminalSize) -> SceneScreen {
        var chrome = SceneChrome(
            title: state.detail?.habit.name ?? "Habit",
            hints: state.draft == nil ? hints : PromptKeys.hints(enter: "rename"),
            message: state.message,
            prompt: state.draft.map { .input(label: "New name:", text: $0.text, cursor: $0.cursor) },
            help: state.isShowingHelp ? bindings : nil)
        guard let detail = state.detail else {
            let window = ListWindow(lines: [], emptyText: state.isLoading ? "Loading…" : "Nothing to show.")
            return SceneScreen(chrome: chrome, content: .list(header: nil, window: window))
        }
        let checkedIn = Set(detail.habit.checkIns)
        let days = (0..<historyLength).map { Day(number: detail.today.number - $0) }
        let lines = days.map { day in
            ListLine(
                mark: checkedIn.contains(day) ? "[x]" : "[ ]", text: day.description,
                note: day == detail.today ? "today" : "", emphasis: checkedIn.contains(day) ? .strong : .muted)
        }
        chrome.info = "streak \(detail.streak) · \(detail.habit.checkIns.count) in all"
        let created = Day(containing: detail.habit.createdAt)
        let height = SceneScreen.listHeight(chrome: chrome, hasHeader: true, size: size)
        let window = ListWindow(lines: Array(lines.prefix(height)), totalCount: lines.count)
        let header = "\(detail.habit.category.rawValue) · since \(created)"
        return SceneScreen(chrome: chrome, content: .list(header: header, window: window))
    }

    /// What `event` asks for in `state`, if anything.
    public static func action(
        for event: InputEvent, in state: HabitDetailViewModel.State
    ) -> HabitDetailViewModel.Action? {
        if let draft = state.draft {
            return PromptKeys.action(
                for: event, editing: draft, submit: .rename, cancel: .cancelRenaming,
                edit: HabitDetailViewModel.Action.edit)
        }
        if let showing = HelpKeys.showing(after: event, isShowing: state.isShowingHelp) { return .showHelp(showing) }
        guard case .key(let key) = event, key.modifiers.isEmpty else { return nil }
        switch key.code {
        case .character("c"), .character(" "): return .toggleToday
        case .character("r"): return .beginRenaming
        case .escape, .backspace, .left, .character("q"): return .back
        default: return nil
        }
    }
}
