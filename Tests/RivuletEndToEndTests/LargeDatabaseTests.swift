import Foundation
import Testing

// End-to-end, on the wall clock: a database of many todos (100,000 by default; set
// RIVULET_SCALE_TODOS=1000000 for the long run), filled through the sqlite3 shell in one
// transaction, then opened by the built app in tmux and listed by the binary. Each step's time
// and each process's peak memory is printed.

private let todoCount = ProcessInfo.processInfo.environment["RIVULET_SCALE_TODOS"].flatMap { Int($0) } ?? 100_000

/// A database the binary created (welcome list included), then `count` more todos: every third
/// one done, titles `Todo N Xpple` with X running through the alphabet.
private func makeLargeDatabase(in folder: TemporaryFolder, count: Int) throws -> String {
    let path = folder.file("large.sqlite")
    let created = try ChildProcess.rivulet(["--db", path, "list"])
    #expect(created.termination == .exited(0))
    _ = try SQLiteShell.query(
        path,
        """
        PRAGMA synchronous = OFF;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO todos (title, notes, completed, created_at, updated_at, completed_at, position)
        SELECT 'Todo ' || i || ' ' || char(97 + i % 26) || 'pple', '', i % 3 = 0, 1700000000000 + i,
            1700000000000 + i, CASE WHEN i % 3 = 0 THEN 1700000000000 + i END, (i + 100) * 1024
        FROM n;
        """)
    return path
}

/// Seconds since `start`, as text.
private func since(_ start: Date) -> String { String(format: "%.2f s", Date().timeIntervalSince(start)) }

@Suite(.enabled(if: SQLiteShell.isAvailable && AppOnDatabase.isAvailable))
struct LargeDatabaseTests {
    @Test func aLargeListOpensScrollsAndSearchesQuicklyAndListsInBoundedMemory() throws {
        let folder = try TemporaryFolder()
        var start = Date()
        let database = try makeLargeDatabase(in: folder, count: todoCount)
        var figures = ["\(todoCount) todos: filled in \(since(start))"]
        let active = 4 + todoCount - todoCount / 3

        let app = try AppOnDatabase(database: database, width: 100, height: 30)
        defer { app.session.close() }
        #expect(try app.session.waitFor("Rivulet · Home", timeout: 10).matched)
        start = Date()
        try app.session.send("t")
        let counted = try app.session.waitFor("\(active) items left", timeout: 5)
        #expect(counted.matched, "count not shown:\n\(counted.screen)")
        figures.append("list and count shown in \(since(start))")
        start = Date()
        try app.session.send("G")
        let bottom = try app.session.waitFor("Todo \(todoCount) ", timeout: 5)
        #expect(bottom.matched, "last todo not shown:\n\(bottom.screen)")
        figures.append("last page in \(since(start))")
        start = Date()
        try app.session.send("g", "/")
        try app.session.type("zpple")
        let found = try app.session.waitFor(timeout: 5) { screen in
            let rows = AppOnDatabase.rows(on: screen)
            return screen.contains("Search: zpple") && rows.count > 10
                && rows.allSatisfy { $0.title.hasSuffix("zpple") }
        }
        #expect(found.matched, "search results not shown:\n\(found.screen)")
        figures.append("search in \(since(start))")
        let pid = try #require(try app.session.appPID())
        let memory = try #require(ProcessMemory.of(pid))
        figures.append("app \(memory)")
        #expect(memory.peakResidentKiB < 96 * 1024 * SanitizerBuild.memoryScale, "the app holds \(memory)")
        try app.session.send("Escape")

        let plain = try ChildProcess.startRivulet(["--db", folder.file("plain.sqlite"), "list"]).waitMeasuringMemory()
        let listing = try ChildProcess.startRivulet(["--db", database, "list", "--json"]).waitMeasuringMemory()
        #expect(listing.termination == .exited(0))
        let listed = try ListedTodo.parse(listing.output)
        #expect(listed.count == todoCount + 5)
        let growth = listing.peakResidentKiB - plain.peakResidentKiB
        figures.append(
            "list --json in \(String(format: "%.2f s", listing.seconds)), peak RSS "
                + "\(ProcessMemory.megabytes(listing.peakResidentKiB)) (a plain command: "
                + "\(ProcessMemory.megabytes(plain.peakResidentKiB)))")
        // The list is written a page at a time: memory does not grow with the number of todos.
        #expect(
            growth < 16 * 1024 * SanitizerBuild.memoryScale,
            "listing took \(ProcessMemory.megabytes(growth)) more than a plain command")
        print("large database: " + figures.joined(separator: "; "))
    }
}
