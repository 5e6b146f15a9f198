public import Domain
public import Foundation

/// A todo as the base services store it: a plain value at the service boundary.
public struct TodoObject: Sendable, Hashable, Identifiable {
    /// The todo's identifier, stable for its lifetime.
    public let id: Int64
    /// The one-line title.
    public let title: String
    /// Free-form notes; empty when there are none.
    public let notes: String
    /// Whether the todo is done.
    public let isCompleted: Bool
    /// When the todo was created.
    public let createdAt: Date
    /// When the todo last changed.
    public let updatedAt: Date
    /// When the todo was completed, if it is.
    public let completedAt: Date?
    /// The todo's place in the manual order (smaller comes first).
    public let position: Int64
    /// When the todo is due, if ever.
    public let dueAt: Date?
    /// Its tags, project, priority and recurrence.
    public let attributes: TodoAttributes
    /// The day of the month its series counts months and years from (the due day it started
    /// on; see ``Domain/Recurrence/next(after:anchorDay:)``); `nil` when it does not recur.
    public let anchorDay: Int?

    /// Creates a todo value.
    public init(
        id: Int64, title: String, notes: String, isCompleted: Bool, createdAt: Date, updatedAt: Date,
        completedAt: Date?, position: Int64, dueAt: Date?, attributes: TodoAttributes = .none, anchorDay: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.isCompleted = isCompleted
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.position = position
        self.dueAt = dueAt
        self.attributes = attributes
        self.anchorDay = anchorDay
    }
}

/// One page of the todos matching a query: the DTO of a scene's `TodoPage`.
public struct TodoPageObject: Sendable, Hashable {
    /// The todos in the slice, in order.
    public let todos: [TodoObject]
    /// How many todos match the query in all (for scrolling); when ``isCountExact`` is `false`,
    /// how many were found so far: at least this many match ("1,060+").
    public let totalCount: Int
    /// Where the slice starts among the matching todos, from the first (also for a query whose
    /// offset counts from the end).
    public let offset: Int
    /// Whether ``totalCount`` is exact. A search that most todos match is not counted to the
    /// end (that would read every todo); its count then covers the window and some way past
    /// it, and grows as later windows are asked for.
    public let isCountExact: Bool

    /// Creates a page.
    public init(todos: [TodoObject], totalCount: Int, offset: Int, isCountExact: Bool = true) {
        self.todos = todos
        self.totalCount = totalCount
        self.offset = offset
        self.isCountExact = isCountExact
    }
}

/// The fields of a todo to create in bulk.
struct TodoDraft: Sendable {
    var title: String
    var notes: String = ""
    var dueAt: Date?
    var isCompleted = false
    var attributes = TodoAttributes.none
    /// The anchor day of the series it continues; `nil` for a todo that starts one (a recurring
    /// one is anchored on its due day).
    var anchorDay: Int?

    /// The anchor day stored with a todo due at `dueAt` that recurs as `recurrence`, in a series
    /// anchored on `anchorDay` (`nil` for one it starts): none unless it recurs on a due day.
    static func storedAnchorDay(_ anchorDay: Int?, dueAt: Date?, recurrence: Recurrence?) -> Int? {
        guard recurrence != nil, let dueAt else { return nil }
        return Recurrence.anchorDay(anchorDay, of: DueDay(dueAt))
    }
}

extension Date {
    /// Milliseconds since 1970, as stored.
    var storedMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// The date `milliseconds` after 1970.
    init(storedMilliseconds milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
