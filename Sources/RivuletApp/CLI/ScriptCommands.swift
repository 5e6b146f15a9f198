import Domain
import Foundation
import SceneServices
import Streams
import TerminalUI

/// The subcommands for scripts: each runs one operation through the services the composition
/// root started, and prints a plain result.
enum ScriptCommands {
    static func run(_ invocation: RivuletInvocation) -> Int32 {
        let services: Services
        var settings = AppSettings()
        if case .feedsDownload = invocation.command {
            // The download folder is the settings file's to name.
            let path = Composition.settingsPath()
            let problems: [String]
            (settings, problems) = Composition.settings(at: path)
            for problem in problems { Output.error("rivulet: \(path), \(problem) It is skipped.") }
        }
        let onlyReads = invocation.command.onlyReads
        switch Composition.startServices(options: invocation.options, onlyReads: onlyReads, settings: settings) {
        case .success(let started): services = started
        case .failure(let failure):
            Output.error("rivulet: \(failure.message)")
            return failure.status
        }
        if onlyReads, let path = services.createdDatabasePath {
            // A read of a path typed wrong would list a new database's welcome todos as if they
            // were the person's own: say where they came from.
            let options = invocation.options
            let typed = options.databasePath != nil
            let check = typed ? "; check the path if you meant another" : Composition.environmentNote(options)
            Output.error(
                "rivulet: note: there was no database at \(path), so a new one was made there, with the welcome "
                    + "todos and a sample feed\(check)")
        }
        do {
            try perform(invocation.command, services: services)
            return Rivulet.success
        } catch {
            Output.error("rivulet: \(error.message)")
            return Rivulet.failure
        }
    }

    private static func perform(_ command: RivuletCommand, services: Services) throws(CommandFailure) {
        let todos = services.makeCommandLineService()
        switch command {
        case .add(let title, let notes, let due, let attributes):
            let todo = try value(
                of: todos.addTodo(title: title, notes: notes, dueAt: due?.date, attributes: attributes))
            Output.line(String(todo.id))
        case .list(let filter, let json, let search, let sort):
            try write(json: json, line: listLine) { (cursor, size) throws(CommandFailure) in
                try value(of: todos.fetchTodos(filter: filter, search: search, sort: sort, after: cursor, limit: size))
            }
        case .completed(let period, let json):
            // Without a period, every done todo: from the first moment to a day from now.
            let (start, end) = (period?.start() ?? Date(timeIntervalSince1970: 0), period?.end() ?? Date() + 86_400)
            try write(json: json, line: completedLine) { (cursor, size) throws(CommandFailure) in
                try value(of: todos.fetchCompleted(from: start, to: end, after: cursor, limit: size))
            }
        case .next(let count, let json):
            let todos = try value(of: todos.fetchMostUrgent(limit: count))
            if json {
                Output.line("[" + todos.map { todoJSON.value(of: $0).text }.joined(separator: ",") + "]")
            } else {
                let now = Date()
                Output.write(todos.map { nextLine($0, now: now) }.joined())
            }
        case .show(let id, let json):
            guard let todo = try value(of: todos.fetchTodo(id: id)) else {
                throw CommandFailure("there is no todo \(id)")
            }
            Output.write(json ? todoJSON.value(of: todo).text + "\n" : shown(todo, now: Date()))
        case .done(let ids):
            try setCompleted(ids, true, todos: todos)
        case .reopen(let ids):
            try setCompleted(ids, false, todos: todos)
        case .undo(let id?):
            try setCompleted([id], false, todos: todos)
            Output.error(
                "rivulet: note: 'undo \(id)' reopened todo \(id), as 'reopen \(id)' does; 'undo' alone undoes the last change"
            )
        case .undo(nil):
            guard let step = try value(of: todos.undo()) else { throw CommandFailure("there is nothing to undo") }
            Output.line("undid: \(TextSanitizer.sanitize(step.label))")
        case .redo:
            guard let step = try value(of: todos.redo()) else { throw CommandFailure("there is nothing to redo") }
            Output.line("redid: \(TextSanitizer.sanitize(step.label))")
        case .remove(let ids):
            report("deleted", try value(of: todos.removeTodos(ids: ids)))
        case .edit(let id, let title, let notes, let dueChange, let attributes):
            // Only the options given are written: the other fields stay as stored, even when
            // another process changes them meanwhile.
            let due: TodoChange.Due =
                switch dueChange {
                case .unchanged: .keep
                case .set(let day): .set(day.date)
                case .remove: .remove
                }
            let change = TodoChange(title: title, notes: notes, due: due, attributes: attributes)
            report("changed", [try value(of: todos.updateTodo(id: id, change))])
        case .feedsAdd, .feedsList, .feedsItems, .feedsRefresh, .feedsRemove, .feedsSetRead, .feedsImport,
            .feedsExport, .feedsDownload:
            try FeedCommands.perform(command, services: services)
        case .feedsListTagged, .feedsTag, .feedsRuleAdd, .feedsQueryRemove, .feedsFilterRemove, .feedsRuleList,
            .feedsQueryShow:
            try FeedCommands.perform(command, services: services)
        case .app, .help, .version:
            break
        }
    }

