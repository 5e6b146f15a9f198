import Domain
import Foundation
import SQLiteProvider

/// Recurring todos: completing one adds the next of its series, due one period later, counted
/// from the series' anchor day (see ``Domain/Recurrence/next(after:anchorDay:)``). Each todo of
/// a series carries the anchor day in its row, so the series needs no table of its own.
extension TodosBaseService {
    /// When `todo` recurs, adds its next occurrence: the same title, notes, attributes and
    /// anchor day, due one period after its due day, at the end of the manual order, recorded
    /// in the history's `change` (the completion's), so that one undo takes back both. A todo
    /// of the same title and recurrence already due that day (the next one made when `todo` was
    /// completed before, and reopened since) is not made twice.
    func insertNextOccurrence(of todo: TodoObject, change: Int64, in db: Connection) throws(DatabaseError) {
        guard let recurrence = todo.attributes.recurrence, let due = todo.dueAt else { return }
        let anchorDay = Recurrence.anchorDay(todo.anchorDay, of: DueDay(due))
        let next = recurrence.next(afterDue: due, anchorDay: anchorDay).date
        let made = try db.fetchInt(
            "SELECT count(*) FROM todos WHERE title = ? AND recurrence = ? AND due_at = ? AND id != ?",
            [.text(todo.title), .text(recurrence.written), .integer(next.storedMilliseconds), .integer(todo.id)])
        guard made == 0 else { return }
        let draft = TodoDraft(
            title: todo.title, notes: todo.notes, dueAt: next, attributes: todo.attributes, anchorDay: anchorDay)
        let id = try insertRow(draft, in: db)
        try History.recordAbsent(id, change: change, in: db)
    }

    /// The anchor day `current` has once edited to be due at `dueAt` with `attributes`: a new
    /// due day or recurrence starts the series again from the new due day; any other edit
    /// keeps it.
    static func anchorDay(of current: TodoObject, editedTo dueAt: Date?, _ attributes: TodoAttributes) -> Int? {
        let restarts =
            attributes.recurrence != current.attributes.recurrence
            || dueAt.map { DueDay($0) } != current.dueAt.map { DueDay($0) }
        return TodoDraft.storedAnchorDay(
            restarts ? nil : current.anchorDay, dueAt: dueAt, recurrence: attributes.recurrence)
    }

    /// Refuses a recurrence without a due date: the next todo is due one period after it.
    static func checkRecurrence(_ recurrence: Recurrence?, dueAt: Date?) throws(DatabaseError) {
        guard recurrence != nil, dueAt == nil else { return }
        throw DatabaseError(
            kind: .invalidValue, message: "a recurring todo needs a due date, the day its next one counts from")
    }
}
