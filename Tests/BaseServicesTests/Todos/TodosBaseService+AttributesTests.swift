import Domain
import Foundation
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// Tags, projects, priorities and recurrences: stored with the todo, indexed for the list's
// filters, and undone like every other field.

private let day = Date(storedMilliseconds: 1_798_675_200_000)

/// Four todos with attributes, in this order: "Paint" +home +weekend project:home.garden pri:H,
/// "Taxes" +work project:home pri:M, "Report" +work project:work, "Milk" with none.
private func seeded(_ searchIndex: SearchIndex? = nil) throws -> ServicesFixture {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    let todos: [(String, TodoAttributes)] = [
        ("Paint the fence", TodoAttributes(tags: ["home", "weekend"], project: "home.garden", priority: .high)),
        ("Do the taxes", TodoAttributes(tags: ["work"], project: "home", priority: .medium)),
        ("Write the report", TodoAttributes(tags: ["work"], project: "work")),
        ("Buy milk", .none),
    ]
    for (title, attributes) in todos {
        _ = try value(fixture.todos.create(title: title, notes: "", due: nil, attributes: attributes))
    }
    return fixture
}

private func titles(_ fixture: ServicesFixture, _ search: String, filter: TodoFilter = .all) throws -> [String] {
    try value(fixture.todos.fetchWindow(TodoQuery(filter: filter, search: search))).todos.map(\.title)
}

@Test func attributesAreStoredAndReadBack() throws {
    let fixture = try ServicesFixture()
    let attributes = TodoAttributes(
        tags: ["home", "q3-report"], project: "home.garden", priority: .low, recurrence: Recurrence(every: 2, .week))
    let created = try value(fixture.todos.create(title: "Paint", notes: "", due: day, attributes: attributes))
    #expect(created.attributes == attributes)
    #expect(try value(fixture.todos.fetch(id: created.id))?.attributes == attributes)
}

@Test(arguments: [SearchIndex.fts5, .words])
func aListIsNarrowedByTagsProjectsAndPriority(searchIndex: SearchIndex) throws {
    let fixture = try seeded(searchIndex)
    #expect(try titles(fixture, "+work") == ["Do the taxes", "Write the report"])
    #expect(try titles(fixture, "+work +home").isEmpty)
    #expect(try titles(fixture, "project:home") == ["Paint the fence", "Do the taxes"])
    #expect(try titles(fixture, "project:home.garden") == ["Paint the fence"])
    #expect(try titles(fixture, "pri:H") == ["Paint the fence"])
    #expect(try titles(fixture, "+work report") == ["Write the report"])
    #expect(try titles(fixture, "project:home taxes") == ["Do the taxes"])
    let window = try value(fixture.todos.fetchWindow(TodoQuery(search: "+work", offset: 1, limit: 5)))
    #expect(window.todos.map(\.title) == ["Write the report"] && window.totalCount == 2 && window.offset == 1)
    let last = try value(fixture.todos.fetchWindow(TodoQuery(search: "+work", offset: 0, limit: 1, fromEnd: true)))
    #expect(last.todos.map(\.title) == ["Write the report"] && last.offset == 1)
}

@Test func bulkActionsCountsAndPagesTouchOnlyWhatTheFilterShows() throws {
    let fixture = try seeded()
    #expect(try value(fixture.todos.fetchCounts(matching: TodoQuery(search: "+work"))).active == 2)
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(search: "+work"))) == 2)
    #expect(try titles(fixture, "", filter: .completed) == ["Do the taxes", "Write the report"])
    let page = try value(fixture.todos.fetchPage(filter: .completed, search: "project:home", after: nil, limit: 10))
    #expect(page.map(\.title) == ["Do the taxes"])
    #expect(try value(fixture.todos.fetchPosition(of: 3, matching: TodoQuery(search: "+work"))) == 1)
    #expect(try value(fixture.todos.clearCompleted(matching: TodoQuery(search: "project:work"))) == 1)
    #expect(try titles(fixture, "+work") == ["Do the taxes"])
}

