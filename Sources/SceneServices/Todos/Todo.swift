public import Foundation

/// A todo as the scenes see it.
public struct Todo: Sendable, Hashable, Identifiable {
    /// The todo's identifier.
    public let id: Int64
    /// What to do.
    public let title: String
    /// Longer notes; empty when there are none.
    public let notes: String
    /// Whether it is done.
    public let isCompleted: Bool
    /// When it was created.
    public let createdAt: Date
    /// When it is due, if ever.
    public let dueAt: Date?

    /// Creates a todo.
    public init(
        id: Int64, title: String, notes: String = "", isCompleted: Bool = false, createdAt: Date, dueAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.isCompleted = isCompleted
        self.createdAt = createdAt
        self.dueAt = dueAt
    }
}

/// The fields of a todo a person edits: what the editor saves.
public struct TodoFields: Sendable, Hashable {
    /// What to do.
    public var title: String
    /// Longer notes.
    public var notes: String
    /// When it is due, if ever.
    public var dueAt: Date?

    /// Creates fields.
    public init(title: String, notes: String = "", dueAt: Date? = nil) {
        self.title = title
        self.notes = notes
        self.dueAt = dueAt
    }
}
