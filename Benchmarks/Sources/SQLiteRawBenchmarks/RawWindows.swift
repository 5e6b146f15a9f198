internal import CSQLiteBench
import Harness

/// The windows of `sqlite.window_search` and `sqlite.window_deep` read the way Rivulet read
/// them up to schema 6, with raw sqlite3 on Rivulet's database: the search's matches taken from
/// the FTS5 index as a list, then filtered and sorted; a filtered deep window found as schema 6's
/// planner found it, every todo of the state through an index on `completed`, sorted in a
/// temporary tree, then skipped with `OFFSET`.
public enum RawWindows {
    static let columns = SQLiteWorkload.columns

    /// The first 60 active todos by title matching "todo", counted, in a table of `rows`
    /// todos; ms.
    public static func search(path: String, rows total: Int) throws -> Sample {
        let connection = try RawConnection(path: path, readOnly: true)
        let condition =
            "completed = 0 AND id IN (SELECT rowid FROM todos_fts WHERE todos_fts MATCH '\"todo\"*')"
        let start = monotonicNanoseconds()
        let count = try connection.scalar("SELECT count(*) FROM todos WHERE \(condition)")
        let rows = try connection.rowCount(
            "SELECT \(columns) FROM todos WHERE \(condition) ORDER BY title COLLATE NOCASE, id LIMIT 60")
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        try expectEqual(rows, 60, "schema-6 search window size")
        try expectEqual(count, total / 2, "schema-6 search count")
        return Sample(elapsed)
    }

    /// The window in the middle of the active todos by title (offset 250,000 of 500,000 in a
    /// table of a million), counted, in a table of `rows` todos; ms.
    public static func deep(path: String, rows total: Int) throws -> Sample {
        let connection = try RawConnection(path: path, readOnly: true)
        let start = monotonicNanoseconds()
        let count = try connection.scalar("SELECT count(*) FROM todos WHERE completed = 0")
        let rows = try connection.rowCount(
            "SELECT \(columns) FROM todos INDEXED BY todos_by_state_position WHERE completed = 0 "
                + "ORDER BY title COLLATE NOCASE, id LIMIT 60 OFFSET \(total / 4)")
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        try expectEqual(rows, 60, "schema-6 deep window size")
        try expectEqual(count, total / 2, "schema-6 deep count")
        return Sample(elapsed)
    }
}

extension RawConnection {
    /// Steps `sql` to its end, reading every column of every row; returns how many rows.
    func rowCount(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var rows = 0
        var sink = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            rows += 1
            for column in 0..<sqlite3_column_count(statement) {
                sink &+= Int(sqlite3_column_bytes(statement, column))
            }
        }
        blackHole(sink)
        return rows
    }
}
