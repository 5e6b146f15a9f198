import Domain
import Foundation
import Testing

@testable import BaseServices
@testable import SQLiteProvider

@Test func listChoiceIsNoneUntilOneIsKeptThenTheLastOneKept() throws {
    let fixture = try ServicesFixture()
    #expect(try value(fixture.todos.fetchListChoice()) == nil)
    _ = try value(fixture.todos.saveListChoice(TodoListChoice(filter: .active, sort: .dueDate)))
    _ = try value(fixture.todos.saveListChoice(TodoListChoice(filter: .completed, sort: .urgency)))
    #expect(try value(fixture.todos.fetchListChoice()) == TodoListChoice(filter: .completed, sort: .urgency))
}

@Test func listChoiceIsNoChangeToTodosAndLeavesTheHistoryAlone() throws {
    let fixture = try ServicesFixture()
    _ = try value(fixture.todos.create(title: "Milk", notes: "", due: nil))
    let steps = try fixture.database.int("SELECT count(*) FROM changes")
    _ = try value(fixture.todos.saveListChoice(TodoListChoice(filter: .active, sort: .title)))
    #expect(try fixture.database.int("SELECT count(*) FROM changes") == steps)
}

@Test func listChoiceAValueOfANewerVersionReadsAsTheDefault() throws {
    let fixture = try ServicesFixture()
    _ = try value(fixture.todos.saveListChoice(TodoListChoice(filter: .active, sort: .title)))
    try fixture.database.execute("UPDATE choices SET value = 'byMood' WHERE name = 'todo-list.sort'")
    #expect(try value(fixture.todos.fetchListChoice()) == TodoListChoice(filter: .active, sort: .manual))
}