    /// Writes the todos `read` gives batch by batch (as JSON, or a `line` each), each batch
    /// written before the next is read: memory stays that of one batch however long the list (a
    /// whole million-todo list held at once took 600 MB). `read` is given the batch size.
    private static func write(
        json: Bool, line: (Todo) -> String,
        _ read: (TodoBatch.Cursor?, Int) throws(CommandFailure) -> TodoBatch
    ) throws(CommandFailure) {
        var cursor: TodoBatch.Cursor?
        var isFirst = true
        if json { Output.write("[") }
        repeat {
            let batch = try read(cursor, 10_000)
            var text = ""
            for todo in batch.todos {
                if json {
                    if !isFirst { text += "," }
                    text += todoJSON.value(of: todo).text
                } else {
                    text += line(todo)
                }
                isFirst = false
            }
            Output.write(text)
            cursor = batch.next
        } while cursor != nil
        if json { Output.line("]") }
    }

    /// One line of `list`: ID, `[x]` when done, title with its attributes, due day.
    static func listLine(_ todo: Todo) -> String {
        "\(todo.id)\t[\(todo.isCompleted ? "x" : " ")] " + titleAndDue(todo)
    }

    /// One line of `completed`: ID, the local moment it was completed to the minute, title with
    /// its attributes, due day.
    static func completedLine(_ todo: Todo) -> String {
        let moment = todo.completedAt.map { localMinute($0) } ?? "?"
        return "\(todo.id)\t\(moment)\t" + titleAndDue(todo)
    }

