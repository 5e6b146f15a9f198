import Domain
import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// Milk tea (done), Oat milk, Green tea (done), Bread: two match "milk", two are done.
private func fixtureWithFourTodos(searchIndex: SearchIndex) throws -> ServicesFixture {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    for title in ["Milk tea", "Oat milk", "Green tea", "Bread"] {
        _ = try value(fixture.todos.create(title: title, notes: "", due: nil))
    }
    for title in ["Milk tea", "Green tea"] {
        let id = try fixture.database.int("SELECT id FROM todos WHERE title = '\(title)'")
        _ = try value(fixture.todos.setCompleted(id: id, true))
    }
    return fixture
}

private func doneTitles(_ fixture: ServicesFixture) throws -> [String] {
    try value(fixture.todos.fetchWindow(TodoQuery(filter: .completed, sort: .title))).todos.map(\.title)
}

private func allTitles(_ fixture: ServicesFixture) throws -> [String] {
    try value(fixture.todos.fetchWindow(TodoQuery(sort: .title))).todos.map(\.title)
}

@Test(arguments: [SearchIndex.fts5, .words])
func toggleAllMatchingASearchChangesOnlyTheTodosItShows(_ index: SearchIndex) throws {
    let fixture = try fixtureWithFourTodos(searchIndex: index)
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(search: "milk"))) == 1)
    #expect(try doneTitles(fixture) == ["Green tea", "Milk tea", "Oat milk"])
    // All shown are done now: the next one marks them not done, and Green tea stays done.
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(search: "milk"))) == 2)
    #expect(try doneTitles(fixture) == ["Green tea"])
}

@Test(arguments: [SearchIndex.fts5, .words])
func clearCompletedMatchingASearchDeletesOnlyTheDoneTodosItShows(_ index: SearchIndex) throws {
    let fixture = try fixtureWithFourTodos(searchIndex: index)
    #expect(try value(fixture.todos.clearCompleted(matching: TodoQuery(search: "tea"))) == 2)
    #expect(try allTitles(fixture) == ["Bread", "Oat milk"])
}

@Test func clearCompletedMatchingTheActiveFilterDeletesNothing() throws {
    let fixture = try fixtureWithFourTodos(searchIndex: .fts5)
    #expect(try value(fixture.todos.clearCompleted(matching: TodoQuery(filter: .active))) == 0)
    #expect(try allTitles(fixture).count == 4)
}

@Test func toggleAllMatchingTheDoneFilterMarksThemNotDone() throws {
    let fixture = try fixtureWithFourTodos(searchIndex: .fts5)
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(filter: .completed, search: "green"))) == 1)
    #expect(try doneTitles(fixture) == ["Milk tea"])
}

@Test(arguments: [SearchIndex.fts5, .words])
func fetchCountsMatchingCountsWhatAListOfTheQueryShows(_ index: SearchIndex) throws {
    let fixture = try fixtureWithFourTodos(searchIndex: index)
    #expect(
        try value(fixture.todos.fetchCounts(matching: TodoQuery())) == TodoTally(active: 2, completed: 2))
    #expect(
        try value(fixture.todos.fetchCounts(matching: TodoQuery(search: "milk")))
            == TodoTally(active: 1, completed: 1))
    #expect(
        try value(fixture.todos.fetchCounts(matching: TodoQuery(filter: .active, search: "tea")))
            == TodoTally(active: 0, completed: 0))
}
