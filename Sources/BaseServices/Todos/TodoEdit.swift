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

    /// An edit of the fields given; the others keep what is stored.
    public init(title: String? = nil, notes: String? = nil, due: Due = .keep) {
        self.title = title
        self.notes = notes
        self.due = due
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