    /// `2026-11-29 13:31`: the minute `date` falls in, in `timeZone`.
    static func localMinute(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let minutes = (seconds % 86_400 + 86_400) % 86_400 / 60
        return "\(DueDay(date, in: timeZone)) " + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// A todo's title with its attributes as they are written, and its due day, ending the line.
    static func titleAndDue(_ todo: Todo) -> String {
        var text = TextSanitizer.sanitize(todo.title)
        if todo.attributes != .none { text += " " + TextSanitizer.sanitize(TodoLine.written(todo.attributes)) }
        if let due = todo.dueAt { text += "\tdue \(day(of: due))" }
        return text + "\n"
    }

    /// What `list --json` prints for each todo.
    static let todoJSON = JSONShape<Todo>([
        ("id", { .int($0.id) }),
        ("title", { .string($0.title) }),
        ("notes", { .string($0.notes) }),
        ("completed", { .bool($0.isCompleted) }),
        ("due", { .optional($0.dueAt.map(day(of:))) }),
        ("createdAt", { .string(moment($0.createdAt)) }),
        ("modifiedAt", { .string(moment($0.modifiedAt)) }),
        ("completedAt", { .optional($0.completedAt.map(moment)) }),
        ("tags", { .array($0.attributes.tags.map(JSONValue.string)) }),
        ("project", { .optional($0.attributes.project) }),
        ("priority", { .optional($0.attributes.priority?.rawValue) }),
        ("recurrence", { .optional($0.attributes.recurrence?.written) }),
        // As `next` ranks it, at the moment it is written, to a thousandth (its age part moves
        // with every second); a done todo has none.
        ("urgency", { $0.isCompleted ? .null : .number((urgency(of: $0, now: Date()) * 1000).rounded() / 1000) }),
    ])

    /// A stored moment as ISO 8601 in UTC, to the second: `2026-11-29T13:31:05Z`.
    static func moment(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: DueDay.utc))
    }

    /// One line of `next`: ID, urgency to one decimal, title with its attributes, due day.
    static func nextLine(_ todo: Todo, now: Date) -> String {
        let score = urgency(of: todo, now: now)
            .formatted(.number.precision(.fractionLength(1)).locale(Locale(identifier: "en_US_POSIX")))
        return "\(todo.id)\t\(score)\t" + titleAndDue(todo)
    }

    /// `show`'s lines: a field a line, its name padded to one column, then the notes whole.
    static func shown(_ todo: Todo, now: Date) -> String {
        let attributes = todo.attributes
        let today = DueDay.today(now: now)
        let fields: [(String, String?)] = [
            ("ID", String(todo.id)), ("Title", todo.title),
            ("State", todo.isCompleted ? "done" : "not done"),
            ("Due", todo.dueAt.map { "\(DueDay($0)) (\(DueDay($0).shortDistance(from: today)))" }),
            ("Tags", attributes.tags.isEmpty ? nil : attributes.tags.joined(separator: " ")),
            ("Project", attributes.project), ("Priority", attributes.priority?.rawValue),
            ("Recurrence", attributes.recurrence?.written),
            ("Next due", todo.nextDue.map(\.description)),
            ("Urgency", todo.isCompleted ? nil : String(format: "%.1f", urgency(of: todo, now: now))),
            // Local minutes, as `completed` lists them; `--json` has the UTC moments.
            ("Created", localMinute(todo.createdAt)), ("Modified", localMinute(todo.modifiedAt)),
            ("Completed", todo.completedAt.map { localMinute($0) }),
        ]
        var text = fields.compactMap { name, value in
            value.map { name.padding(toLength: 12, withPad: " ", startingAt: 0) + TextSanitizer.sanitize($0) + "\n" }
        }.joined()
        if !todo.notes.isEmpty {
            // The notes keep their lines, each indented, so that no line of them reads as a field.
            text +=
                "Notes\n"
                + todo.notes.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + TextSanitizer.sanitize(String($0)) + "\n" }.joined()
        }
        return text
    }

    /// The ``Urgency`` of `todo` at `now`.
    static func urgency(of todo: Todo, now: Date) -> Double {
        Urgency.score(
            due: todo.dueAt, priority: todo.attributes.priority, createdAt: todo.createdAt,
            tagCount: todo.attributes.tags.count, hasProject: todo.attributes.project != nil, now: now)
    }

    /// The UTC day `date` falls on, as `YYYY-MM-DD`.
    static func day(of date: Date) -> String {
        DueDay(date).description
    }

    /// Says what a change did, a line per todo: `deleted 3 "Buy milk"`, each line ended by what
    /// `after` adds for its todo.
    private static func report(_ verb: String, _ changed: [Todo], after: (Todo) -> String = { _ in "" }) {
        Output.write(
            changed.map { "\(verb) \($0.id) \"\(TextSanitizer.sanitize($0.title))\"\(after($0))\n" }.joined())
    }

    /// `done` (`isCompleted`) or `reopen` of `ids` as one change: a line per todo, and for one
    /// that was so already, that it was (`done 3 "Bins" (already done)`); only a todo done now
    /// made its next one, so only it names the day that one is due.
    private static func setCompleted(
        _ ids: [Int64], _ isCompleted: Bool, todos: any CommandLineServiceType
    ) throws(CommandFailure) {
        let already = Set(ids.filter { id in (try? value(of: todos.fetchTodo(id: id)))??.isCompleted == isCompleted })
        let changed = try value(of: todos.setCompleted(todoIDs: ids, isCompleted))
        report(isCompleted ? "done" : "reopened", changed) { todo in
            let was = already.contains(todo.id) ? " (already \(isCompleted ? "done" : "not done"))" : ""
            let next = isCompleted && was.isEmpty ? todo.nextDue.map { ", next due \($0)" } ?? "" : ""
            return next + was
        }
    }

    /// Subscribes to a service's operation or observation and waits for its first result.
    static func value<T: Sendable>(of operation: Observable<Result<T, SceneError>>) throws(CommandFailure) -> T {
        switch firstValue(of: operation) {
        case .success(let value)?:
            return value
        case .failure(let error)?:
            throw CommandFailure(Composition.message(error))
        case nil:
            throw CommandFailure("the operation ended without a result")
        }
    }

    /// Subscribes to `operation`, waits for its end and returns its last value; `nil` when it
    /// fails or ends without one.
    static func lastValue<T: Sendable>(of operation: Observable<T>) -> T? {
        (try? operation.toBlocking().last()) ?? nil
    }

    /// Subscribes to `operation`, waits for its first value (or its end) and returns it; `nil`
    /// when it ends or fails without one.
    static func firstValue<T: Sendable>(of operation: Observable<T>) -> T? {
        (try? operation.toBlocking().first()) ?? nil
    }
}
