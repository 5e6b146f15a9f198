import BaseServices
import Domain
import Foundation
import Harness
import SQLiteProvider
import SQLiteRawBenchmarks
import Streams

/// The app's path to the same rows: the todos base service of `BaseServices` (its public API),
/// over the app's database. Not a peer: it shows what the app's window query adds to the
/// provider's plain read, and guards the app's window reads with the same checksum.
public enum RivuletTodos {
    static var todos: any TodosBaseServiceType { TodosBaseService.shared }

    /// Reads every todo with `fetchWindow` (all todos, manual order, one window of
    /// `SQLiteWorkload.rows`); returns milliseconds.
    public static func fetchWindow() throws -> Sample {
        let rows = SQLiteWorkload.rows
        try RivuletDatabase.ensureTodos(rows)
        let expected = SQLiteWorkload.expectedChecksum(rows: rows)
        let box = Box<Swift.Result<TodoPageObject, DatabaseError>?>(nil)
        let query = TodoQuery(filter: .all, search: "", sort: .manual, offset: 0, limit: rows)
        let elapsed = measureNanoseconds {
            todos.fetchWindow(query).subscribe(onNext: { box.value = $0 }).dispose()
        }
        guard let result = box.value else { throw BenchmarkFailure("app fetchWindow: no result") }
        let window = try result.get()
        var checksum = 0
        for todo in window.todos {
            SQLiteWorkload.mix(
                &checksum, id: todo.id, titleLength: todo.title.utf8.count, done: todo.isCompleted,
                position: todo.position, created: todo.createdAt.timeIntervalSince1970)
        }
        blackHole(window)
        try expectEqual(window.totalCount, rows, "app fetchWindow count")
        if checksum != expected { throw BenchmarkFailure(firstDifference(window.todos, checksum, expected)) }
        return Sample(elapsed / 1e6)
    }

    /// Names the first row that differs from the workload's, so a failed checksum says what
    /// was read wrong.
    static func firstDifference(_ todos: [TodoObject], _ checksum: Int, _ expected: Int) -> String {
        var message = "app fetchWindow checksum: got \(checksum), expected \(expected)"
        for (index, todo) in todos.enumerated() {
            let wanted = (
                id: Int64(index + 1), title: SQLiteWorkload.title(index), done: SQLiteWorkload.isDone(index),
                position: SQLiteWorkload.position(index),
                created: Double(SQLiteWorkload.timestamp(index)) / 1000
            )
            let read = (
                id: todo.id, title: todo.title, done: todo.isCompleted, position: todo.position,
                created: todo.createdAt.timeIntervalSince1970
            )
            if read != wanted {
                message += "; row \(index) is \(read), expected \(wanted)"
                break
            }
        }
        return message
    }
}
