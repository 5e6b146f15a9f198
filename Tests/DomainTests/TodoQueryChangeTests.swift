import Domain
import Testing

@Test func queryCycleFilterGoesAllActiveCompletedAndAround() {
    var query = TodoQuery()
    var seen: [TodoFilter] = []
    for _ in 0..<3 {
        query = query.applying(.cycleFilter)
        seen.append(query.filter)
    }
    #expect(seen == [.active, .completed, .all])
}

@Test func queryCycleSortGoesManualCreatedDueTitleAndAround() {
    var query = TodoQuery()
    var seen: [TodoSort] = []
    for _ in 0..<5 {
        query = query.applying(.cycleSort)
        seen.append(query.sort)
    }
    #expect(seen == [.created, .dueDate, .title, .urgency, .manual])
}

@Test func queryNewFilterStartsAtTheTop() {
    let query = TodoQuery(offset: 300).applying(.setFilter(.completed))
    #expect(query == TodoQuery(filter: .completed, offset: 0))
}

@Test func queryNewSearchStartsAtTheTop() {
    let query = TodoQuery(offset: 300).applying(.search("milk"))
    #expect(query == TodoQuery(search: "milk", offset: 0))
}

@Test func querySameSearchKeepsTheOffset() {
    let query = TodoQuery(search: "milk", offset: 300).applying(.search("milk"))
    #expect(query.offset == 300)
}

@Test func queryWindowSetsOffsetAndLimit() {
    let query = TodoQuery().applying(.window(offset: 999_950, limit: 40))
    #expect(query == TodoQuery(offset: 999_950, limit: 40))
}

@Test func queryWindowIsClampedToSaneBounds() {
    #expect(TodoQuery().applying(.window(offset: -5, limit: 0)) == TodoQuery(offset: 0, limit: 1))
    #expect(TodoQuery().applying(.window(offset: 0, limit: 1_000_000)).limit == TodoQuery.maximumWindow)
}

@Test func queryLastPageAsksForTheViewportsRowsFromTheEnd() {
    let query = TodoQuery(search: "todo", offset: 300).applying(.lastPage(limit: 20))
    #expect(query == TodoQuery(search: "todo", offset: 0, limit: 20, fromEnd: true))
}

@Test func queryLastPageIsClampedToSaneBounds() {
    #expect(TodoQuery().applying(.lastPage(limit: 0)).limit == 1)
    #expect(TodoQuery().applying(.lastPage(limit: 1_000_000)).limit == TodoQuery.maximumWindow)
}

@Test func queryWindowAfterTheLastPageCountsFromTheStartAgain() {
    let last = TodoQuery(search: "todo", offset: 0, limit: 20, fromEnd: true)
    let query = last.applying(.window(offset: 99_970, limit: 20))
    #expect(query == TodoQuery(search: "todo", offset: 99_970, limit: 20))
}

@Test func queryNewFilterOrderOrSearchAfterTheLastPageStartsAtTheTop() {
    let last = TodoQuery(search: "todo", offset: 0, limit: 20, fromEnd: true)
    #expect(!last.applying(.setFilter(.active)).fromEnd)
    #expect(!last.applying(.cycleFilter).fromEnd)
    #expect(!last.applying(.cycleSort).fromEnd)
    #expect(!last.applying(.search("milk")).fromEnd)
    #expect(last.applying(.search("todo")).fromEnd)
}
