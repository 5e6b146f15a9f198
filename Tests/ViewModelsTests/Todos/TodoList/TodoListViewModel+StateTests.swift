import Domain
import SceneServices
import Testing
import ViewModels

private typealias VM = TodoListViewModel

/// The state after `events`, folded by the view model's reducer from `state`.
private func reduced(_ state: VM.State, _ events: VM.Event...) -> VM.State {
    var state = state
    for event in events { _ = VM.reduce(&state, event) }
    return state
}

/// The state after `events`, folded from a list before anything has loaded.
private func reduced(_ events: VM.Event...) -> VM.State {
    var state = VM.State()
    for event in events { _ = VM.reduce(&state, event) }
    return state
}

private func loaded(_ query: TodoQuery, _ page: TodoPage) -> VM.Event {
    .pageLoaded(query, .success(page), today: Fixtures.today)
}

@Test func stateIsLoadingUntilThePageOfTheLatestQueryArrives() {
    let asked = reduced(.action(.cycleFilter))
    #expect(asked.list.isLoading)
    #expect(!reduced(asked, loaded(asked.list.query, TodoPage(todos: [], totalCount: 0, offset: 0))).list.isLoading)
}

@Test func stateStaysLoadingWhenAnOlderQueryAnswers() {
    let state = reduced(
        .action(.cycleFilter), loaded(TodoQuery(filter: .completed), TodoPage(todos: [], totalCount: 0, offset: 0)))
    #expect(state.list.isLoading)
}

@Test func statePageBecomesRowsWithAbsolutePositionsAndDueText() {
    let page = TodoPage(
        todos: [Fixtures.todo(7, "Milk", due: Fixtures.day), Fixtures.todo(8, "Eggs", done: true)],
        totalCount: 1_000_000, offset: 500)
    let state = reduced(loaded(TodoQuery(), page))
    #expect(
        state.list.rows == [
            TodoRow(id: 7, title: "Milk", isCompleted: false, dueText: "2026-12-31", position: 500),
            TodoRow(id: 8, title: "Eggs", isCompleted: true, dueText: nil, position: 501),
        ])
    #expect(state.list.totalCount == 1_000_000)
    #expect(state.list.today == Fixtures.today)
}

@Test func statePageSaysWhetherItsCountIsExact() {
    let search = TodoQuery(search: "todo")
    let lowerBound = reduced(loaded(search, TodoPage(todos: [], totalCount: 1_060, offset: 0, isCountExact: false)))
    #expect(!lowerBound.list.isCountExact)
    let exact = reduced(lowerBound, loaded(search, TodoPage(todos: [], totalCount: 100_000, offset: 99_990)))
    #expect(exact.list.isCountExact)
    #expect(exact.list.totalCount == 100_000)
}

@Test func stateMatchCountTextSaysAtLeastForACountThatIsALowerBound() {
    let page = TodoPage(todos: [], totalCount: 1_060, offset: 0, isCountExact: false)
    #expect(reduced(loaded(TodoQuery(search: "todo"), page)).list.matchCountText == "1,060+ matches")
}

@Test func stateMatchCountTextIsAbsentWithoutASearch() {
    let page = TodoPage(todos: [], totalCount: 1_060, offset: 0)
    #expect(reduced(loaded(TodoQuery(), page)).list.matchCountText == nil)
}

@Test(arguments: [
    (0, true, "0 matches"), (1, true, "1 match"), (1, false, "1+ matches"), (999, true, "999 matches"),
    (1_000, false, "1,000+ matches"), (1_000_000, true, "1,000,000 matches"),
])
func matchCountTextGroupsDigitsAndMarksALowerBound(_ count: Int, _ isExact: Bool, _ text: String) {
    let page = TodoPage(todos: [], totalCount: count, offset: 0, isCountExact: isExact)
    #expect(reduced(loaded(TodoQuery(search: "todo"), page)).list.matchCountText == text)
}

