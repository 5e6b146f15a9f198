import Habits
import HabitsTerminal
import TerminalUI
import Testing

private let size = TerminalSize(width: 50, height: 6)

private func habit(_ id: Int64, _ name: String) -> HabitSummaryObject {
    HabitSummaryObject(id: id, name: name, checkInCount: 0, isDoneToday: false)
}

private func loaded(_ habits: [HabitSummaryObject]) -> HabitListViewModel.State {
    var state = HabitListViewModel.State()
    _ = HabitListViewModel.reduce(&state, .habitsLoaded(.success(habits)))
    return state
}

@Test func theListDrawsEachHabitWithTodaysMark() {
    let state = loaded([
        HabitSummaryObject(id: 1, name: "Read", category: .mind, checkInCount: 3, isDoneToday: true),
        HabitSummaryObject(id: 2, name: "Walk", checkInCount: 1, isDoneToday: false),
    ])
    let lines = HabitListScreen.screen(state, size: size).render(size: size).textLines()
    #expect(lines[0].contains("Today"))
    #expect(lines[0].contains("1 of 2 done"))
    #expect(lines[1].hasPrefix("> [x] Read"))
    #expect(lines[1].hasSuffix("mind · 3 days "))
    #expect(lines[2].hasPrefix("  [ ] Walk"))
}

@Test func keysBecomeActionsAndThePromptTakesTyping() {
    let state = loaded([habit(7, "Read"), habit(8, "Walk")])
    #expect(HabitListScreen.action(for: .key(Key(.down)), in: state, size: size) == .select(1))
    #expect(HabitListScreen.action(for: .key(.character("G")), in: state, size: size) == .select(1))
    #expect(HabitListScreen.action(for: .key(.character("c")), in: state, size: size) == .toggleToday(7))
    #expect(HabitListScreen.action(for: .key(Key(.enter)), in: state, size: size) == .open(7))
    #expect(HabitListScreen.action(for: .key(.character("i")), in: state, size: size) == .findIdeas)
    var adding = state
    _ = HabitListViewModel.reduce(&adding, .action(.beginAdding))
    #expect(
        HabitListScreen.action(for: .key(.character("q")), in: adding, size: size)
            == .edit(Draft("q"), overflowed: false))
    #expect(HabitListScreen.action(for: .key(Key(.enter)), in: adding, size: size) == .add)
    #expect(HabitListScreen.action(for: .key(Key(.escape)), in: adding, size: size) == .cancelAdding)
}

@Test func thePromptIsATextFieldThatSaysWhenAPasteDidNotFit() {
    var state = loaded([])
    _ = HabitListViewModel.reduce(&state, .action(.beginAdding))
    _ = HabitListViewModel.reduce(&state, .action(.edit(Draft("Rd", cursor: 1), overflowed: false)))
    #expect(
        HabitListScreen.action(for: .key(.character("e")), in: state, size: size)
            == .edit(Draft("Red", cursor: 2), overflowed: false))
    #expect(
        HabitListScreen.action(for: .paste("a\n\u{1B}[2Jb"), in: state, size: size)
            == .edit(Draft("Ra bd", cursor: 4), overflowed: false))  // one line, no escape sequence
    let long = String(repeating: "x", count: HabitRules.maximumNameLength + 5)
    guard case .edit(let draft, let overflowed) = HabitListScreen.action(for: .paste(long), in: state, size: size)
    else {
        Issue.record("a paste is an edit")
        return
    }
    #expect(draft.text.count == HabitRules.maximumNameLength)
    #expect(overflowed)
}

@Test func helpOpensWithAQuestionMarkAndTakesEveryKeyUntilClosed() {
    var state = loaded([habit(7, "Read")])
    #expect(HabitListScreen.action(for: .key(.character("?")), in: state, size: size) == .showHelp(true))
    _ = HabitListViewModel.reduce(&state, .action(.showHelp(true)))
    let lines = HabitListScreen.screen(state, size: TerminalSize(width: 60, height: 16))
        .render(size: TerminalSize(width: 60, height: 16)).textLines()
    #expect(lines.contains { $0.contains("look up habit ideas") })
    #expect(HabitListScreen.action(for: .key(.character("c")), in: state, size: size) == .showHelp(true))
    #expect(HabitListScreen.action(for: .key(Key(.escape)), in: state, size: size) == .showHelp(false))
}
