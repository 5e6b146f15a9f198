public import Habits
public import TerminalUI

/// One habit's detail on screen: the streak and the last weeks, a line a day.
public enum HabitDetailScreen {
    /// How many days of history the screen lists.
    public static let historyLength = 28

    /// The keys the status line offers.
    public static let hints = [KeyHint("c", "check in"), KeyHint("Esc", "back")]

    /// `state` drawn for a terminal of `size`.
    public static func screen(_ state: HabitDetailViewModel.State, size: TerminalSize) -> SceneScreen {
        var chrome = SceneChrome(
            appName: "Habits", title: state.detail?.habit.name ?? "Habit", hints: hints, message: state.message)
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
        return SceneScreen(chrome: chrome, content: .list(header: "Since \(created)", window: window))
    }

    /// What `event` asks for, if anything.
    public static func action(for event: InputEvent) -> HabitDetailViewModel.Action? {
        guard case .key(let key) = event, key.modifiers.isEmpty else { return nil }
        switch key.code {
        case .character("c"), .character(" "): return .checkIn
        case .escape, .backspace, .left, .character("q"): return .back
        default: return nil
        }
    }
}
