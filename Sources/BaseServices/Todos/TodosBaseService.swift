public import Domain
public import Foundation
public import SQLiteProvider
public import Streams

/// The todos base service: the only code that reads and writes todos in the database.
///
/// Configure the base services once at start-up, then use the shared instance through its
/// protocol:
///
/// ```swift
/// try configureBaseServices(BaseServicesConfiguration(database: .standard, environment: .production))
/// let todos: any TodosBaseServiceType = TodosBaseService.shared
/// ```
public final class TodosBaseService: TodosBaseServiceType {
    /// The instance over the configured database. Using it before ``configureBaseServices(_:)``
    /// stops the program with a message saying so.
    public static let shared = TodosBaseService(context: BaseServicesRegistry.requireContext(for: "TodosBaseService"))

    let context: ServiceContext
    var database: SQLiteDatabase { context.database }

    /// An instance over `context`; tests use it with a temporary database.
    init(context: ServiceContext) {
        self.context = context
    }

    // MARK: Writing

    /// Creates a todo at the end of the manual order. An empty title is refused.
    public func create(title: String, notes: String, due: Date?) -> Observable<Result<TodoObject, DatabaseError>> {
        create(title: title, notes: notes, due: due, attributes: .none)
    }

    /// Creates a todo with tags, a project, a priority or a recurrence at the end of the manual
    /// order. An empty title is refused, and so is a recurrence without a due date.
    public func create(
        title: String, notes: String, due: Date?, attributes: TodoAttributes
    ) -> Observable<Result<TodoObject, DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            try Self.checkRecurrence(attributes.recurrence, dueAt: due)
            return try insertTodo(TodoDraft(title: title, notes: notes, dueAt: due, attributes: attributes), in: db)
        }
    }

    /// Changes the fields `edit` names, keeping the others as stored. An edit that changes
    /// nothing writes nothing, and the history gets no step.
    public func update(id: Int64, _ edit: TodoEdit) -> Observable<Result<TodoObject, DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            // Read and written in one transaction: a field another process changed since the
            // caller read the todo stays as that process left it unless this edit names it.
            let current = try Self.todo(id: id, in: db)
            var title = current.title
            if let edited = edit.title { title = try Self.validTitle(edited) }
            let notes = edit.notes ?? current.notes
            let due = edit.dueAt(from: current.dueAt)
            let attributes = current.attributes.changed(by: edit.attributes)
            try Self.checkRecurrence(attributes.recurrence, dueAt: due)
            let conflicts = edit.conflicts(with: current, title: title, notes: notes, dueAt: due)
            if !conflicts.isEmpty {
                throw DatabaseError(
                    kind: .conflict,
                    message:
                        "the todo's \(conflicts.joined(separator: " and ")) changed since it was read; nothing was saved"
                )
            }
            // An edit that changes nothing writes nothing, so undo has nothing to take back.
            if title == current.title, notes == current.notes, attributes == current.attributes,
                due?.storedMilliseconds == current.dueAt?.storedMilliseconds
            {
                return current
            }
            try record("edit \(History.quoted(title))", rowsWhere: "id = ?", [.integer(id)], in: db)
            let stored = StoredAttributes(attributes)
            let anchorDay = Self.anchorDay(of: current, editedTo: due, attributes)
            try db.execute(
                """
                UPDATE todos SET title = ?, notes = ?, due_at = ?, updated_at = ?, tags = ?, project = ?, priority = ?,
                    recurrence = ?, anchor_day = ?
                WHERE id = ?
                """,
                [
                    .text(title), .text(notes), .integer(due?.storedMilliseconds), .integer(nowMilliseconds),
                    .text(stored.tags), .text(stored.project), .text(stored.priority), .text(stored.recurrence),
                    .integer(anchorDay.map(Int64.init)), .integer(id),
                ])
            guard db.changedRowCount > 0 else { throw Self.notFound(id) }
            if context.searchIndex == .words { try SearchText.indexWords(of: id, title: title, notes: notes, in: db) }
            return try Self.todo(id: id, in: db)
        }
    }

    /// Flips a todo between done and not done.
    public func toggle(id: Int64) -> Observable<Result<TodoObject, DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let todo = try Self.todo(id: id, in: db)
            return try setCompleted(id: id, !todo.isCompleted, in: db)
        }
    }

    /// Marks a todo done or not done.
    public func setCompleted(id: Int64, _ isCompleted: Bool) -> Observable<Result<TodoObject, DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            try setCompleted(id: id, isCompleted, in: db)
        }
    }

    /// Marks every todo done, or, when all already are, marks them all not done. Sends how many
    /// todos changed.
    public func toggleAll() -> Observable<Result<Int, DatabaseError>> {
        toggleAll(matching: TodoQuery())
    }

    /// Deletes a todo and sends it as it was.
    public func delete(id: Int64) -> Observable<Result<TodoObject, DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let todo = try Self.todo(id: id, in: db)
            try record("delete \(History.quoted(todo.title))", rowsWhere: "id = ?", [.integer(id)], in: db)
            try db.execute("DELETE FROM todos WHERE id = ?", [.integer(id)])
            return todo
        }
    }

    /// Deletes every done todo and sends how many there were.
    public func clearCompleted() -> Observable<Result<Int, DatabaseError>> {
        clearCompleted(matching: TodoQuery())
    }

    /// Moves a todo in the manual order to just after `after`, or to the top when `after` is
    /// `nil`.
    public func reorder(id: Int64, after: Int64?) -> Observable<Result<TodoObject, DatabaseError>> {
        database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            let moving = try Self.todo(id: id, in: db)
            guard after != id else { return moving }
            try record("move \(History.quoted(moving.title))", rowsWhere: "id = ?", [.integer(id)], in: db)
            var position = try Self.position(after: after, moving: id, in: db)
            if position == nil {
                try Self.renumberPositions(in: db)
                position = try Self.position(after: after, moving: id, in: db)
            }
            guard let position else {
                throw DatabaseError(kind: .invalidValue, message: "no room to move todo \(id)")
            }
            try db.execute(
                "UPDATE todos SET position = ?, updated_at = ? WHERE id = ?",
                [.integer(position), .integer(nowMilliseconds), .integer(id)])
            return try Self.todo(id: id, in: db)
        }
    }

    // MARK: Reading

    /// Fetches one page of todos once, after the todo given.
    public func fetchPage(
        _ query: TodoQuery, after: TodoObject?, limit: Int, now: Date?
    ) -> Observable<Result<[TodoObject], DatabaseError>> {
        let searchIndex = context.searchIndex
        let context = context
        return database.readOnSubscribe { (db) throws(DatabaseError) in
            try Self.page(
                query, after: after, limit: limit, searchIndex: searchIndex,
                now: (now ?? context.now()).storedMilliseconds, in: db)
        }
    }

    /// Fetches one window of todos once.
    public func fetchWindow(_ query: TodoQuery) -> Observable<Result<TodoPageObject, DatabaseError>> {
        let searchIndex = context.searchIndex
        let context = context
        return database.readOnSubscribe { (db) throws(DatabaseError) in
            try Self.window(query, searchIndex: searchIndex, now: context.now().storedMilliseconds, in: db)
        }
    }

    /// Fetches one todo once; `nil` when there is none with that identifier.
    public func fetch(id: Int64) -> Observable<Result<TodoObject?, DatabaseError>> {
        database.readOnSubscribe { (db) throws(DatabaseError) in try Self.optionalTodo(id: id, in: db) }
    }

    /// Observes a window of todos.
    public func observeWindow(
        _ query: TodoQuery, on scheduler: any Scheduler
    ) -> Observable<Result<TodoPageObject, DatabaseError>> {
        let searchIndex = context.searchIndex
        let context = context
        // The urgency order is read at the time of each reading (after every commit).
        return database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try Self.window(query, searchIndex: searchIndex, now: context.now().storedMilliseconds, in: db)
        }
    }

    /// Observes one todo; `nil` once it is deleted.
    public func observeTodo(id: Int64, on scheduler: any Scheduler) -> Observable<Result<TodoObject?, DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in try Self.optionalTodo(id: id, in: db) }
    }

    /// Observes how many todos there are, in all and by state.
    public func observeCounts(on scheduler: any Scheduler) -> Observable<Result<TodoTally, DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in
            try db.fetchOne("SELECT count(*), coalesce(sum(completed), 0) FROM todos") {
                let total = $0.int(at: 0)
                let completed = $0.int(at: 1)
                return TodoTally(active: total - completed, completed: completed)
            } ?? TodoTally(active: 0, completed: 0)
        }
    }

    /// Observes how many todos are not yet done.
    public func observeActiveCount(on scheduler: any Scheduler) -> Observable<Result<Int, DatabaseError>> {
        database.observe(on: scheduler) { (db) throws(DatabaseError) in
            Int(try db.fetchInt("SELECT count(*) FROM todos WHERE completed = 0"))
        }
    }

    // MARK: Bulk

    /// Creates one todo per title in a single transaction; sends how many were created.
    public func createMany(titles: [String]) -> Observable<Result<Int, DatabaseError>> {
        let drafts = titles.map { TodoDraft(title: $0) }
        return database.writeOnSubscribe { [self] (db) throws(DatabaseError) in
            guard !drafts.isEmpty else { return 0 }
            let change = try History.begin("add \(History.todos(drafts.count))", at: nowMilliseconds, in: db)
            return try insertDrafts(drafts, change: change, in: db)
        }
    }

    /// Creates many todos in one transaction, in order, at the end of the manual order; returns
    /// how many were created. Used for fixtures and imports.
    func insert(_ drafts: [TodoDraft]) throws(DatabaseError) -> Int {
        try database.write { [self] (db) throws(DatabaseError) in try insertDrafts(drafts, change: nil, in: db) }
    }

    /// Inserts `drafts` inside the caller's write transaction, recorded in the history's
    /// `change` when there is one; returns how many were inserted.
    ///
    /// SQLite sets up an insert's triggers (the search index, the counts) and opens the cursors
    /// of every index of `todos` once per statement, so most drafts go in statements of
    /// ``rowsPerInsert`` rows, which add them about five times as fast as one row each. Where
    /// the service keeps its own word index, every row goes alone: its words need its identifier.
    private func insertDrafts(_ drafts: [TodoDraft], change: Int64?, in db: Connection) throws(DatabaseError) -> Int {
        let now = nowMilliseconds
        var position = try db.fetchInt("SELECT coalesce(max(position), 0) FROM todos")
        var firstID: Int64?
        var start = drafts.startIndex
        if context.searchIndex != .words, drafts.count >= Self.rowsPerInsert {
            let statement = try db.cachedStatement(Self.insertRowsSQL)
            defer { statement.reset() }
            while drafts.endIndex - start >= Self.rowsPerInsert {
                statement.reset()
                for row in 0..<Self.rowsPerInsert {
                    let draft = drafts[start + row]
                    position += Self.positionStep
                    Self.bind(
                        draft, title: try Self.validTitle(draft.title), position: position, now: now, to: statement,
                        row: row)
                }
                try statement.run()
                // The rows of one statement take consecutive identifiers; the last is reported.
                if firstID == nil { firstID = db.lastInsertedRowID - Int64(Self.rowsPerInsert - 1) }
                start += Self.rowsPerInsert
            }
        }
        let statement = try db.cachedStatement(Self.insertSQL)
        defer { statement.reset() }
        for draft in drafts[start...] {
            let title = try Self.validTitle(draft.title)
            position += Self.positionStep
            statement.reset()
            Self.bind(draft, title: title, position: position, now: now, to: statement)
            try statement.run()
            if firstID == nil { firstID = db.lastInsertedRowID }
            if context.searchIndex == .words {
                try SearchText.indexWords(of: db.lastInsertedRowID, title: title, notes: draft.notes, in: db)
            }
        }
        // Identifiers only grow (AUTOINCREMENT), so the new todos are those from the first on.
        if let change, let firstID { try History.recordAbsent(from: firstID, change: change, in: db) }
        return drafts.count
    }

    // MARK: Rows

    static let columns =
        "id, title, notes, completed, created_at, updated_at, completed_at, position, due_at, tags, project, "
        + "priority, recurrence, anchor_day"
    /// How many values ``insertSQL`` binds for one todo.
    static let insertedColumnCount = 13
    /// One row of ``insertedColumnCount`` values to bind.
    private static let rowOfValues =
        "(" + Array(repeating: "?", count: insertedColumnCount).joined(separator: ", ") + ")"
    static let insertSQL =
        "INSERT INTO todos(title, notes, completed, created_at, updated_at, completed_at, position, due_at, tags, "
        + "project, priority, recurrence, anchor_day) VALUES " + rowOfValues
    /// How many todos one statement of ``insertRowsSQL`` inserts: 64 rows of 13 values stay
    /// under the 999 variables a statement may have in SQLite builds older than 3.32.
    static let rowsPerInsert = 64
    /// ``insertSQL`` with ``rowsPerInsert`` rows of values.
    static let insertRowsSQL =
        insertSQL
        + String(repeating: ", " + rowOfValues, count: rowsPerInsert - 1)
    static let positionStep: Int64 = 1024

    /// Decodes a row selected with ``columns``.
    @inline(__always)
    static func decode(_ row: Statement) -> TodoObject {
        TodoObject(
            id: row.int64(at: 0),
            title: row.string(at: 1),
            notes: row.string(at: 2),
            isCompleted: row.bool(at: 3),
            createdAt: Date(storedMilliseconds: row.int64(at: 4)),
            updatedAt: Date(storedMilliseconds: row.int64(at: 5)),
            completedAt: row.optionalInt64(at: 6).map(Date.init(storedMilliseconds:)),
            position: row.int64(at: 7),
            dueAt: row.optionalInt64(at: 8).map(Date.init(storedMilliseconds:)),
            attributes: StoredAttributes.decode(
                tags: row.optionalString(at: 9), project: row.optionalString(at: 10),
                priority: row.optionalString(at: 11), recurrence: row.optionalString(at: 12)),
            anchorDay: row.optionalInt64(at: 13).map { Int(clamping: $0) })
    }

    /// Binds `draft` as the values of row `row` (from 0) of ``insertSQL`` or ``insertRowsSQL``.
    @inline(__always)
    private static func bind(
        _ draft: TodoDraft, title: String, position: Int64, now: Int64, to statement: Statement, row: Int = 0
    ) {
        let before = Int32(row * insertedColumnCount)
        statement.bind(title, at: before + 1)
        statement.bind(draft.notes, at: before + 2)
        statement.bind(draft.isCompleted, at: before + 3)
        statement.bind(now, at: before + 4)
        statement.bind(now, at: before + 5)
        statement.bind(draft.isCompleted ? now : nil, at: before + 6)
        statement.bind(position, at: before + 7)
        statement.bind(draft.dueAt?.storedMilliseconds, at: before + 8)
        let stored = StoredAttributes(draft.attributes)
        statement.bind(stored.tags, at: before + 9)
        statement.bind(stored.project, at: before + 10)
        statement.bind(stored.priority, at: before + 11)
        statement.bind(stored.recurrence, at: before + 12)
        let anchorDay = TodoDraft.storedAnchorDay(
            draft.anchorDay, dueAt: draft.dueAt, recurrence: draft.attributes.recurrence)
        statement.bind(anchorDay.map(Int64.init), at: before + 13)
    }

    var nowMilliseconds: Int64 { context.now().storedMilliseconds }

    private func insertTodo(_ draft: TodoDraft, in db: Connection) throws(DatabaseError) -> TodoObject {
        let todo = try Self.todo(id: try insertRow(draft, in: db), in: db)
        let change = try History.begin("add \(History.quoted(todo.title))", at: nowMilliseconds, in: db)
        try History.recordAbsent(todo.id, change: change, in: db)
        return todo
    }

    /// Inserts `draft` at the end of the manual order, with its words indexed where the service
    /// keeps the index; returns its identifier. The caller records it in the history.
    func insertRow(_ draft: TodoDraft, in db: Connection) throws(DatabaseError) -> Int64 {
        let title = try Self.validTitle(draft.title)
        let position = try db.fetchInt("SELECT coalesce(max(position), 0) FROM todos") + Self.positionStep
        let statement = try db.cachedStatement(Self.insertSQL)
        statement.reset()
        defer { statement.reset() }
        Self.bind(draft, title: title, position: position, now: nowMilliseconds, to: statement)
        try statement.run()
        let id = db.lastInsertedRowID
        if context.searchIndex == .words { try SearchText.indexWords(of: id, title: title, notes: draft.notes, in: db) }
        return id
    }

    private func setCompleted(id: Int64, _ isCompleted: Bool, in db: Connection) throws(DatabaseError) -> TodoObject {
        let now = nowMilliseconds
        let todo = try Self.todo(id: id, in: db)
        // Already so: nothing is written, so undo has nothing to take back.
        guard todo.isCompleted != isCompleted else { return todo }
        let change = try record(
            "\(isCompleted ? "complete" : "reopen") \(History.quoted(todo.title))", rowsWhere: "id = ?",
            [.integer(id)], in: db)
        try db.execute(
            """
            UPDATE todos SET completed = ?, updated_at = ?,
                completed_at = CASE WHEN ? THEN coalesce(completed_at, ?) ELSE NULL END
            WHERE id = ?
            """,
            [.integer(isCompleted ? 1 : 0), .integer(now), .integer(isCompleted ? 1 : 0), .integer(now), .integer(id)])
        guard db.changedRowCount > 0 else { throw notFound(id) }
        if isCompleted { try insertNextOccurrence(of: todo, change: change, in: db) }
        return try Self.todo(id: id, in: db)
    }

    private func notFound(_ id: Int64) -> DatabaseError { Self.notFound(id) }

    /// Opens a change called `label` in the history and records the todos that `condition`
    /// selects as they are before it; returns the change.
    @discardableResult
    func record(
        _ label: String, rowsWhere condition: String, _ arguments: [SQLValue], in db: Connection
    ) throws(DatabaseError) -> Int64 {
        let change = try History.begin(label, at: nowMilliseconds, in: db)
        try History.recordRows(where: condition, arguments, change: change, in: db)
        return change
    }

    static func notFound(_ id: Int64) -> DatabaseError {
        DatabaseError(kind: .notFound, message: "there is no todo \(id)")
    }

    static func validTitle(_ title: String) throws(DatabaseError) -> String {
        // Most titles have nothing to trim; skip the Foundation call for them.
        if let first = title.unicodeScalars.first, let last = title.unicodeScalars.last,
            !first.properties.isWhitespace, !last.properties.isWhitespace
        {
            return title
        }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DatabaseError(kind: .invalidValue, message: "a todo needs a title") }
        return trimmed
    }

    static func optionalTodo(id: Int64, in db: Connection) throws(DatabaseError) -> TodoObject? {
        try db.fetchOne("SELECT \(columns) FROM todos WHERE id = ?", [.integer(id)], decode: decode)
    }

    static func todo(id: Int64, in db: Connection) throws(DatabaseError) -> TodoObject {
        guard let todo = try optionalTodo(id: id, in: db) else { throw notFound(id) }
        return todo
    }

    /// A free position just after `after` (or before the first todo), or `nil` when the
    /// neighbours leave no room.
    private static func position(after: Int64?, moving id: Int64, in db: Connection) throws(DatabaseError) -> Int64? {
        guard let after else {
            let first = try db.fetchOne("SELECT min(position) FROM todos WHERE id != ?", [.integer(id)]) {
                $0.optionalInt64(at: 0)
            }
            return (first ?? nil).map { $0 - positionStep } ?? positionStep
        }
        let anchor = try todo(id: after, in: db).position
        let next = try db.fetchOne(
            "SELECT min(position) FROM todos WHERE position > ? AND id != ?", [.integer(anchor), .integer(id)]
        ) { $0.optionalInt64(at: 0) }
        guard let next = next ?? nil else { return anchor + positionStep }
        return next - anchor >= 2 ? anchor + (next - anchor) / 2 : nil
    }

    /// Spreads the manual order out again, keeping it, when two neighbours have no room left.
    private static func renumberPositions(in db: Connection) throws(DatabaseError) {
        let ids = try db.fetchAll("SELECT id FROM todos ORDER BY position, id") { $0.int64(at: 0) }
        for (index, id) in ids.enumerated() {
            try db.execute(
                "UPDATE todos SET position = ? WHERE id = ?", [.integer(Int64(index + 1) * positionStep), .integer(id)])
        }
    }
}
