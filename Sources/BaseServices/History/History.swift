import Domain
public import Foundation
import SQLiteProvider

/// One step of the history that ``HistoryBaseServiceType/undo()`` or
/// ``HistoryBaseServiceType/redo()`` took: what the change was and how many todos it touched.
public struct HistoryStepObject: Sendable, Equatable {
    /// The change in words, as it was made: `add "Buy milk"`, `complete 3 todos`,
    /// `remove feed "Example"`.
    public let label: String
    /// How many todos the step put back (0 for a feed's removal).
    public let todoCount: Int
    /// When the change was first made.
    public let madeAt: Date

    /// What the change did, without the title it names: `add`, `complete 3 todos`, `remove feed`.
    public var action: String { History.parts(of: label).action }
    /// The title of the todo or feed the change names, whole; `nil` for a change of several.
    public var subject: String? { History.parts(of: label).subject }

    /// A step; the service makes these.
    public init(label: String, todoCount: Int, madeAt: Date) {
        self.label = label
        self.todoCount = todoCount
        self.madeAt = madeAt
    }
}

/// The history of changes, kept in the database: every change to todos, and every removal of
/// a feed, records in the same transaction how the rows it touches looked before it (a row
/// image, or "absent" for a todo it creates; a feed's images are ``FeedHistory``'s). Undoing a
/// change puts those images back and records the images it replaced as a change on the redo
/// stack; redoing does the same the other way.
///
/// The history lives in the database, so it survives a restart and every process shares it.
/// It is one timeline for todos and feeds: `rivulet undo` undoes the last change made by any
/// process, whichever it touched. A new change empties the redo stack; the undo stack keeps
/// the last ``depth`` changes.
enum History {
    /// How many changes can be undone.
    static let depth = 200

    enum Stack: String {
        case undo
        case redo
    }

    /// Step 10 of the schema: the two tables of the history (the changes, and the todos' images).
    /// Step 13 renames the changes' table to ``changesScript``'s name: it holds feeds' changes too.
    static let schemaScript = """
        CREATE TABLE todo_changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            stack TEXT NOT NULL CHECK (stack IN ('undo', 'redo')),
            label TEXT NOT NULL,
            made_at INTEGER NOT NULL
        );
        CREATE INDEX todo_changes_by_stack ON todo_changes(stack, id);
        CREATE TABLE todo_change_rows (
            change_id INTEGER NOT NULL REFERENCES todo_changes(id) ON DELETE CASCADE,
            todo_id INTEGER NOT NULL,
            present INTEGER NOT NULL CHECK (present IN (0, 1)),
            title TEXT,
            notes TEXT,
            completed INTEGER,
            created_at INTEGER,
            updated_at INTEGER,
            completed_at INTEGER,
            position INTEGER,
            due_at INTEGER,
            PRIMARY KEY (change_id, todo_id)
        ) WITHOUT ROWID;
        """

    /// Step 13 of the schema: the table of changes is named for what it holds, every change to
    /// todos and feeds (the images stay in tables named for their rows).
    static let changesScript = """
        ALTER TABLE todo_changes RENAME TO changes;
        DROP INDEX todo_changes_by_stack;
        CREATE INDEX changes_by_stack ON changes(stack, id);
        """

    /// The todos' images.
    static let images = RowImages(
        table: "todos", images: "todo_change_rows", key: "todo_id",
        columns: [
            "title", "notes", "completed", "created_at", "updated_at", "completed_at", "position", "due_at", "tags",
            "project", "priority", "recurrence", "anchor_day",
        ])

    /// Opens a change on the undo stack inside the caller's write transaction, empties the
    /// redo stack and drops the oldest changes beyond ``depth``; returns the change's id.
    static func begin(_ label: String, at now: Int64, in db: Connection) throws(DatabaseError) -> Int64 {
        try db.execute("DELETE FROM changes WHERE stack = 'redo'")
        let change = try open(.undo, label: label, madeAt: now, in: db)
        try db.execute(
            """
            DELETE FROM changes WHERE stack = 'undo' AND id <= (
                SELECT id FROM changes WHERE stack = 'undo' ORDER BY id DESC LIMIT 1 OFFSET ?)
            """,
            [.integer(Int64(depth))])
        return change
    }

