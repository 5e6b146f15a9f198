internal import BaseServices

/// Todos read in the list's order a batch at a time (``CommandLineServiceType/fetchTodos(filter:after:limit:)``),
/// so that a list of any length is read with the memory of one batch.
package struct TodoBatch: Sendable {
    /// Where the next batch starts: just after the last todo of a batch.
    package struct Cursor: Sendable {
        /// The last todo read, as stored: its place in the list and its identifier.
        let last: TodoObject
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
}
