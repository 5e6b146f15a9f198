import Foundation
import Habits
import HabitsTerminal
import TerminalUI
import Testing

private let size = TerminalSize(width: 50, height: 8)
private let created = Date(timeIntervalSince1970: 19_990 * 86_400)

private func loaded() -> HabitDetailViewModel.State {
    var state = HabitDetailViewModel.State()
    let habit = HabitObject(
        id: 1, name: "Read", category: .mind, createdAt: created,
        checkIns: [Day(number: 20_000), Day(number: 19_999)])
    _ = HabitDetailViewModel.reduce(
        &state, .detailLoaded(.success(HabitDetail(habit: habit, today: Day(number: 20_000)))))
    return state
}

@Test func theDetailDrawsTheStreakAndADayALine() {
    let lines = HabitDetailScreen.screen(loaded(), size: size).render(size: size).textLines()
    #expect(lines[0].contains("Read"))
    #expect(lines[0].contains("streak 2 · 2 in all"))
    #expect(lines[1].contains("mind · since \(Day(containing: created))"))  // the day in this time zone
    #expect(lines[2].hasPrefix("  [x] 2024-10-04"))
    #expect(lines[2].contains("today"))
}

@Test func renamingOpensAPromptHoldingTheName() {
    var state = loaded()
    #expect(HabitDetailScreen.action(for: .key(.character("r")), in: state) == .beginRenaming)
    _ = HabitDetailViewModel.reduce(&state, .action(.beginRenaming))
    let lines = HabitDetailScreen.screen(state, size: size).render(size: size).textLines()
    #expect(lines[6].contains("New name: Read"))
    #expect(HabitDetailScreen.action(for: .key(.character("r")), in: state) == .edit(Draft("Readr"), overflowed: false))
    #expect(HabitDetailScreen.action(for: .key(Key(.enter)), in: state) == .rename)
    #expect(HabitDetailScreen.action(for: .key(Key(.escape)), in: state) == .cancelRenaming)
}
