extension TodoQuery {
    /// A choice that changes which todos a list asks for.
    public enum Change: Sendable, Hashable {
        /// Show todos of this filter.
        case setFilter(TodoFilter)
        /// Show the next filter: all, active, completed, all…
        case cycleFilter
        /// Use the next order: manual, created, due date, title, manual…
        case cycleSort
        /// Show todos matching this (already debounced) search text.
        case search(String)
        /// The viewport now shows `limit` rows from `offset`.
        case window(offset: Int, limit: Int)
        /// The viewport jumped to the end: it shows the last `limit` rows, wherever they are.
        case lastPage(limit: Int)
    }

    /// The most rows one window may ask for.
    public static let maximumWindow = 500

    /// The query after `change`. A new filter, order or search starts again at the top of the
    /// list; a window is clamped to sane bounds; the last page is asked for from the end, so
    /// that it is found (and counted) without knowing how many todos come before it.
    public func applying(_ change: Change) -> TodoQuery {
        let query = self
        var next = self
        switch change {
        case .setFilter(let filter):
            next.filter = filter
            next.offset = 0
            next.fromEnd = false
        case .cycleFilter:
            next.filter = Self.following(query.filter, in: TodoFilter.allCases)
            next.offset = 0
            next.fromEnd = false
        case .cycleSort:
            next.sort = Self.following(query.sort, in: TodoSort.allCases)
            next.offset = 0
            next.fromEnd = false
        case .search(let text):
            next.search = text
            if text != query.search {
                next.offset = 0
                next.fromEnd = false
            }
        case .window(let offset, let limit):
            next.offset = max(0, offset)
            next.limit = min(max(1, limit), Self.maximumWindow)
            next.fromEnd = false
        case .lastPage(let limit):
            next.offset = 0
            next.limit = min(max(1, limit), Self.maximumWindow)
            next.fromEnd = true
        }
        return next
    }

    private static func following<T: Equatable>(_ value: T, in all: [T]) -> T {
        guard let index = all.firstIndex(of: value) else { return value }
        return all[(index + 1) % all.count]
    }
}

extension TodoFilter {
    /// The filter in words, as a list's header and the command line say it: "all", "active", "completed".
    public var name: String {
        switch self {
        case .all: "all"
        case .active: "active"
        case .completed: "completed"
        }
    }
}

extension TodoSort {
    /// The order in words, as a list's header says it: "manual", "date created", "due date",
    /// "title", "urgency".
    public var name: String {
        switch self {
        case .manual: "manual"
        case .created: "date created"
        case .dueDate: "due date"
        case .title: "title"
        case .urgency: "urgency"
        }
    }
}

extension TodoSort {
    /// The order in one word, as the command line takes it (`list --sort due`): "manual",
    /// "created", "due", "title", "urgency".
    public var keyword: String {
        switch self {
        case .dueDate: "due"
        case .manual, .created, .title, .urgency: rawValue
        }
    }

    /// The order `keyword` names (in any letter case), or `nil`.
    public init?(keyword: String) {
        guard let sort = Self.allCases.first(where: { $0.keyword == keyword.lowercased() }) else { return nil }
        self = sort
    }
}