@Test func anEditChangesOnlyTheAttributesItNames() throws {
    let fixture = try seeded()
    let edited = try value(
        fixture.todos.update(
            id: 1, TodoEdit(attributes: TodoAttributeChange(tags: ["garden"], priority: .remove))))
    #expect(edited.attributes == TodoAttributes(tags: ["garden"], project: "home.garden"))
    #expect(try titles(fixture, "+garden") == ["Paint the fence"])
    #expect(try titles(fixture, "+home").isEmpty)
    #expect(try titles(fixture, "pri:H").isEmpty)
}

@Test func undoAndRedoBringBackAttributesAndTheTagIndex() throws {
    let fixture = try seeded()
    _ = try value(fixture.todos.update(id: 2, TodoEdit(attributes: TodoAttributeChange(tags: ["done-soon"]))))
    _ = try value(fixture.todos.delete(id: 1))
    #expect(try titles(fixture, "+home").isEmpty)
    _ = try value(fixture.history.undo())
    _ = try value(fixture.history.undo())
    #expect(try titles(fixture, "+home") == ["Paint the fence"])
    #expect(try titles(fixture, "+work") == ["Do the taxes", "Write the report"])
    #expect(try value(fixture.todos.fetch(id: 1))?.attributes.priority == .high)
    _ = try value(fixture.history.redo())
    #expect(try titles(fixture, "+done-soon") == ["Do the taxes"])
    #expect(try fixture.database.int("SELECT count(*) FROM todo_tags WHERE todo_id NOT IN (SELECT id FROM todos)") == 0)
}

@Test func aRecurrenceWithoutADueDateIsRefusedAndNothingIsWritten() throws {
    let fixture = try ServicesFixture()
    let weekly = TodoAttributes(recurrence: Recurrence(written: "weekly"))
    let refused = firstResult(fixture.todos.create(title: "Bins", notes: "", due: nil, attributes: weekly))
    guard case .failure(let error)? = refused else {
        Issue.record("a recurrence without a due date was stored")
        return
    }
    #expect(error.message == "a recurring todo needs a due date, the day its next one counts from")
    #expect(try fixture.database.int("SELECT count(*) FROM todos") == 0)
    let bins = try value(fixture.todos.create(title: "Bins", notes: "", due: day, attributes: weekly))
    #expect(firstResult(fixture.todos.update(id: bins.id, TodoEdit(due: .remove)))?.isFailure == true)
    #expect(try value(fixture.todos.fetch(id: bins.id))?.dueAt == day)
}

@Test(arguments: [("+work", "todo_tags"), ("project:home", "todos_by_project"), ("pri:H", "todos_by_priority")])
func eachFilterUsesItsIndex(search: String, index: String) throws {
    let fixture = try seeded()
    let (sql, arguments) = StoredAttributes.conditions(TodoMatch(search: search))
    let plan = try fixture.database.read { (db) throws(DatabaseError) in
        try db.fetchAll("EXPLAIN QUERY PLAN SELECT id FROM todos WHERE 1\(sql)", arguments) { $0.string(at: 3) }
    }
    #expect(plan.contains { $0.contains(index) }, "\(plan)")
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}

@Test func theUrgencyOrderIsTheScoresOrderWithDoneTodosLast() throws {
    let fixture = try seeded()
    let soon = Date(storedMilliseconds: 1_700_000_100_000 + 86_400_000)
    _ = try value(fixture.todos.create(title: "Due soon", notes: "", due: soon, attributes: .none))
    _ = try value(fixture.todos.setCompleted(id: 1, true))
    let window = try value(fixture.todos.fetchWindow(TodoQuery(sort: .urgency, limit: 10)))
    let open = window.todos.filter { !$0.isCompleted }
    // The window was read at one moment of the test clock; scores at any moment near it order the same.
    let now = Date(storedMilliseconds: 1_700_000_200_000)
    let scores = open.map {
        Urgency.score(
            due: $0.dueAt, priority: $0.attributes.priority, createdAt: $0.createdAt,
            tagCount: $0.attributes.tags.count, hasProject: $0.attributes.project != nil, now: now)
    }
    #expect(scores == scores.sorted(by: >))
    #expect(open.map(\.title) == ["Due soon", "Do the taxes", "Write the report", "Buy milk"])
    #expect(window.todos.last?.title == "Paint the fence")
    #expect(try value(fixture.todos.fetchPosition(of: 3, matching: TodoQuery(sort: .urgency))) == 2)
    #expect(try value(fixture.todos.fetchPosition(of: 1, matching: TodoQuery(sort: .urgency))) == 4)
}

