/// Where a todo's due day stands against today, for marking the rows that need attention.
public enum DueStatus: Sendable, Hashable {
    /// No due day, or done.
    case none
    /// Due on a later day.
    case upcoming
    /// Due today.
    case dueToday
    /// Due on a day that has passed, and not done.
    case overdue
}

extension DueStatus {
    /// How `due` stands on `today`; no day (or a done todo's, given as `nil`) is never late.
    public init(of due: DueDay?, on today: DueDay?) {
        guard let due, let today else {
            self = .none
            return
        }
        self = due < today ? .overdue : due == today ? .dueToday : .upcoming
    }
}
