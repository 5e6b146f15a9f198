import BaseServices
import Domain
import Foundation
import Streams
import TerminalUI
import ViewModels

/// The subcommands for scripts: each runs one operation over the base services and prints a
/// plain result.
enum ScriptCommands {
    static func run(_ invocation: RivuletInvocation) -> Int32 {
        let started = Composition.startServices(options: invocation.options, onlyReads: invocation.command.onlyReads)
        if case .failure(let failure) = started {
            Output.error("rivulet: \(failure.message)")
            return failure.status
        }
        do {
            try perform(invocation.command)
            return Rivulet.success
        } catch {
            Output.error("rivulet: \(error.message)")
            return Rivulet.failure
        }
    }

    private static func perform(_ command: RivuletCommand) throws(CommandFailure) {
        let todos: any TodosBaseServiceType = TodosBaseService.shared
        switch command {
        case .add(let title, let notes, let due):
            let todo = try value(of: todos.create(title: title, notes: notes, due: due?.date))
            Output.line(String(todo.id))
        case .list(let filter, let json):
            try list(filter: filter, json: json, todos: todos)
        case .done(let id):
            _ = try value(of: todos.setCompleted(id: id, true))
        case .reopen(let id):
            _ = try value(of: todos.setCompleted(id: id, false))
        case .undo(let id?):
            Output.error("rivulet: note: 'undo ID' is now spelled 'reopen \(id)'; 'undo' alone undoes the last change")
            _ = try value(of: todos.setCompleted(id: id, false))
        case .undo(nil):
            guard let step = try value(of: todos.undo()) else { throw CommandFailure("there is nothing to undo") }
            Output.line("undid: \(TextSanitizer.sanitize(step.label))")
        case .redo:
            guard let step = try value(of: todos.redo()) else { throw CommandFailure("there is nothing to redo") }
            Output.line("redid: \(TextSanitizer.sanitize(step.label))")
        case .remove(let id):
            _ = try value(of: todos.delete(id: id))
        case .edit(let id, let title, let notes, let dueChange):
            // Only the options given are written: the other fields stay as stored, even when
            // another process changes them meanwhile.
            let due: TodoEdit.Due =
                switch dueChange {
                case .unchanged: .keep
                case .set(let day): .set(day.date)
                case .remove: .remove
                }
            _ = try value(of: todos.update(id: id, TodoEdit(title: title, notes: notes, due: due)))
        case .feedsAdd, .feedsList, .feedsItems, .feedsRefresh, .feedsRemove, .feedsSetRead, .feedsImport,
            .feedsExport:
            try FeedCommands.perform(command)
        case .app, .help, .version:
            break
        }
    }

    private static func list(filter: TodoFilter, json: Bool, todos: any TodosBaseServiceType) throws(CommandFailure) {
        // Page by page, each page written before the next is read: memory stays that of one
        // page however long the list (a whole million-todo list held at once took 600 MB).
        // Each page starts after the last todo of the one before, so no page skips over the
        // todos already listed (an offset did, which made a long list quadratic).
        var last: TodoObject?
        let page = 10_000
        if json { Output.write("[") }
        while true {
            let todosOfPage = try value(of: todos.fetchPage(filter: filter, after: last, limit: page))
            var text = ""
            for todo in todosOfPage {
                if json {
                    if last != nil { text += "," }
                    text += todoJSON.value(of: todo).text
                } else {
                    text += "\(todo.id)\t[\(todo.isCompleted ? "x" : " ")] \(TextSanitizer.sanitize(todo.title))"
                    if let due = todo.dueAt { text += "\tdue \(day(of: due))" }
                    text += "\n"
                }
                last = todo
            }
            Output.write(text)
            if todosOfPage.count < page { break }
        }
        if json { Output.line("]") }
    }

    /// What `list --json` prints for each todo.
    static let todoJSON = JSONShape<TodoObject>([
        ("id", { .int($0.id) }),
        ("title", { .string($0.title) }),
        ("notes", { .string($0.notes) }),
        ("completed", { .bool($0.isCompleted) }),
        ("due", { .optional($0.dueAt.map(day(of:))) }),
    ])

    /// The UTC day `date` falls on, as `YYYY-MM-DD`.
    static func day(of date: Date) -> String {
        DueDay(date).description
    }

    /// Subscribes to a base-service operation or observation and waits for its first result.
    static func value<T: Sendable>(of operation: Observable<Result<T, BaseServiceError>>) throws(CommandFailure) -> T {
        switch firstValue(of: operation) {
        case .success(let value)?:
            return value
        case .failure(let error)?:
            throw CommandFailure(Composition.databaseMessage(error))
        case nil:
            throw CommandFailure("the operation ended without a result")
        }
    }

    /// Subscribes to `operation`, waits for its first value (or its end) and returns it; `nil`
    /// when it ends or fails without one.
    static func firstValue<T: Sendable>(of operation: Observable<T>) -> T? {
        (try? operation.toBlocking().first()) ?? nil
    }
}
