import Domain
import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// Dog (due day 3, notes "an animal"), cat (no due day), Bee (due day 1), ant (done, due day 2),
/// made in that order.
private func fixtureWithFourTodos(searchIndex: SearchIndex = .fts5) throws -> (ServicesFixture, [String: Int64]) {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    var ids: [String: Int64] = [:]
    for (title, day) in [("Dog", 3), ("cat", nil), ("Bee", 1), ("ant", 2)] as [(String, Int?)] {
        let due = day.map { Date(timeIntervalSince1970: TimeInterval($0 * 86_400)) }
        let notes = title == "Dog" ? "an animal" : ""
        ids[title] = try value(fixture.todos.create(title: title, notes: notes, due: due)).id
    }
    _ = try value(fixture.todos.setCompleted(id: ids["ant"] ?? 0, true))
    return (fixture, ids)
}

/// Where each todo is in a list of `query`, checked against the window the list reads.
private func positions(_ fixture: ServicesFixture, _ ids: [String: Int64], _ query: TodoQuery) throws -> [String] {
    let window = try value(fixture.todos.fetchWindow(query)).todos.map(\.title)
    for (index, title) in window.enumerated() {
        #expect(try value(fixture.todos.fetchPosition(of: ids[title] ?? 0, matching: query)) == index, "\(title)")
    }
    return window
}

@Test func fetchPositionAgreesWithTheWindowInEveryOrder() throws {
    let (fixture, ids) = try fixtureWithFourTodos()
    #expect(try positions(fixture, ids, TodoQuery(sort: .manual)) == ["Dog", "cat", "Bee", "ant"])
    #expect(try positions(fixture, ids, TodoQuery(sort: .created)) == ["Dog", "cat", "Bee", "ant"])
    // The done todo comes after the others in every order.
    #expect(try positions(fixture, ids, TodoQuery(sort: .dueDate)) == ["Bee", "Dog", "cat", "ant"])
    #expect(try positions(fixture, ids, TodoQuery(sort: .title)) == ["Bee", "cat", "Dog", "ant"])
}

@Test(arguments: [SearchIndex.fts5, .words])
func fetchPositionCountsOnlyWhatTheFilterAndSearchShow(_ index: SearchIndex) throws {
    let (fixture, ids) = try fixtureWithFourTodos(searchIndex: index)
    #expect(try positions(fixture, ids, TodoQuery(filter: .active, sort: .title)) == ["Bee", "cat", "Dog"])
    // "a" matches ant, and Dog by its notes; Bee and cat, which sort between them, are not counted.
    #expect(try positions(fixture, ids, TodoQuery(search: "a", sort: .title)) == ["Dog", "ant"])
}

@Test func fetchPositionOfATodoTheListDoesNotShowIsNil() throws {
    let (fixture, ids) = try fixtureWithFourTodos()
    #expect(try value(fixture.todos.fetchPosition(of: ids["ant"] ?? 0, matching: TodoQuery(filter: .active))) == nil)
    #expect(try value(fixture.todos.fetchPosition(of: 999, matching: TodoQuery())) == nil)
}
