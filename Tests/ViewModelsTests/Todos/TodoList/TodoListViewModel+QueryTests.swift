import Domain
import SceneServices
import Testing
import ViewModels

private typealias VM = TodoListViewModel

@Test func queryCycleFilterGoesAllActiveCompletedAndAround() {
    var query = TodoQuery()
    var seen: [TodoFilter] = []
    for _ in 0..<3 {
        query = VM.reduceQuery(query, .cycleFilter)
        seen.append(query.filter)
    }
    #expect(seen == [.active, .completed, .all])
}

@Test func queryCycleSortGoesManualCreatedDueTitleAndAround() {
    var query = TodoQuery()
    var seen: [TodoSort] = []
    for _ in 0..<4 {
        query = VM.reduceQuery(query, .cycleSort)
        seen.append(query.sort)
    }
    #expect(seen == [.created, .dueDate, .title, .manual])
}

@Test func queryNewFilterStartsAtTheTop() {
    let query = VM.reduceQuery(TodoQuery(offset: 300), .setFilter(.completed))
    #expect(query == TodoQuery(filter: .completed, offset: 0))
}

@Test func queryNewSearchStartsAtTheTop() {
    let query = VM.reduceQuery(TodoQuery(offset: 300), .search("milk"))
    #expect(query == TodoQuery(search: "milk", offset: 0))
}

@Test func querySameSearchKeepsTheOffset() {
    let query = VM.reduceQuery(TodoQuery(search: "milk", offset: 300), .search("milk"))
    #expect(query.offset == 300)
}

@Test func queryWindowSetsOffsetAndLimit() {
    let query = VM.reduceQuery(TodoQuery(), .window(offset: 999_950, limit: 40))
    #expect(query == TodoQuery(offset: 999_950, limit: 40))
}

@Test func queryWindowIsClampedToSaneBounds() {
    #expect(VM.reduceQuery(TodoQuery(), .window(offset: -5, limit: 0)) == TodoQuery(offset: 0, limit: 1))
    #expect(VM.reduceQuery(TodoQuery(), .window(offset: 0, limit: 1_000_000)).limit == VM.maximumWindow)
}

@Test func queryLastPageAsksForTheViewportsRowsFromTheEnd() {
    let query = VM.reduceQuery(TodoQuery(search: "todo", offset: 300), .lastPage(limit: 20))
    #expect(query == TodoQuery(search: "todo", offset: 0, limit: 20, fromEnd: true))
}

@Test func queryLastPageIsClampedToSaneBounds() {
    #expect(VM.reduceQuery(TodoQuery(), .lastPage(limit: 0)).limit == 1)
    #expect(VM.reduceQuery(TodoQuery(), .lastPage(limit: 1_000_000)).limit == VM.maximumWindow)
}

@Test func queryWindowAfterTheLastPageCountsFromTheStartAgain() {
    let last = TodoQuery(search: "todo", offset: 0, limit: 20, fromEnd: true)
    let query = VM.reduceQuery(last, .window(offset: 99_970, limit: 20))
    #expect(query == TodoQuery(search: "todo", offset: 99_970, limit: 20))
}

@Test func queryNewFilterOrderOrSearchAfterTheLastPageStartsAtTheTop() {
    let last = TodoQuery(search: "todo", offset: 0, limit: 20, fromEnd: true)
    #expect(!VM.reduceQuery(last, .setFilter(.active)).fromEnd)
    #expect(!VM.reduceQuery(last, .cycleFilter).fromEnd)
    #expect(!VM.reduceQuery(last, .cycleSort).fromEnd)
    #expect(!VM.reduceQuery(last, .search("milk")).fromEnd)
    #expect(VM.reduceQuery(last, .search("todo")).fromEnd)
}
