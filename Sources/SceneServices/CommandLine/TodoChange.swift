package import Domain
package import Foundation

/// What an edit from the command line changes in a todo. A field left `nil` (or a due date left
/// ``Due/keep``) keeps what is stored, even when another process changed it meanwhile.
package struct TodoChange: Sendable, Hashable {
    /// What the edit does to the due date.
    package enum Due: Sendable, Hashable {
        /// Keep the stored one.
        case keep
        /// Make it this moment.
        case set(Date)
        /// Take it away.
        case remove
    }

    /// The new title, or `nil` to keep it. An empty title is refused.
    package var title: String?
    /// The new notes, or `nil` to keep them.
    package var notes: String?
    /// The due date's change.
    package var due: Due
    /// The change of the tags, project, priority and recurrence.
    package var attributes: TodoAttributeChange

    /// A change of the fields given; by default none.
    package init(
        title: String? = nil, notes: String? = nil, due: Due = .keep, attributes: TodoAttributeChange = .keep
    ) {
        self.title = title
        self.notes = notes
        self.due = due
        self.attributes = attributes
    }
}
