package import Domain

/// A change to the todos a list shows, counted before it runs: what it does, to how many, and
/// how many of the same kind the filter or search hides (those stay as they are).
package struct TodoBulkPlan: Sendable, Hashable {
    /// What the change does.
    package enum Kind: Sendable, Hashable {
        /// Mark the shown todos that are not done done.
        case complete
        /// Mark the shown todos (all done) not done.
        case reopen
        /// Delete the shown done todos.
        case clear
    }

    /// What the change does.
    package let kind: Kind
    /// The list whose shown todos change.
    package let query: TodoQuery
    /// How many todos it changes, as counted.
    package let count: Int
    /// How many todos of the same kind the list hides; none of them changes.
    package let hidden: Int

    /// Creates a plan.
    package init(_ kind: Kind, query: TodoQuery, count: Int, hidden: Int) {
        self.kind = kind
        self.query = query
        self.count = count
        self.hidden = hidden
    }

    /// What clearing the done todos (`clearing`) or toggling all of them amounts to over the
    /// todos `query` shows, given how many shown todos (`shown`) and all todos (`all`) are
    /// active and done; `nil` when none is shown of the kind it would change.
    package static func planning(
        clearing: Bool, in query: TodoQuery, shown: TodoTally, all: TodoTally
    ) -> TodoBulkPlan? {
        let kind: Kind
        switch clearing {
        case false where shown.active > 0: kind = .complete
        case false where shown.completed > 0: kind = .reopen
        case true where shown.completed > 0: kind = .clear
        case false, true: return nil
        }
        // Completing counts the active todos; reopening and clearing count the done ones.
        let (count, total) = kind == .complete ? (shown.active, all.active) : (shown.completed, all.completed)
        return TodoBulkPlan(kind, query: query, count: count, hidden: max(0, total - count))
    }
}

extension TodoBulkPlan {
    /// "Mark 12 shown todos done? 30 hidden stay as they are."
    package var question: String {
        let todos = CountText.counted(count, "shown todo", "shown todos")
        let action =
            switch kind {
            case .complete: "Mark \(todos) done?"
            case .reopen: "Mark \(todos) not done?"
            case .clear: "Delete \(CountText.counted(count, "shown done todo", "shown done todos"))?"
            }
        return hidden > 0 ? "\(action) \(CountText.grouped(hidden)) hidden stay as they are." : action
    }

    /// "Marked 12 todos done.", with how many hidden ones were left alone.
    package func report(changed: Int) -> String {
        let done =
            switch kind {
            case .complete: "Marked \(CountText.counted(changed, "todo", "todos")) done."
            case .reopen: "Marked \(CountText.counted(changed, "todo", "todos")) not done."
            case .clear: "Deleted \(CountText.counted(changed, "done todo", "done todos"))."
            }
        return hidden > 0 ? "\(done) \(CountText.grouped(hidden)) hidden left as they were." : done
    }

    /// Why clearing (`clearing`) or toggling all the shown todos had nothing to do.
    package static func nothingToDo(clearing: Bool) -> String {
        clearing ? "No done todos are shown, so none were deleted." : "No todos are shown, so none were marked."
    }
}
