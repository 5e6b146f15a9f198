extension TodoQuery {
    /// Whether a new todo (not done, with a due day or not: `isDue`) is listed after every other
    /// todo not done: it is last in the manual order, and after the others not done in the
    /// creation order and, without a due day, in the due-date order.
    public func listsNewTodoLast(isDue: Bool) -> Bool {
        sort == .manual || sort == .created || (sort == .dueDate && !isDue)
    }

    /// How many of the rows shown follow a new todo listed last, when `completed` todos are
    /// done: done todos come after the others in every order but the manual one (adding a
    /// todo changes no count of done todos).
    public func rowsAfterNewTodo(completed: Int) -> Int {
        filter == .all && sort != .manual ? completed : 0
    }
}
