internal import CSQLiteBench
import Foundation
import Harness

/// Setup work on databases that other code (Rivulet's provider) owns: reading their schema and
/// setting their contents before a measurement. Never timed.
public enum RawFixtures {
    /// The statements that recreate `path`'s schema, in creation order: tables, indexes,
    /// triggers and virtual tables, without SQLite's internal tables and the shadow tables a
    /// virtual table makes for itself.
    public static func schema(of path: String) throws -> [String] {
        let connection = try RawConnection(path: path, readOnly: true)
        let sql = "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        let statement = try connection.prepare(sql)
        defer { sqlite3_finalize(statement) }
        var rows: [(type: String, name: String, sql: String)] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (
                    String(cString: sqlite3_column_text(statement, 0)),
                    String(cString: sqlite3_column_text(statement, 1)),
                    String(cString: sqlite3_column_text(statement, 2))
                ))
        }
        let virtualTables = rows.filter { $0.sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") }.map(\.name)
        return
            rows
            .filter { row in
                !row.name.hasPrefix("sqlite_")
                    && !virtualTables.contains { row.name.hasPrefix($0 + "_") && row.type == "table" }
            }
            .map(\.sql)
    }

    /// Makes the todos table hold exactly rows 0..<`rows` of the workload (every other one done,
    /// or all active), then checkpoints, so the next write starts from an empty log.
    public static func setTodos(at path: String, rows: Int, allActive: Bool = false) throws {
        let connection = try RawConnection(path: path)
        try connection.execute("DELETE FROM todos")
        // The todos' ids are AUTOINCREMENT (schema 8): without this, the rows get ids after the
        // highest one the table ever had, not 1...rows, and the fetch checksum (which counts the
        // ids) differs by how many todos earlier benchmarks inserted.
        if try connection.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_sequence'") > 0 {
            try connection.execute("DELETE FROM sqlite_sequence WHERE name = 'todos'")
        }
        try connection.insertTodos(0..<rows, allActive: allActive, isFixture: true)
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Runs `sql` (set-up work, not measured) on `path` in one transaction, with a big page
    /// cache, then checkpoints; returns how many rows it changed.
    @discardableResult
    public static func update(at path: String, _ sql: String) throws -> Int {
        let connection = try RawConnection(path: path)
        try connection.execute("PRAGMA cache_size = -262144")
        try connection.execute("BEGIN IMMEDIATE")
        try connection.execute(sql)
        let changed = Int(sqlite3_changes(connection.handle))
        try connection.execute("COMMIT")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return changed
    }

    /// The first column of the first row of `sql` on `path`, as an integer.
    public static func scalar(at path: String, _ sql: String) throws -> Int {
        try RawConnection(path: path, readOnly: true).scalar(sql)
    }

    /// Checkpoints the write-ahead log of `path` and truncates it, so the next write starts
    /// from an empty log.
    public static func checkpoint(at path: String) throws {
        try RawConnection(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The number of todos not yet done.
    public static func activeCount(at path: String) throws -> Int {
        try RawConnection(path: path, readOnly: true).scalar(SQLiteWorkload.activeCountSQL)
    }

    /// The number of rows in the todos table.
    public static func todoCount(at path: String) throws -> Int {
        try RawConnection(path: path, readOnly: true).scalar(SQLiteWorkload.countSQL)
    }

    /// Runs the query `observeCounts` observes (a scan of the whole table) on a connection of
    /// its own, with no observation around it: what that query's work alone does to a write
    /// made just after it, on a machine whose caches it has just filled.
    public static func scanLikeTheObservedQuery(at path: String) throws {
        _ = try RawConnection(path: path, readOnly: true)
            .scalar("SELECT count(*), coalesce(sum(completed), 0) FROM todos")
    }
}

/// The other process of `sqlite.crossprocess`: for every line read on standard input it inserts
/// one active todo into the database at `path`, then writes the monotonic time at which its
/// COMMIT returned, in nanoseconds, on a line of standard output.
public func runCrossProcessWriter(path: String, firstIndex: Int) -> Int32 {
    do {
        let connection = try RawConnection(path: path)
        let insert = try connection.prepare(SQLiteWorkload.insertSQL)
        defer { sqlite3_finalize(insert) }
        var index = firstIndex
        while readLine() != nil {
            try connection.execute("BEGIN IMMEDIATE")
            connection.bindTodo(insert, index: index, done: false)
            guard sqlite3_step(insert) == SQLITE_DONE else { throw connection.failure(SQLiteWorkload.insertSQL) }
            sqlite3_reset(insert)
            try connection.execute("COMMIT")
            let committed = monotonicNanoseconds()
            FileHandle.standardOutput.write(Data("\(committed)\n".utf8))
            index += 1
        }
        return 0
    } catch {
        FileHandle.standardError.write(Data("cross-process writer: \(error)\n".utf8))
        return 1
    }
}
