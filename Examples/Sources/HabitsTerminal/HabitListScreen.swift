public import Habits
public import TerminalUI

/// The habit list on screen: the state drawn as a ``SceneScreen``, and keys read as actions.
/// Both are pure functions, tested without a terminal.
public enum HabitListScreen {
    /// The keys the status line offers.
    public static let hints = [
        KeyHint("↑↓", "move"), KeyHint("a", "add"), KeyHint("c", "check in"), KeyHint("Enter", "open"),
        KeyHint("q", "quit"),
    ]

    /// The keys the prompt offers.
    public static let promptHints = [KeyHint("Enter", "add"), KeyHint("Esc", "cancel")]

    /// `state` drawn for a terminal of `size`.
    public static func screen(_ state: HabitListViewModel.State, size: TerminalSize) -> SceneScreen {
        let done = state.habits.filter(\.isDoneToday).count
        let chrome = SceneChrome(
            appName: "Habits", title: "Today", info: state.isLoading ? "" : "\(done) of \(state.habits.count) done",
            hints: state.draft == nil ? hints : promptHints, message: state.draft == nil ? state.message : nil,
            prompt: state.draft.map { .input(label: "New habit:", text: $0, cursor: $0.count) })
        let height = SceneScreen.listHeight(chrome: chrome, hasHeader: state.quote != nil, size: size)
        let selected = state.selectedIndex
        let offset = ListScroll.offset(
            selected: selected ?? 0, previous: 0, height: max(height, 0), count: state.habits.count)
        let lines = state.habits.dropFirst(offset).prefix(max(height, 0)).map { habit in
            ListLine(
                mark: habit.isDoneToday ? "[x]" : "[ ]", text: habit.name,
                note: habit.checkInCount == 1 ? "1 day" : "\(habit.checkInCount) days",
                emphasis: habit.isDoneToday ? .muted : .normal)
        }
        let window = ListWindow(
            lines: Array(lines), offset: offset, totalCount: state.habits.count, selected: selected,
            emptyText: state.isLoading ? "Loading…" : "No habits yet: press a to add one.")
        return SceneScreen(chrome: chrome, content: .list(header: state.quote, window: window))
    }

    /// What `event` asks for in `state`, if anything.
    public static func action(
        for event: InputEvent, in state: HabitListViewModel.State
    ) -> HabitListViewModel.Action? {
        if let draft = state.draft {
            switch event {
            case .paste(let text): return .edit(.insert(text))
            case .key(let key) where key.modifiers.isEmpty || key.modifiers == .shift:
                switch key.code {
                case .character(let character): return .edit(.insert(String(character)))
                case .backspace: return .edit(.deleteBackward)
                case .enter: return .add(draft)
                case .escape: return .cancelAdding
                default: return nil
                }
            default: return nil
            }
        }
        guard case .key(let key) = event, key.modifiers.isEmpty else { return nil }
        switch key.code {
        case .up, .character("k"): return .move(-1)
        case .down, .character("j"): return .move(1)
        case .pageUp: return .move(-10)
        case .pageDown: return .move(10)
        case .character("a"): return .beginAdding
        case .character("c"), .character(" "): return state.selectedID.map(HabitListViewModel.Action.checkIn)
        case .enter, .right: return state.selectedID.map(HabitListViewModel.Action.open)
        case .character("q"): return .quit
        default: return nil
        }
    }
}
