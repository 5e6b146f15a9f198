import Habits
import HabitsTerminal
import TerminalUI
import Testing

private func loaded(_ habits: [HabitSummaryObject]) -> HabitListViewModel.State {
    var state = HabitListViewModel.State()
    _ = HabitListViewModel.reduce(&state, .habitsLoaded(.success(habits)))
    return state
}

@Test func theListDrawsEachHabitWithTodaysMark() {
    let state = loaded([
        HabitSummaryObject(id: 1, name: "Read", checkInCount: 3, isDoneToday: true),
        HabitSummaryObject(id: 2, name: "Walk", checkInCount: 1, isDoneToday: false),
    ])
    let lines = HabitListScreen.screen(state, size: TerminalSize(width: 40, height: 6))
        .render(size: TerminalSize(width: 40, height: 6)).textLines()
    #expect(lines[0].contains("Habits · Today"))
    #expect(lines[0].contains("1 of 2 done"))
    #expect(lines[1].hasPrefix("> [x] Read"))
    #expect(lines[1].contains("3 days"))
    #expect(lines[2].hasPrefix("  [ ] Walk"))
}

@Test func keysBecomeActionsAndThePromptTakesTyping() {
    let state = loaded([HabitSummaryObject(id: 7, name: "Read", checkInCount: 0, isDoneToday: false)])
    #expect(HabitListScreen.action(for: .key(Key(.down)), in: state) == .move(1))
    #expect(HabitListScreen.action(for: .key(.character("c")), in: state) == .checkIn(7))
    #expect(HabitListScreen.action(for: .key(Key(.enter)), in: state) == .open(7))
    var adding = state
    _ = HabitListViewModel.reduce(&adding, .action(.beginAdding))
    #expect(HabitListScreen.action(for: .key(.character("q")), in: adding) == .edit(.insert("q")))
    #expect(HabitListScreen.action(for: .key(Key(.enter)), in: adding) == .add(""))
    #expect(HabitListScreen.action(for: .key(Key(.escape)), in: adding) == .cancelAdding)
}
