import Domain

extension TodoFields {
    /// The fields of these that the person changed from `stored` and that another process
    /// changed too since the person last saw the todo (`seen`, else `stored`), as `now` has
    /// them, in words.
    package func conflicts(over stored: Todo?, seen: Todo?, now: Todo) -> [String] {
        guard let stored else { return [] }
        let before = seen ?? stored
        var changes: [String] = []
        if title != stored.title, now.title != before.title { changes.append("the title is now “\(now.title)”") }
        if notes != stored.notes, now.notes != before.notes { changes.append("the notes were changed") }
        if dueAt != stored.dueAt, now.dueAt != before.dueAt {
            changes.append(now.dueAt.map { "the due date is now \(DueDate.format($0))" } ?? "the due date was removed")
        }
        return changes
    }
}
