import Habits
import HabitsTerminal
import TerminalUI
import Testing

private let size = TerminalSize(width: 70, height: 8)

private func drawn(_ lookup: IdeaSearchViewModel.Lookup) -> [String] {
    var state = IdeaSearchViewModel.State()
    state.draft = nil
    state.lookup = lookup
    return IdeaSearchScreen.screen(state, size: size).render(size: size).textLines()
}

@Test func theSearchShowsThatTheServerIsAsked() {
    let lines = drawn(.loading("read"))
    #expect(lines.contains { $0.contains("Looking up…") })
    #expect(lines[7].contains("asking the server about “read”"))
}

@Test func theSearchListsWhatWasFound() {
    let lines = drawn(.found("read", [HabitIdea(name: "Read 20 pages", category: .mind)]))
    #expect(lines[0].contains("1 idea"))
    #expect(lines[1].contains("Ideas about “read”"))
    #expect(lines[2].hasPrefix("> + Read 20 pages"))
    #expect(lines[2].hasSuffix("mind "))
}

@Test func aFailedLookupSaysWhyInTheStatusLine() {
    let lines = drawn(.failed("read", HabitsError("the habits server answered 503 (service unavailable)")))
    // The status line wraps a message too long for one line onto the lines above it.
    let status = lines.suffix(2).joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(status.contains("! Could not look up “read”: the habits server answered 503 (service unavailable)"))
    #expect(lines.contains { $0.contains("Nothing found. Press / to try again.") })
}

@Test func theSearchOpensOnThePromptWhereEnterLooksUp() {
    let state = IdeaSearchViewModel.State()
    #expect(IdeaSearchScreen.action(for: .key(Key(.enter)), in: state, size: size) == .search)
    #expect(IdeaSearchScreen.action(for: .key(Key(.escape)), in: state, size: size) == .cancelSearch)
    let lines = IdeaSearchScreen.screen(state, size: size).render(size: size).textLines()
    #expect(lines[6].contains("Look up:"))
}
