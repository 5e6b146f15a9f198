import SQLiteProvider

/// One table's row images in the history: how rows looked before a change (every column, and
/// the identifier), or that they did not exist. ``History`` keeps the todos' this way and
/// ``FeedHistory`` the feeds'; the statements are made here once for both.
///
/// An image table has the columns `change_id`, the row's identifier as ``key``, `present` (0
/// for a row the change created), then ``columns`` as the table names them.
struct RowImages: Sendable {
    /// The table whose rows are recorded (`todos`).
    let table: String
    /// The table that holds their images (`todo_change_rows`).
    let images: String
    /// The images' column that names the row (`todo_id`).
    let key: String
    /// The columns recorded, besides the identifier.
    let columns: [String]

    private var columnList: String { columns.joined(separator: ", ") }

    /// Records in `change` how the rows that `condition` selects look now (call it before
    /// changing them). A row already recorded in the change keeps its first image.
    func record(
        where condition: String, _ arguments: [SQLValue], change: Int64, in db: Connection
    ) throws(DatabaseError) {
        try db.execute(
            """
            INSERT OR IGNORE INTO \(images)(change_id, \(key), present, \(columnList))
            SELECT ?, id, 1, \(columnList) FROM \(table) WHERE \(condition)
            """,
            [.integer(change)] + arguments)
    }

    /// Records in `counterpart` how every row `change` recorded looks now, or that it is gone.
    func recordCurrent(of change: Int64, into counterpart: Int64, in db: Connection) throws(DatabaseError) {
        let current = columns.map { "t.\($0)" }.joined(separator: ", ")
        try db.execute(
            """
            INSERT INTO \(images)(change_id, \(key), present, \(columnList))
            SELECT ?, r.\(key), t.id IS NOT NULL, \(current)
            FROM \(images) r LEFT JOIN \(table) t ON t.id = r.\(key) WHERE r.change_id = ?
            """,
            [.integer(counterpart), .integer(change)])
    }

    /// Removes the rows `change` recorded as absent.
    func removeAbsent(of change: Int64, in db: Connection) throws(DatabaseError) {
        try db.execute(
            "DELETE FROM \(table) WHERE id IN (SELECT \(key) FROM \(images) WHERE change_id = ? AND present = 0)",
            [.integer(change)])
    }

    /// Writes the rows `change` recorded as present back, with their identifiers, over what
    /// stands there now.
    func writePresent(of change: Int64, in db: Connection) throws(DatabaseError) {
        let updates = columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try db.execute(
            """
            INSERT INTO \(table)(id, \(columnList))
            SELECT \(key), \(columnList) FROM \(images) WHERE change_id = ? AND present = 1
            ON CONFLICT(id) DO UPDATE SET \(updates)
            """,
            [.integer(change)])
    }
}
