package import Domain

extension TodoFilter {
    /// The filter in words, as the list's header says it: "all", "active", "completed".
    package var name: String {
        switch self {
        case .all: "all"
        case .active: "active"
        case .completed: "completed"
        }
    }
}

extension TodoSort {
    /// The order in words, as the list's header says it: "manual", "date created", "due date",
    /// "title".
    package var name: String {
        switch self {
        case .manual: "manual"
        case .created: "date created"
        case .dueDate: "due date"
        case .title: "title"
        }
    }
}