@Test func statePageFailureKeepsTheRowsAndShowsTheError() {
    let before = reduced(loaded(TodoQuery(), TodoPage(todos: [Fixtures.todo(1, "A")], totalCount: 1, offset: 0)))
    let state = reduced(
        before, .pageLoaded(TodoQuery(), .failure(SceneError.storage("disk I/O error")), today: Fixtures.today))
    #expect(state.list.rows == before.list.rows)
    #expect(state.errorMessage == "Could not load the todos: disk I/O error")
}

@Test func stateTallyGivesItemsLeftText() {
    #expect(reduced(.tallyLoaded(.success(TodoTally(active: 3, completed: 1)))).list.itemsLeftText == "3 items left")
}

@Test func stateTallyFailureKeepsTheTallyAndShowsTheError() {
    let before = reduced(.tallyLoaded(.success(TodoTally(active: 2, completed: 0))))
    let state = reduced(before, .tallyLoaded(.failure(SceneError.storage("locked"))))
    #expect(state.list.tally == TodoTally(active: 2, completed: 0))
    #expect(state.errorMessage == "Could not count the todos: locked")
}

@Test(arguments: [(0, "0 items left"), (1, "1 item left"), (2, "2 items left"), (1_000_000, "1,000,000 items left")])
func itemsLeftTextUsesTheRightPlural(_ count: Int, _ text: String) {
    #expect(reduced(.tallyLoaded(.success(TodoTally(active: count, completed: 0)))).list.itemsLeftText == text)
}

@Test func stateSearchTypedIsShownAtOnceAndAskedForOnceSettled() {
    let typed = reduced(.action(.startSearching), .action(.edit(PromptText("mi"))))
    #expect(typed.list.searchText == "mi")
    #expect(typed.list.query.search == "")
    #expect(reduced(typed, .searchSettled("mi")).list.query.search == "mi")
}

@Test func stateWriteFailureShowsItsMessageUntilTheNextKey() {
    let failed = reduced(.writeFailed("Could not add the todo: locked"))
    #expect(failed.errorMessage == "Could not add the todo: locked")
    #expect(reduced(failed, .action(.dismissMessage)).errorMessage == nil)
}

@Test func stateAnswersAskForNothingButWhatTheyNeed() {
    var state = VM.State()
    #expect(VM.reduce(&state, .tallyLoaded(.success(TodoTally(active: 1, completed: 0)))).isEmpty)
    #expect(VM.reduce(&state, .action(.undo)) == [.history(.undo)])
    #expect(VM.reduce(&state, .action(.help)) == [.route(.help(.todoList))])
}

@Test func todoListCountsAreWrittenInOneGroupedFormat() {
    #expect(reduced(.tallyLoaded(.success(TodoTally(active: 1, completed: 0)))).list.itemsLeftText == "1 item left")
    let page = TodoPage(todos: [], totalCount: 1_060, offset: 0, isCountExact: false)
    #expect(reduced(loaded(TodoQuery(search: "todo"), page)).list.matchCountText == "1,060+ matches")
    #expect(CountText.grouped(999) == "999" && CountText.grouped(1_000_000) == "1,000,000")
    #expect(CountText.counted(12_345, "todo", "todos") == "12,345 todos")
}

@Test func todoListFilterAndSortHaveNamesInWords() {
    #expect(TodoSort.allCases.map(\.name) == ["manual", "date created", "due date", "title", "urgency"])
    #expect(TodoFilter.allCases.map(\.name) == ["all", "active", "completed"])
}

/// The effects of submitting `text` on the add line of a loaded list.
private func submitting(
    _ text: String, in state: VM.State = reduced(loaded(TodoQuery(), TodoPage(todos: [], totalCount: 0, offset: 0)))
) -> (VM.State, [VM.Effect]) {
    var state = reduced(state, .action(.startAdding), .action(.edit(PromptText(text))))
    let effects = VM.reduce(&state, .action(.submit))
    return (state, effects)
}

@Test func theAddLineReadsAttributesAndDueDaysAmongTheTitle() throws {
    let (state, effects) = submitting("Paint +home pri:H due:fri")
    let line = try TodoLine.parse("Paint +home pri:H due:fri", dueDays: Fixtures.dueDays).get()
    #expect(effects == [.add(line, typed: "Paint +home pri:H due:fri")])
    #expect(line.due.value?.description == "2026-11-27")
    #expect(state.mode == .browsing)
}

