import Domain
import Foundation
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// A series of recurring todos, completed one after another: months and years count from the
// day the series started on, through every way a todo is completed, edited and undone.

private func due(_ text: String) throws -> Date {
    try #require(DueDay(text)).date
}

/// Creates a todo called "Rent" that recurs as `written`, due on `first`.
private func startSeries(_ fixture: ServicesFixture, _ written: String, from first: String) throws -> TodoObject {
    let attributes = TodoAttributes(tags: ["home"], recurrence: Recurrence(written: written))
    return try value(fixture.todos.create(title: "Rent", notes: "", due: due(first), attributes: attributes))
}

/// The todo of the series not done yet.
private func open(_ fixture: ServicesFixture) throws -> TodoObject {
    let open = try value(fixture.todos.fetchWindow(TodoQuery(filter: .active, limit: 10))).todos
    #expect(open.count == 1)
    return try #require(open.first)
}

/// Completes the series' open todo `times` times, one after another; returns the due days of
/// the todos the completions added, checking that each is the day the completed todo named.
private func complete(_ fixture: ServicesFixture, times: Int) throws -> [String] {
    try (0..<times).map { _ in
        let todo = try open(fixture)
        let named = try #require(todo.attributes.recurrence).next(
            afterDue: #require(todo.dueAt), anchorDay: todo.anchorDay)
        _ = try value(fixture.todos.setCompleted(id: todo.id, true))
        let next = try #require(try open(fixture).dueAt)
        #expect(DueDay(next) == named)
        return DueDay(next).description
    }
}

@Test(arguments: [SearchIndex.fts5, .words])
func aMonthlySeriesFromThe31stComesBackToThe31stAfterEveryShortMonth(searchIndex: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: searchIndex)
    let rent = try startSeries(fixture, "monthly", from: "2027-01-31")
    #expect(rent.anchorDay == 31)
    #expect(try complete(fixture, times: 4) == ["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"])
    let all = try value(fixture.todos.fetchWindow(TodoQuery(sort: .created, limit: 10))).todos
    #expect(all.map(\.anchorDay) == [31, 31, 31, 31, 31])
    #expect(all.allSatisfy { $0.title == "Rent" && $0.attributes.tags == ["home"] })
}

@Test func aYearlySeriesFromFebruary29ComesBackInTheNextLeapYear() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "yearly", from: "2028-02-29")
    #expect(try complete(fixture, times: 4) == ["2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"])
}

@Test func everyThreeMonthsFromThe30thKeepsTheSeriesDay() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "every 3 months", from: "2027-11-30")
    #expect(try complete(fixture, times: 3) == ["2028-02-29", "2028-05-30", "2028-08-30"])
}

@Test func completingATodoAgainAfterReopeningItMakesNoSecondNextOne() throws {
    let fixture = try ServicesFixture()
    let rent = try startSeries(fixture, "monthly", from: "2027-01-31")
    _ = try value(fixture.todos.setCompleted(id: rent.id, true))
    _ = try value(fixture.todos.setCompleted(id: rent.id, false))
    _ = try value(fixture.todos.toggle(id: rent.id))
    let all = try value(fixture.todos.fetchWindow(TodoQuery(sort: .manual, limit: 10))).todos
    #expect(all.map { $0.dueAt.map { DueDay($0).description } } == ["2027-01-31", "2027-02-28"])
    #expect(all.map(\.isCompleted) == [true, false])
}

@Test func aWeeklySeriesStillCountsFromItsDueDay() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "weekly", from: "2027-01-31")
    #expect(try complete(fixture, times: 3) == ["2027-02-07", "2027-02-14", "2027-02-21"])
    _ = try startSeries(fixture, "every 10 days", from: "2027-02-25")
    _ = try value(fixture.todos.setCompleted(ids: [4, 5], true))
    let open = try value(fixture.todos.fetchWindow(TodoQuery(filter: .active, sort: .created))).todos
    #expect(open.map { $0.dueAt.map { DueDay($0).description } } == ["2027-02-28", "2027-03-07"])
}

@Test func completingSeveralOrAllTheShownTodosKeepsEachSeriesDay() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "monthly", from: "2027-01-31")
    _ = try value(fixture.todos.setCompleted(ids: [1], true))
    #expect(try open(fixture).dueAt == due("2027-02-28"))
    #expect(try value(fixture.todos.toggleAll(matching: TodoQuery(search: "+home"))) == 1)
    #expect(try open(fixture).dueAt == due("2027-03-31"))
    _ = try value(fixture.history.undo())
    #expect(try open(fixture).dueAt == due("2027-02-28"))
    #expect(try open(fixture).anchorDay == 31)
}

