import Domain
import SceneServices
import Testing
import ViewModels

private typealias VM = TodoListViewModel

@Test func stateIsLoadingUntilThePageOfTheLatestQueryArrives() {
    let query = TodoQuery(filter: .active)
    let asked = VM.reduce(VM.State(), .queryChanged(query))
    #expect(asked.isLoading)
    let loaded = VM.reduce(asked, .pageLoaded(query, .success(TodoPage(todos: [], totalCount: 0, offset: 0))))
    #expect(!loaded.isLoading)
}

@Test func stateStaysLoadingWhenAnOlderQueryAnswers() {
    let old = TodoQuery(filter: .active)
    let state = VM.reduce(
        VM.State(query: TodoQuery(filter: .completed)),
        .pageLoaded(
            old,
            .success(
                TodoPage(todos: [], totalCount: 0, offset: 0))))
    #expect(state.isLoading)
}

@Test func statePageBecomesRowsWithAbsolutePositionsAndDueText() {
    let page = TodoPage(
        todos: [Fixtures.todo(7, "Milk", due: Fixtures.day), Fixtures.todo(8, "Eggs", done: true)],
        totalCount: 1_000_000, offset: 500)
    let state = VM.reduce(VM.State(), .pageLoaded(TodoQuery(), .success(page)))
    #expect(
        state.rows == [
            TodoRow(id: 7, title: "Milk", isCompleted: false, dueText: "2026-12-31", position: 500),
            TodoRow(id: 8, title: "Eggs", isCompleted: true, dueText: nil, position: 501),
        ])
    #expect(state.totalCount == 1_000_000)
}

@Test func statePageSaysWhetherItsCountIsExact() {
    let search = TodoQuery(search: "todo")
    let lowerBound = VM.reduce(
        VM.State(),
        .pageLoaded(search, .success(TodoPage(todos: [], totalCount: 1_060, offset: 0, isCountExact: false))))
    #expect(!lowerBound.isCountExact)
    let exact = VM.reduce(
        lowerBound, .pageLoaded(search, .success(TodoPage(todos: [], totalCount: 100_000, offset: 99_990))))
    #expect(exact.isCountExact)
    #expect(exact.totalCount == 100_000)
}

@Test func stateMatchCountTextSaysAtLeastForACountThatIsALowerBound() {
    let page = TodoPage(todos: [], totalCount: 1_060, offset: 0, isCountExact: false)
    let state = VM.reduce(VM.State(), .pageLoaded(TodoQuery(search: "todo"), .success(page)))
    #expect(state.matchCountText == "1,060+ matches")
}

@Test func stateMatchCountTextIsAbsentWithoutASearch() {
    let page = TodoPage(todos: [], totalCount: 1_060, offset: 0)
    let state = VM.reduce(VM.State(), .pageLoaded(TodoQuery(), .success(page)))
    #expect(state.matchCountText == nil)
}

@Test(arguments: [
    (0, true, "0 matches"), (1, true, "1 match"), (1, false, "1+ matches"), (999, true, "999 matches"),
    (1_000, false, "1,000+ matches"), (1_000_000, true, "1,000,000 matches"),
])
func matchCountTextGroupsDigitsAndMarksALowerBound(_ count: Int, _ isExact: Bool, _ text: String) {
    #expect(VM.matchCountText(count, isExact: isExact) == text)
}

@Test func statePageFailureKeepsTheRowsAndShowsTheError() {
    let rows = [TodoRow(id: 1, title: "A", isCompleted: false, dueText: nil, position: 0)]
    let state = VM.reduce(
        VM.State(rows: rows), .pageLoaded(TodoQuery(), .failure(SceneError.storage("disk I/O error"))))
    #expect(state.rows == rows)
    #expect(state.errorMessage == "Could not load the todos: disk I/O error")
}

@Test func stateTallyGivesItemsLeftText() {
    let state = VM.reduce(VM.State(), .tallyLoaded(.success(TodoTally(active: 3, completed: 1))))
    #expect(state.itemsLeftText == "3 items left")
}

@Test func stateTallyFailureKeepsTheTallyAndShowsTheError() {
    let state = VM.reduce(
        VM.State(tally: TodoTally(active: 2, completed: 0)), .tallyLoaded(.failure(SceneError.storage("locked"))))
    #expect(state.tally == TodoTally(active: 2, completed: 0))
    #expect(state.errorMessage == "Could not count the todos: locked")
}

@Test(arguments: [(0, "0 items left"), (1, "1 item left"), (2, "2 items left"), (1_000_000, "1,000,000 items left")])
func itemsLeftTextUsesTheRightPlural(_ count: Int, _ text: String) {
    #expect(VM.itemsLeftText(count) == text)
}

@Test func stateSearchTypedIsShownAtOnce() {
    #expect(VM.reduce(VM.State(), .searchTyped("mi")).searchText == "mi")
}

@Test func stateCommandFailureShowsItsMessageAndSuccessClearsIt() {
    let failed = VM.reduce(VM.State(), .commandFailed("A title is required."))
    #expect(failed.errorMessage == "A title is required.")
    #expect(VM.reduce(failed, .commandSucceeded).errorMessage == nil)
}

@Test func todoListCountsAreWrittenInOneGroupedFormat() {
    #expect(TodoListViewModel.itemsLeftText(1) == "1 item left")
    #expect(TodoListViewModel.itemsLeftText(100_000) == "100,000 items left")
    #expect(TodoListViewModel.matchCountText(1_060, isExact: false) == "1,060+ matches")
    #expect(CountText.grouped(999) == "999" && CountText.grouped(1_000_000) == "1,000,000")
    #expect(CountText.counted(12_345, "todo", "todos") == "12,345 todos")
}

@Test func todoListFilterAndSortHaveNamesInWords() {
    #expect(TodoSort.allCases.map(\.name) == ["manual", "date created", "due date", "title"])
    #expect(TodoFilter.allCases.map(\.name) == ["all", "active", "completed"])
}
