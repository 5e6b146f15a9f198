import Foundation
import Testing

// End-to-end: these tests run the built `rivulet` binary as a process, each over its own
// temporary database, and check what scripts see of todo identifiers and of long lists.

private func rivulet(_ arguments: String..., db: String) throws -> RivuletProcess.Result {
    try RivuletProcess.run(["--db", db] + arguments)
}

private func printedID(_ result: RivuletProcess.Result) throws -> Int {
    try #require(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
}

@Test func addAfterRemovingTheNewestTodoPrintsANewIdentifier() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("ids.sqlite")
    _ = try printedID(rivulet("add", "Kept", db: db))
    let removed = try printedID(rivulet("add", "Removed", db: db))
    #expect(try rivulet("rm", String(removed), db: db).status == 0)
    let next = try printedID(rivulet("add", "Next", db: db))
    #expect(next > removed)
    let done = try rivulet("done", String(removed), db: db)
    #expect(done.status == 1)
    #expect(try rivulet("list", "--active", db: db).output.contains("\(next)\t[ ] Next"))
}

/// Fills `db` (created by the binary) with `count` todos whose manual positions tie in groups,
/// every fourth one done.
private func fillWithTiedTodos(_ db: String, count: Int) throws {
    _ = try rivulet("list", db: db)
    _ = try SQLiteShell.query(
        db,
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO todos (title, notes, completed, created_at, updated_at, completed_at, position)
        SELECT 'Todo ' || i, '', i % 4 = 0, 1, 1, NULL, (i % 97) * 1024 FROM n;
        """)
}

/// What `list` printed before it paged by keyset: every todo the filter lets through, by
/// position then identifier, as the shell reads them in one query.
private func expectedListing(_ db: String, where condition: String) throws -> String {
    let lines = try SQLiteShell.query(
        db,
        """
        SELECT id || char(9) || '[' || CASE completed WHEN 1 THEN 'x' ELSE ' ' END || '] ' || title
            || CASE WHEN due_at IS NULL THEN '' ELSE char(9) || 'due ' || strftime('%Y-%m-%d', due_at / 1000, 'unixepoch') END
        FROM todos \(condition) ORDER BY position, id;
        """)
    return lines.map { $0 + "\n" }.joined()
}

@Suite(.enabled(if: SQLiteShell.isAvailable))
struct SubcommandListPagingTests {
    /// More than two of `list`'s pages of 10,000.
    static let count = 25_000

    @Test func listPrintsEveryTodoOnceInManualOrderAcrossPages() throws {
        let folder = try TemporaryFolder()
        let db = folder.file("long.sqlite")
        try fillWithTiedTodos(db, count: Self.count)
        let listed = try rivulet("list", db: db)
        #expect(listed.status == 0)
        #expect(listed.output == (try expectedListing(db, where: "")))
        let active = try rivulet("list", "--active", db: db)
        #expect(active.output == (try expectedListing(db, where: "WHERE completed = 0")))
    }

    @Test func listJSONHoldsEveryTodoOnceAcrossPages() throws {
        let folder = try TemporaryFolder()
        let db = folder.file("long.sqlite")
        try fillWithTiedTodos(db, count: Self.count)
        let listed = try rivulet("list", "--completed", "--json", db: db)
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let ids = todos.compactMap { $0["id"] as? Int }
        let expected = try SQLiteShell.query(db, "SELECT id FROM todos WHERE completed = 1 ORDER BY position, id")
        #expect(ids.map(String.init) == expected)
    }
}