@Test func undoOfACompletionTakesBackTheNextTodoAndRedoBringsItBackOnTheSeriesDay() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "monthly", from: "2027-01-31")
    #expect(try complete(fixture, times: 2) == ["2027-02-28", "2027-03-31"])
    let undone = try value(fixture.history.undo())
    #expect(undone?.label == "complete \"Rent\"" && undone?.todoCount == 2)
    let february = try open(fixture)
    #expect(try february.dueAt == due("2027-02-28") && february.anchorDay == 31)
    #expect(try value(fixture.todos.fetchWindow(TodoQuery())).totalCount == 2)
    _ = try value(fixture.history.redo())
    #expect(try open(fixture).dueAt == due("2027-03-31"))
    #expect(try complete(fixture, times: 1) == ["2027-04-30"])
}

@Test func anEditOfTheDueDayOrTheRecurrenceStartsTheSeriesAgainAndAnyOtherKeepsItsDay() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "monthly", from: "2027-01-31")
    _ = try complete(fixture, times: 1)
    let february = try open(fixture)
    // A new title keeps the series on the 31st.
    _ = try value(fixture.todos.update(id: february.id, TodoEdit(title: "Pay the rent")))
    #expect(try open(fixture).anchorDay == 31)
    // A new recurrence starts it again from the due day it has, the 28th.
    let everyTwoMonths = try #require(Recurrence(written: "every 2 months"))
    let changed = TodoEdit(attributes: TodoAttributeChange(recurrence: .set(everyTwoMonths)))
    #expect(try value(fixture.todos.update(id: february.id, changed)).anchorDay == 28)
    #expect(try complete(fixture, times: 1) == ["2027-04-28"])
    // So does a new due day, from that day.
    let april = try open(fixture)
    #expect(try value(fixture.todos.update(id: april.id, TodoEdit(due: .set(due("2027-05-31"))))).anchorDay == 31)
    #expect(try complete(fixture, times: 2) == ["2027-07-31", "2027-09-30"])
    // No recurrence, no anchor day.
    let september = try open(fixture)
    let plain = TodoEdit(attributes: TodoAttributeChange(recurrence: .remove))
    #expect(try value(fixture.todos.update(id: september.id, plain)).anchorDay == nil)
}

@Test func undoAndRedoOfAnEditBringBackTheAnchorDayItHad() throws {
    let fixture = try ServicesFixture()
    _ = try startSeries(fixture, "monthly", from: "2027-01-31")
    _ = try complete(fixture, times: 1)
    let february = try open(fixture)
    _ = try value(fixture.todos.update(id: february.id, TodoEdit(due: .set(due("2027-02-15")))))
    #expect(try value(fixture.history.undo())?.label == "edit \"Rent\"")
    #expect(try open(fixture) == february)
    #expect(try value(fixture.history.redo())?.label == "edit \"Rent\"")
    let redone = try open(fixture)
    #expect(try redone.dueAt == due("2027-02-15") && redone.anchorDay == 15)
    #expect(try complete(fixture, times: 1) == ["2027-03-15"])
    // Both undone: the todo is due on the 28th of a series on the 31st again.
    _ = try value(fixture.history.undo())
    _ = try value(fixture.history.undo())
    #expect(try open(fixture) == february)
    #expect(try complete(fixture, times: 1) == ["2027-03-31"])
}

@Test func aSeriesAnotherProgramWroteWithoutAnAnchorOrWithOneItsDueDayDisagreesWithCountsFromItsDueDay() throws {
    let fixture = try ServicesFixture()
    // Written by another program: no anchor day at all.
    try fixture.database.execute(
        """
        INSERT INTO todos(title, created_at, updated_at, position, due_at, recurrence)
            VALUES ('Rent', 1, 1, 1, \(try due("2027-02-28").storedMilliseconds), 'monthly')
        """)
    #expect(try open(fixture).anchorDay == nil)
    #expect(try complete(fixture, times: 2) == ["2027-03-28", "2027-04-28"])
    // Moved by another program to the 10th, its anchor day left at 28.
    let april = try open(fixture)
    #expect(april.anchorDay == 28)
    try fixture.database.execute(
        "UPDATE todos SET due_at = \(try due("2027-04-10").storedMilliseconds) WHERE id = \(april.id)")
    #expect(try complete(fixture, times: 2) == ["2027-05-10", "2027-06-10"])
    #expect(try open(fixture).anchorDay == 10)
}

@Test(arguments: ["0", "32", "-1", "'the 31st'"])
func anAnchorDayThatIsNoDayOfAMonthIsRefusedByTheDatabase(written: String) throws {
    let fixture = try ServicesFixture()
    let rent = try startSeries(fixture, "monthly", from: "2027-01-31")
    #expect(throws: DatabaseError.self) {
        try fixture.database.execute("UPDATE todos SET anchor_day = \(written) WHERE id = \(rent.id)")
    }
    #expect(try value(fixture.todos.fetch(id: rent.id))?.anchorDay == 31)
}

@Test func aTodoThatDoesNotRecurHasNoAnchorDay() throws {
    let fixture = try ServicesFixture()
    let plain = try value(fixture.todos.create(title: "Call", notes: "", due: due("2027-01-31"), attributes: .none))
    #expect(plain.anchorDay == nil)
    #expect(try fixture.database.int("SELECT count(*) FROM todos WHERE anchor_day IS NULL") == 1)
}