    /// Records how the todos that `condition` selects look now (call it before changing them).
    /// A todo already recorded in this change keeps its first image.
    static func recordRows(
        where condition: String, _ arguments: [SQLValue], change: Int64, in db: Connection
    ) throws(DatabaseError) {
        try images.record(where: condition, arguments, change: change, in: db)
    }

    /// Records that the todo `id` did not exist before this change (call it after creating it).
    static func recordAbsent(_ id: Int64, change: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            "INSERT OR IGNORE INTO todo_change_rows(change_id, todo_id, present) VALUES (?, ?, 0)",
            [.integer(change), .integer(id)])
    }

    /// Records that every todo from `firstID` on did not exist before this change (call it
    /// after creating them, identifiers only growing).
    static func recordAbsent(from firstID: Int64, change: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            """
            INSERT OR IGNORE INTO todo_change_rows(change_id, todo_id, present)
            SELECT ?, id, 0 FROM todos WHERE id >= ?
            """,
            [.integer(change), .integer(firstID)])
    }

    /// Takes back the latest change of `stack`: puts its images back, records what they
    /// replace as a change on the other stack, and returns the step; `nil` when `stack` is empty.
    static func step(
        back stack: Stack, searchIndex: SearchIndex, in db: Connection
    ) throws(DatabaseError) -> HistoryStepObject? {
        guard
            let (change, label, madeAt) = try db.fetchOne(
                "SELECT id, label, made_at FROM changes WHERE stack = ? ORDER BY id DESC LIMIT 1",
                [.text(stack.rawValue)], decode: { ($0.int64(at: 0), $0.string(at: 1), $0.int64(at: 2)) })
        else { return nil }
        let other: Stack = stack == .undo ? .redo : .undo
        let counterpart = try open(other, label: label, madeAt: madeAt, in: db)
        try images.recordCurrent(of: change, into: counterpart, in: db)
        try images.removeAbsent(of: change, in: db)
        try images.writePresent(of: change, in: db)
        try FeedHistory.step(change, counterpart: counterpart, in: db)
        try FeedHistory.stepReadStates(change, counterpart: counterpart, in: db)
        try FeedRules.step(change, counterpart: counterpart, in: db)
        if searchIndex == .words {
            let restored = try db.fetchAll(
                "SELECT todo_id, title, notes FROM todo_change_rows WHERE change_id = ? AND present = 1",
                [.integer(change)], decode: { ($0.int64(at: 0), $0.string(at: 1), $0.string(at: 2)) })
            for (id, title, notes) in restored {
                try SearchText.indexWords(of: id, title: title, notes: notes, in: db)
            }
        }
        let count = try db.fetchInt("SELECT count(*) FROM todo_change_rows WHERE change_id = ?", [.integer(change)])
        try db.execute("DELETE FROM changes WHERE id = ?", [.integer(change)])
        return HistoryStepObject(label: label, todoCount: Int(count), madeAt: Date(storedMilliseconds: madeAt))
    }

    private static func open(
        _ stack: Stack, label: String, madeAt: Int64, in db: Connection
    ) throws(DatabaseError)
        -> Int64
    {
        try db.execute(
            "INSERT INTO changes(stack, label, made_at) VALUES (?, ?, ?)",
            [.text(stack.rawValue), .text(label), .integer(madeAt)])
        return db.lastInsertedRowID
    }

    /// A todo's title as a label quotes it: whole, in double quotes (a screen that needs it
    /// shorter shortens it when it shows it).
    static func quoted(_ title: String) -> String {
        "\"\(title)\""
    }

    /// A label's parts, the inverse of how labels are made: what was done, and the title it
    /// quotes, whole, if it quotes one (`delete "Buy milk"` → `delete` and `Buy milk`).
    static func parts(of label: String) -> (action: String, subject: String?) {
        guard label.count >= 2, label.last == "\"", let open = label.firstIndex(of: "\""),
            open < label.index(before: label.endIndex)
        else { return (label, nil) }
        let action = label[..<open].trimmingCharacters(in: .whitespaces)
        return (action, String(label[label.index(after: open)..<label.index(before: label.endIndex)]))
    }

    /// "1 todo", "3 todos", "1,200 todos".
    static func todos(_ count: Int) -> String {
        CountText.counted(count, "todo", "todos")
    }
}
