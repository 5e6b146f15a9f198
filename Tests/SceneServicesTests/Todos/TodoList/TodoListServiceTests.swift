import Domain
import Foundation
import Streams
import StreamsTesting
import Testing

@testable import SceneServices

private func page(_ service: TodoListService, _ query: TodoQuery = TodoQuery()) throws -> TodoPage {
    try first(service.observePage(query, on: ImmediateScheduler())).get()
}

@Test func todoListServiceAddsATodoAtTheEnd() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos(["Milk"])
    let added = try first(service.add(TodoLine(title: "Eggs"))).get()
    #expect(added.title == "Eggs")
    #expect(try page(service).todos.map(\.title) == ["Milk", "Eggs"])
}

@Test func todoListServicePageIsTheWindowAskedForWithTheTotal() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos((1...10).map { "Todo \($0)" })
    let window = try page(service, TodoQuery(offset: 4, limit: 3))
    #expect(window.todos.map(\.title) == ["Todo 5", "Todo 6", "Todo 7"])
    #expect(window.totalCount == 10)
    #expect(window.offset == 4)
}

@Test func todoListServicePageOfASearchMostTodosMatchSaysItsCountIsOnlyALowerBound() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos((0..<1_500).map { "Todo \($0)" })
    let window = try page(service, TodoQuery(search: "todo", limit: 5))
    #expect(window.todos.map(\.title) == (0..<5).map { "Todo \($0)" })
    #expect(!window.isCountExact)
    #expect(window.totalCount < 1_500)
}

@Test func todoListServiceLastPageOfASearchMostTodosMatchEndsAtTheLastMatchWithAnExactCount() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos((0..<1_500).map { "Todo \($0)" })
    let window = try page(service, TodoQuery(search: "todo", offset: 0, limit: 3, fromEnd: true))
    #expect(window.todos.map(\.title) == ["Todo 1497", "Todo 1498", "Todo 1499"])
    #expect(window.offset == 1_497)
    #expect(window.totalCount == 1_500)
    #expect(window.isCountExact)
}

@Test func todoListServiceFiltersActiveAndCompleted() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos(["Milk", "Eggs", "Tea"], done: ["Eggs"])
    #expect(try page(service, TodoQuery(filter: .active)).todos.map(\.title) == ["Milk", "Tea"])
    #expect(try page(service, TodoQuery(filter: .completed)).todos.map(\.title) == ["Eggs"])
}

@Test func todoListServiceSortsByTitle() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos(["milk", "Eggs", "tea", "Bread"])
    #expect(try page(service, TodoQuery(sort: .title)).todos.map(\.title) == ["Bread", "Eggs", "milk", "tea"])
}

@Test func todoListServiceSearchesByWordPrefix() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos(["Buy oat milk", "Call mum", "Milk the cow"])
    #expect(try page(service, TodoQuery(search: "mil")).todos.map(\.title) == ["Buy oat milk", "Milk the cow"])
}

@Test func todoListServiceTallyCountsActiveAndDone() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    try fixture.addTodos(["Milk", "Eggs", "Tea"], done: ["Tea"])
    #expect(try first(service.observeTally(on: ImmediateScheduler())).get() == TodoTally(active: 2, completed: 1))
}

@Test func todoListServicePageFollowsWrites() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let recorder = Recorder(service.observePage(TodoQuery(), on: ImmediateScheduler()))
    defer { recorder.dispose() }
    _ = try first(service.add(TodoLine(title: "Milk"))).get()
    fixture.settle()
    #expect(recorder.all.compactMap { try? $0.get().todos.map(\.title) } == [[], ["Milk"]])
}

@Test func todoListServiceTogglesOneAndAll() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["Milk", "Eggs"])
    #expect(try first(service.toggle(id: ids[0])).get().isCompleted)
    #expect(try first(service.toggleAll(in: TodoQuery())).get() == 1)
    #expect(try page(service).todos.map(\.isCompleted) == [true, true])
}

@Test func todoListServiceRenameKeepsNotesAndDueDate() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let due = Date(timeIntervalSince1970: 1_798_675_200)
    let todo = try first(fixture.todos.create(title: "Milk", notes: "2 l", due: due)).get()
    let renamed = try first(service.rename(id: todo.id, line: TodoLine(title: "Oat milk"))).get()
    #expect([renamed.title, renamed.notes] == ["Oat milk", "2 l"])
    #expect(renamed.dueAt == due)
}

