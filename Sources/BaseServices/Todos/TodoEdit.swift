public import Domain
public import Foundation

/// What an edit changes in a todo. A field left `nil` (or a due date left ``Due/keep``) keeps
/// what is stored, even when another process changed it since this one read the todo.
///
/// ```swift
/// todos.update(id: 7, TodoEdit(notes: "2 l, oat"))   // the title and due date stay as stored
/// ```
public struct TodoEdit: Sendable, Hashable {
    /// What the edit does to the due date.
    public enum Due: Sendable, Hashable {
        /// Keep the stored one.
        case keep
        /// Make it this moment.
        case set(Date)
        /// Take it away.
        case remove
    }

    /// The new title, or `nil` to keep it. An empty title is refused.
    public var title: String?
    /// The new notes, or `nil` to keep them.
    public var notes: String?
    /// The due date's change.
    public var due: Due
    /// What the edit does to the tags, project, priority and recurrence.
    public var attributes: TodoAttributeChange
    /// The fields as the caller read them, or `nil` to write over whatever is stored now. When
    /// given, an edit of a field that another process has changed since (to another value than
    /// this edit's) is refused with ``DatabaseError/Kind/conflict``, and nothing is written.
    public var readAs: Fields?

    /// A todo's editable fields, as a caller read them.
    public struct Fields: Sendable, Hashable {
        /// The title.
        public var title: String
        /// The notes.
        public var notes: String
        /// The due date, if any.
        public var dueAt: Date?

        /// The fields as read.
        public init(title: String, notes: String, dueAt: Date?) {
            (self.title, self.notes, self.dueAt) = (title, notes, dueAt)
        }
    }

    /// An edit of the fields given; the others keep what is stored.
    public init(
        title: String? = nil, notes: String? = nil, due: Due = .keep, attributes: TodoAttributeChange = .keep,
        readAs: Fields? = nil
    ) {
        self.title = title
        self.notes = notes
        self.due = due
        self.attributes = attributes
        self.readAs = readAs
    }

    /// The fields this edit sets that were changed since `readAs` was read, as `current` shows:
    /// "title", "notes", "due date"; empty when there is no conflict.
    func conflicts(with current: TodoObject, title: String, notes: String, dueAt: Date?) -> [String] {
        guard let readAs else { return [] }
        func changed<Value: Equatable>(_ read: Value, _ now: Value, _ new: Value) -> Bool { now != read && now != new }
        var fields: [String] = []
        if self.title != nil, changed(readAs.title, current.title, title) { fields.append("title") }
        if self.notes != nil, changed(readAs.notes, current.notes, notes) { fields.append("notes") }
        if due != .keep,
            changed(
                readAs.dueAt?.storedMilliseconds, current.dueAt?.storedMilliseconds, dueAt?.storedMilliseconds)
        {
            fields.append("due date")
        }
        return fields
    }

    /// The due date after the edit, for a todo whose stored one is `stored`.
    func dueAt(from stored: Date?) -> Date? {
        switch due {
        case .keep: stored
        case .set(let date): date
        case .remove: nil
        }
    }
}
