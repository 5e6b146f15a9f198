import SceneServices
import Testing
import ViewModels

private typealias VM = TodoListViewModel

@Test func queryCycleFilterGoesAllActiveCompletedAndAround() {
    var query = TodoListQuery()
    var seen: [TodoListFilter] = []
    for _ in 0..<3 {
        query = VM.reduceQuery(query, .cycleFilter)
        seen.append(query.filter)
    }
    #expect(seen == [.active, .completed, .all])
}

@Test func queryCycleSortGoesManualCreatedDueTitleAndAround() {
    var query = TodoListQuery()
    var seen: [TodoListSort] = []
    for _ in 0..<4 {
        query = VM.reduceQuery(query, .cycleSort)
        seen.append(query.sort)
    }
    #expect(seen == [.created, .dueDate, .title, .manual])
}

@Test func queryNewFilterStartsAtTheTop() {
    let query = VM.reduceQuery(TodoListQuery(offset: 300), .setFilter(.completed))
    #expect(query == TodoListQuery(filter: .completed, offset: 0))
}

@Test func queryNewSearchStartsAtTheTop() {
    let query = VM.reduceQuery(TodoListQuery(offset: 300), .search("milk"))
    #expect(query == TodoListQuery(search: "milk", offset: 0))
}

@Test func querySameSearchKeepsTheOffset() {
    let query = VM.reduceQuery(TodoListQuery(search: "milk", offset: 300), .search("milk"))
    #expect(query.offset == 300)
}

@Test func queryWindowSetsOffsetAndLimit() {
    let query = VM.reduceQuery(TodoListQuery(), .window(offset: 999_950, limit: 40))
    #expect(query == TodoListQuery(offset: 999_950, limit: 40))
}

@Test func queryWindowIsClampedToSaneBounds() {
    #expect(VM.reduceQuery(TodoListQuery(), .window(offset: -5, limit: 0)) == TodoListQuery(offset: 0, limit: 1))
    #expect(VM.reduceQuery(TodoListQuery(), .window(offset: 0, limit: 1_000_000)).limit == VM.maximumWindow)
}

@Test func queryLastPageAsksForTheViewportsRowsFromTheEnd() {
    let query = VM.reduceQuery(TodoListQuery(search: "todo", offset: 300), .lastPage(limit: 20))
    #expect(query == TodoListQuery(search: "todo", offset: 0, limit: 20, fromEnd: true))
}

@Test func queryLastPageIsClampedToSaneBounds() {
    #expect(VM.reduceQuery(TodoListQuery(), .lastPage(limit: 0)).limit == 1)
    #expect(VM.reduceQuery(TodoListQuery(), .lastPage(limit: 1_000_000)).limit == VM.maximumWindow)
}

@Test func queryWindowAfterTheLastPageCountsFromTheStartAgain() {
    let last = TodoListQuery(search: "todo", offset: 0, limit: 20, fromEnd: true)
    let query = VM.reduceQuery(last, .window(offset: 99_970, limit: 20))
    #expect(query == TodoListQuery(search: "todo", offset: 99_970, limit: 20))
}

@Test func queryNewFilterOrderOrSearchAfterTheLastPageStartsAtTheTop() {
    let last = TodoListQuery(search: "todo", offset: 0, limit: 20, fromEnd: true)
    #expect(!VM.reduceQuery(last, .setFilter(.active)).fromEnd)
    #expect(!VM.reduceQuery(last, .cycleFilter).fromEnd)
    #expect(!VM.reduceQuery(last, .cycleSort).fromEnd)
    #expect(!VM.reduceQuery(last, .search("milk")).fromEnd)
    #expect(VM.reduceQuery(last, .search("todo")).fromEnd)
}