@Test func aLineThatCannotBeReadStaysOpenWithOneSentenceAndSavesNothing() {
    let long = String(repeating: "x", count: 501)
    for text in ["Call pri:X", "Bins recur:weekly", "Call due:someday", "+home pri:H due:fri", long] {
        let (state, effects) = submitting(text)
        #expect(effects.isEmpty, "\(text)")
        #expect(state.mode == .adding(PromptText(text)), "\(text)")
        #expect(state.errorMessage != nil, "\(text)")
    }
    #expect(submitting("Call pri:X").0.errorMessage == "“pri:X” is not a priority; write pri:H, pri:M or pri:L.")
    #expect(submitting("+home pri:H").0.errorMessage == "A title is required.")
    // An empty line closes, saying nothing.
    #expect(submitting("").0.mode == .browsing && submitting("").1.isEmpty)
}

@Test func theRenameLineStartsAsTheWholeTodoAndWritesItWhole() throws {
    let todo = Todo(
        id: 7, title: "Learn +word", createdAt: Fixtures.day, dueAt: Fixtures.day,
        attributes: TodoAttributes(tags: ["home"], priority: .low))
    var state = reduced(loaded(TodoQuery(), TodoPage(todos: [todo], totalCount: 1, offset: 0)))
    state = reduced(state, .action(.viewport(height: 10)), .action(.select(.top)), .action(.startRenaming))
    let written = #"Learn \+word +home pri:L due:2026-12-31"#
    #expect(state.mode == .renaming(id: 7, PromptText(written)))
    state = reduced(state, .action(.edit(PromptText(#"Learn \+word +home"#))))
    let effects = VM.reduce(&state, .action(.submit))
    var line = TodoLine(title: "Learn +word", tags: ["home"])
    line.isWhole = true
    #expect(effects == [.rename(7, line, typed: #"Learn \+word +home"#)])
}

@Test func aLineWhoseSaveFailedComesBackHoldingWhatWasTypedUnlessAnotherIsOpen() {
    let failed = reduced(.writeFailed("Could not add the todo: locked", reopening: .adding(PromptText("Paint +home"))))
    #expect(failed.mode == .adding(PromptText("Paint +home")))
    #expect(failed.errorMessage == "Could not add the todo: locked")
    let searching = reduced(
        .action(.startSearching), .writeFailed("Could not add", reopening: .adding(PromptText("x"))))
    #expect(searching.mode == .searching(PromptText()))
    // A write of no line (a toggle) opens none.
    #expect(reduced(.writeFailed("Could not change the todo: locked")).mode == .browsing)
}

@Test func aNewTodoThatTheSearchsAttributesShowIsNotSaidToBeHidden() {
    let searching = reduced(
        loaded(TodoQuery(search: "+home"), TodoPage(todos: [], totalCount: 0, offset: 0)),
        .action(.startSearching), .action(.edit(PromptText("+home"))), .searchSettled("+home"), .action(.submit))
    #expect(submitting("Paint +home", in: searching).0.message == nil)
    #expect(submitting("Paint +work", in: searching).0.message != nil)
}

@Test func aSecondOrderChangedBeforeTheFirstsRowsArriveFollowsTheSameTodo() {
    let todos = [Fixtures.todo(1, "Walk"), Fixtures.todo(2, "Bee"), Fixtures.todo(3, "Aardvark")]
    var state = reduced(
        loaded(TodoQuery(), TodoPage(todos: todos, totalCount: 3, offset: 0)), .action(.viewport(height: 10)),
        .action(.select(.bottom)))
    #expect(state.selectedRow?.id == 3)
    _ = VM.reduce(&state, .action(.cycleSort))
    // The new order puts todo 3 first; the rows shown are still the manual ones.
    _ = VM.reduce(&state, .located(3, .success(0)))
    let effects = VM.reduce(&state, .action(.cycleSort))
    #expect(effects.contains(.locate(3, in: state.list.query)))
}
