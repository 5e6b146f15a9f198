import Domain
import Testing
import ViewModels

private func row(due: String?, done: Bool = false) -> TodoRow {
    TodoRow(id: 1, title: "Milk", isCompleted: done, dueText: due, position: 0)
}

@Test func todoRowIsOverdueWhenItsDayHasPassed() {
    #expect(row(due: "2026-11-25").dueStatus(on: Fixtures.today) == .overdue)
    #expect(row(due: "2025-12-31").dueStatus(on: Fixtures.today) == .overdue)
}

@Test func todoRowIsDueTodayOnItsDay() {
    #expect(row(due: "2026-11-26").dueStatus(on: Fixtures.today) == .dueToday)
}

@Test func todoRowIsUpcomingBeforeItsDay() {
    #expect(row(due: "2026-11-27").dueStatus(on: Fixtures.today) == .upcoming)
}

@Test func todoRowThatIsDoneOrHasNoDayIsNeverLate() {
    #expect(row(due: "2026-11-01", done: true).dueStatus(on: Fixtures.today) == .none)
    #expect(row(due: nil).dueStatus(on: Fixtures.today) == .none)
    #expect(row(due: "2026-11-01").dueStatus(on: nil) == .none)
}

@Test func todoRowReadsItsDueDay() {
    #expect(row(due: "2026-12-24").due == DueDay("2026-12-24"))
    #expect(row(due: nil).due == nil)
}
