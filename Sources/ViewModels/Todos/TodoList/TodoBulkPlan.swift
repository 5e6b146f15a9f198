package import SceneServices

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
    static func nothingToDo(clearing: Bool) -> String {
        clearing ? "No done todos are shown, so none were deleted." : "No todos are shown, so none were marked."
    }
}