@Test(arguments: TodoSort.allCases.filter { $0 != .manual })
func doneTodosComeAfterTheOthersInEveryOrderButTheManualOne(sort: TodoSort) throws {
    let fixture = try seeded()
    _ = try value(fixture.todos.setCompleted(id: 1, true))
    _ = try value(fixture.todos.setCompleted(id: 3, true))
    for search in ["", "the", "+work"] {
        let todos = try value(fixture.todos.fetchWindow(TodoQuery(search: search, sort: sort, limit: 10))).todos
        let states = todos.map(\.isCompleted)
        #expect(states == states.sorted { !$0 && $1 }, "\(sort) '\(search)'")
        #expect(states.contains(true), "\(sort) '\(search)'")
        for todo in todos {
            let query = TodoQuery(search: search, sort: sort)
            let position = try value(fixture.todos.fetchPosition(of: todo.id, matching: query))
            #expect(position == todos.firstIndex(of: todo), "\(sort) '\(search)' \(todo.title)")
        }
    }
}

@Test(arguments: [SearchIndex.fts5, .words])
func completingARecurringTodoAddsTheNextOneAndOneUndoTakesBackBoth(searchIndex: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    let attributes = TodoAttributes(tags: ["home"], priority: .low, recurrence: Recurrence(written: "weekly"))
    let bins = try value(
        fixture.todos.create(title: "Put the bins out", notes: "blue one", due: day, attributes: attributes))
    let before = try value(fixture.todos.fetchWindow(TodoQuery())).todos
    _ = try value(fixture.todos.setCompleted(id: bins.id, true))
    let after = try value(fixture.todos.fetchWindow(TodoQuery(sort: .created))).todos
    #expect(after.count == 2)
    let next = try #require(after.first { !$0.isCompleted })
    #expect(next.id != bins.id && next.title == bins.title && next.notes == "blue one")
    #expect(next.attributes == attributes)
    #expect(next.dueAt == day.addingTimeInterval(7 * 86_400))
    #expect(try titles(fixture, "bins") == ["Put the bins out", "Put the bins out"])
    let undone = try value(fixture.history.undo())
    #expect(undone?.label == "complete \"Put the bins out\"" && undone?.todoCount == 2)
    #expect(try value(fixture.todos.fetchWindow(TodoQuery())).todos == before)
    _ = try value(fixture.history.redo())
    #expect(try value(fixture.todos.fetchWindow(TodoQuery(sort: .created))).todos == after)
    // Reopening the done one makes nothing new.
    _ = try value(fixture.todos.setCompleted(id: bins.id, false))
    #expect(try value(fixture.todos.fetchWindow(TodoQuery())).totalCount == 2)
}

@Test func completingAllTheShownTodosAddsTheNextOccurrenceOfEachRecurringOne() throws {
    let fixture = try seeded()
    let daily = TodoAttributes(recurrence: Recurrence(written: "daily"))
    _ = try value(fixture.todos.create(title: "Water the plants", notes: "", due: day, attributes: daily))
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery())) == 5)
    let open = try value(fixture.todos.fetchWindow(TodoQuery(filter: .active))).todos
    #expect(open.map(\.title) == ["Water the plants"])
    #expect(open.first?.dueAt == day.addingTimeInterval(86_400))
    _ = try value(fixture.history.undo())
    #expect(try value(fixture.todos.fetchWindow(TodoQuery(filter: .active))).totalCount == 5)
    #expect(try value(fixture.todos.fetchWindow(TodoQuery())).totalCount == 5)
}
