package import Domain
package import Foundation

/// A todo as the scenes see it.
package struct Todo: Sendable, Hashable, Identifiable {
    /// The todo's identifier.
    package let id: Int64
    /// What to do.
    package let title: String
    /// Longer notes; empty when there are none.
    package let notes: String
    /// Whether it is done.
    package let isCompleted: Bool
    /// When it was created.
    package let createdAt: Date
    /// When it last changed (an undo puts back the moment the todo had).
    package let modifiedAt: Date
    /// When it was done; `nil` while it is not.
    package let completedAt: Date?
    /// When it is due, if ever.
    package let dueAt: Date?
    /// Its tags, project, priority and recurrence.
    package let attributes: TodoAttributes
    /// The day of the month its series counts months and years from; `nil` when it does not
    /// recur (or counts from its due day).
    package let anchorDay: Int?

    /// Creates a todo; `modifiedAt` defaults to `createdAt`, and `completedAt` to `nil`.
    package init(
        id: Int64, title: String, notes: String = "", isCompleted: Bool = false, createdAt: Date,
        modifiedAt: Date? = nil, completedAt: Date? = nil, dueAt: Date? = nil, attributes: TodoAttributes = .none,
        anchorDay: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.isCompleted = isCompleted
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
        self.completedAt = completedAt
        self.dueAt = dueAt
        self.attributes = attributes
        self.anchorDay = anchorDay
    }
}

/// The fields of a todo a person edits: what the editor saves.
package struct TodoFields: Sendable, Hashable {
    /// What to do.
    package var title: String
    /// Longer notes.
    package var notes: String
    /// When it is due, if ever.
    package var dueAt: Date?
    /// Its tags, project, priority and recurrence.
    package var attributes: TodoAttributes

    /// Creates fields.
    package init(title: String, notes: String = "", dueAt: Date? = nil, attributes: TodoAttributes = .none) {
        self.title = title
        self.notes = notes
        self.dueAt = dueAt
        self.attributes = attributes
    }
}

extension Todo {
    /// Its title and attributes as a line writes them, without the due day: `Learn \+word +home
    /// pri:H` (see ``TodoLine``).
    package var titleLine: String { TodoLine.written(title: title, attributes: attributes, due: nil) }

    /// The due day of the todo completing this one makes (or made): one period after its due
    /// day, counted from its series' anchor day, as the base service counts it; `nil` unless it
    /// recurs.
    package var nextDue: DueDay? {
        guard let recurrence = attributes.recurrence, let dueAt else { return nil }
        return recurrence.next(afterDue: dueAt, anchorDay: anchorDay)
    }
}