@Test func todoListServiceRenameOfAMissingTodoFails() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    #expect(try first(service.rename(id: 99, line: TodoLine(title: "Tea"))) == .failure(SceneError.gone(.todo)))
}

@Test func todoListServiceRefusesAnEmptyTitleWithAMessage() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    guard case .failure(let error) = try first(service.add(TodoLine(title: ""))) else {
        Issue.record("an empty title was stored")
        return
    }
    #expect(!error.message.isEmpty)
}

@Test func todoListServiceDeletesAndClearsCompleted() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["Milk", "Eggs", "Tea"], done: ["Tea"])
    #expect(try first(service.delete(id: ids[0])).get().title == "Milk")
    #expect(try first(service.clearCompleted(in: TodoQuery())).get() == 1)
    #expect(try page(service).todos.map(\.title) == ["Eggs"])
}

@Test func todoListServiceMovesDownOnePlace() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["A", "B", "C", "D"])
    _ = try first(service.move(id: ids[1], from: 1, to: 2, in: TodoQuery())).get()
    #expect(try page(service).todos.map(\.title) == ["A", "C", "B", "D"])
}

@Test func todoListServiceMovesByPositionsFromTheStartInAListAskedForFromTheEnd() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["A", "B", "C", "D", "E"])
    let lastPage = TodoQuery(offset: 0, limit: 2, fromEnd: true)
    _ = try first(service.move(id: ids[3], from: 3, to: 2, in: lastPage)).get()
    #expect(try page(service).todos.map(\.title) == ["A", "B", "D", "C", "E"])
}

@Test func todoListServiceMovesUpOnePlace() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["A", "B", "C", "D"])
    _ = try first(service.move(id: ids[2], from: 2, to: 1, in: TodoQuery())).get()
    #expect(try page(service).todos.map(\.title) == ["A", "C", "B", "D"])
}

@Test func todoListServiceMovesUpToTheTop() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["A", "B", "C"])
    _ = try first(service.move(id: ids[1], from: 1, to: 0, in: TodoQuery())).get()
    #expect(try page(service).todos.map(\.title) == ["B", "A", "C"])
}

@Test func todoListServiceMovesWithinAFilteredList() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    let ids = try fixture.addTodos(["A", "done", "B", "C"], done: ["done"])
    _ = try first(service.move(id: ids[0], from: 0, to: 1, in: TodoQuery(filter: .active))).get()
    #expect(try page(service, TodoQuery(filter: .active)).todos.map(\.title) == ["B", "A", "C"])
}

@Test func todoListServiceReportsADatabaseFailureAsASceneError() throws {
    let fixture = try ServicesFixture()
    fixture.closeDatabase()
    let result = try first(
        TodoListService(todos: fixture.todos, history: fixture.history).observePage(
            TodoQuery(), on: ImmediateScheduler()))
    guard case .failure(let error) = result else {
        Issue.record("a closed database answered \(result)")
        return
    }
    #expect(!error.message.isEmpty)
}

@Test func todoListServiceBulkActionsTouchOnlyWhatTheQueryShows() throws {
    let fixture = try ServicesFixture()
    let service = TodoListService(todos: fixture.todos, history: fixture.history)
    _ = try fixture.addTodos(["Milk", "Oat milk", "Eggs"])
    let milk = TodoQuery(search: "milk")
    #expect(
        try first(service.planBulk(clearing: false, in: milk)).get()
            == TodoBulkPlan(.complete, query: milk, count: 2, hidden: 1))
    #expect(try first(service.planBulk(clearing: true, in: milk)).get() == nil)
    #expect(try first(service.toggleAll(in: milk)).get() == 2)
    #expect(
        try first(service.planBulk(clearing: true, in: TodoQuery())).get()
            == TodoBulkPlan(.clear, query: TodoQuery(), count: 2, hidden: 0))
    #expect(try first(service.clearCompleted(in: milk)).get() == 2)
    #expect(try page(service).todos.map(\.title) == ["Eggs"])
}
