import Domain
import Testing

@Test func aNewTodoIsListedLastInTheManualAndCreationOrdersAndUndatedInTheDueDateOrder() {
    #expect(TodoQuery(sort: .manual).listsNewTodoLast(isDue: true))
    #expect(TodoQuery(sort: .created).listsNewTodoLast(isDue: true))
    #expect(TodoQuery(sort: .dueDate).listsNewTodoLast(isDue: false))
    #expect(!TodoQuery(sort: .dueDate).listsNewTodoLast(isDue: true))
    #expect(!TodoQuery(sort: .title).listsNewTodoLast(isDue: false))
}

@Test func doneTodosShownFollowANewTodoInEveryOrderButTheManualOne() {
    #expect(TodoQuery(filter: .all, sort: .created).rowsAfterNewTodo(completed: 3) == 3)
    #expect(TodoQuery(filter: .all, sort: .manual).rowsAfterNewTodo(completed: 3) == 0)
    #expect(TodoQuery(filter: .active, sort: .created).rowsAfterNewTodo(completed: 3) == 0)
}
