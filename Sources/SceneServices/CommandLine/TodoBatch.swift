internal import BaseServices
internal import Foundation

/// Todos read in order a batch at a time (``CommandLineServiceType/fetchTodos(filter:search:sort:after:limit:)``),
/// so that a list of any length is read with the memory of one batch.
package struct TodoBatch: Sendable {
    /// Where the next batch starts: just after the last todo of a batch.
    package struct Cursor: Sendable {
        /// The last todo read, as stored: its place in the order and its identifier.
        let last: TodoObject
        /// The moment the listing places todos in the urgency order at, the same for every batch.
        let now: Date
    }

    /// The todos of this batch, in order.
    package let todos: [Todo]
    /// Where the next batch starts, or `nil` when this one reached the end of the list.
    package let next: Cursor?

    /// A batch of `todos`, followed by the batch at `next` (`nil`: none).
    package init(todos: [Todo], next: Cursor?) {
        self.todos = todos
        self.next = next
    }

    /// The batch a read of up to `limit` todos at `now` gave; a short batch is the last.
    static func reading(
        _ result: Result<[TodoObject], BaseServiceError>, limit: Int, now: Date
    ) -> Result<TodoBatch, SceneError> {
        result.toScene { objects in
            TodoBatch(
                todos: objects.map(Todo.init),
                next: objects.count < limit ? nil : objects.last.map { Cursor(last: $0, now: now) })
        }
    }
}
