package import Domain
package import SceneServices

/// One row of the todo list: what the list renders for a todo, nothing more.
package struct TodoRow: Sendable, Hashable, Identifiable {
    /// The todo's identifier.
    package let id: Int64
    /// Its title.
    package let title: String
    /// Whether it is done.
    package let isCompleted: Bool
    /// Its due day as `YYYY-MM-DD`, or `nil` when it has none.
    package let dueText: String?
    /// Its position in the whole list (not the window), from 0.
    package let position: Int
    /// Its tags, project, priority and recurrence.
    package let attributes: TodoAttributes

    /// Creates a row.
    package init(
        id: Int64, title: String, isCompleted: Bool, dueText: String?, position: Int,
        attributes: TodoAttributes = .none
    ) {
        self.id = id
        self.title = title
        self.isCompleted = isCompleted
        self.dueText = dueText
        self.position = position
        self.attributes = attributes
    }

    /// The todo as one written line, as the rename line starts: its title and every attribute,
    /// its due day included (``TodoLine``).
    package var line: String { TodoLine.written(title: title, attributes: attributes, due: due) }

    /// Its tags, project, priority and recurrence as a line writes them (`+home pri:H`); empty when it has none.
    package var attributesText: String { TodoLine.written(attributes) }

    /// The title as the list shows it: followed by its attributes, when it has any.
    package var shownText: String { attributes == .none ? title : title + "  " + attributesText }

    /// The due day, or `nil` when it has none.
    package var due: DueDay? { dueText.flatMap(DueDay.init) }

    /// How the due day stands on `today`: a done todo, or one with no due day, is never late.
    package func dueStatus(on today: DueDay?) -> DueStatus {
        DueStatus(of: isCompleted ? nil : due, on: today)
    }

    /// The row of `todo` at `position`.
    package init(_ todo: Todo, position: Int) {
        self.init(
            id: todo.id, title: todo.title, isCompleted: todo.isCompleted, dueText: todo.dueAt.map(DueDate.format),
            position: position, attributes: todo.attributes)
    }
}
