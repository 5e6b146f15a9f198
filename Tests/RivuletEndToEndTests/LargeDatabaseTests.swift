import Foundation
import Testing

// End-to-end, on the wall clock: a database of many todos (100,000 by default, 20,000 under
// the thread sanitizer; set RIVULET_SCALE_TODOS=1000000 for the long run), filled through the sqlite3 shell in one
// transaction, then opened by the built app in tmux and listed by the binary. Each step's time
// and each process's peak memory is printed.

private let todoCount =
    ProcessInfo.processInfo.environment["RIVULET_SCALE_TODOS"].flatMap { Int($0) }
    ?? (SanitizerBuild.isThreadSanitized ? 20_000 : 100_000)

/// A database the binary created at `path` (welcome list included), then `count` more todos:
/// every third one done, titles `Todo N Xpple` with X running through the alphabet.
private func makeLargeDatabase(at path: String, count: Int) throws {
    let created = try ChildProcess.rivulet(["--db", path, "list"])
    guard created.termination == .exited(0) else { throw ListedTodo.ParseError(text: created.error) }
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
}

/// Sends `keys` and `text` to `app`, then waits up to 5 s for `condition`; returns the screen,
/// whether it matched, and the seconds it took.
private func timedStep(
    _ app: AppOnDatabase, keys: [String] = [], text: String = "", until condition: @escaping @Sendable (String) -> Bool
) async throws -> (screen: String, matched: Bool, seconds: String) {
    try await onOwnThread {
        let start = Date()
        let keyboard = ScriptedKeyboard(session: app.session)
        try keyboard.send(keys)
        if !text.isEmpty { try keyboard.text(text) }
        let (screen, matched) = try app.session.waitFor(timeout: 5, condition)
        return (screen, matched, since(start))
    }
}

/// Seconds since `start`, as text.
private func since(_ start: Date) -> String { String(format: "%.2f s", Date().timeIntervalSince(start)) }

extension LongEndToEndSuites {
    @Suite(.enabled(if: SQLiteShell.isAvailable && AppOnDatabase.isAvailable))
    struct LargeDatabaseTests {
        @Test func aLargeListOpensScrollsAndSearchesQuicklyAndListsInBoundedMemory() async throws {
            let folder = try TemporaryFolder()
            let database = folder.file("large.sqlite")
            let start = Date()
            try await onOwnThread { try makeLargeDatabase(at: database, count: todoCount) }
            var figures = ["\(todoCount) todos: filled in \(since(start))"]
            let active = 4 + todoCount - todoCount / 3

            let app = try AppOnDatabase(database: database, width: 100, height: 30)
            defer { app.session.close() }
            let home = try await timedStep(app) { $0.contains("Rivulet · Home") }
            #expect(home.matched)
            let counted = try await timedStep(app, keys: ["t"]) {
                $0.contains("\(AppOnDatabase.grouped(active)) items left")
            }
            #expect(counted.matched, "count not shown:\n\(counted.screen)")
            figures.append("list and count shown in \(counted.seconds)")
            let bottom = try await timedStep(app, keys: ["G"]) { $0.contains("Todo \(todoCount) ") }
            #expect(bottom.matched, "last todo not shown:\n\(bottom.screen)")
            figures.append("last page in \(bottom.seconds)")
            let found = try await timedStep(app, keys: ["g", "/"], text: "zpple") { screen in
                let rows = AppOnDatabase.rows(on: screen)
                return screen.contains("Search: zpple") && rows.count > 10
                    && rows.allSatisfy { $0.title.hasSuffix("zpple") }
            }
            #expect(found.matched, "search results not shown:\n\(found.screen)")
            figures.append("search in \(found.seconds)")
            let pid = try #require(try app.session.appPID())
            let memory = try #require(ProcessMemory.of(pid))
            figures.append("app \(memory)")
            #expect(memory.peakResidentKiB < 96 * 1024 * SanitizerBuild.memoryScale, "the app holds \(memory)")

            let plainDatabase = folder.file("plain.sqlite")
            let (plain, listing) = try await onOwnThread {
                (
                    try ChildProcess.startRivulet(["--db", plainDatabase, "list"]).waitMeasuringMemory(),
                    try ChildProcess.startRivulet(["--db", database, "list", "--json"]).waitMeasuringMemory()
                )
            }
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

        @Test func aKeyTypedWithTheEndKeyActsOnTheLastTodoOnceItArrives() throws {
            let last = "Todo 100000"
            let session = try TmuxSession.withDefaultSignals(
                command: "\(TmuxSession.quote(RivuletProcess.binary)) --scenario many")
            defer { session.close() }
            #expect(try session.waitFor("Rivulet · Home", timeout: 30).matched)
            try session.send("t")
            #expect(try session.waitFor("Todo 1 ", timeout: 10).matched)
            // One write: the Space arrives before the last window does, and waits for it.
            try session.send("G", "Space")
            let done = try session.waitFor(timeout: 10) { screen in
                AppOnDatabase.rows(on: screen).last
                    == AppOnDatabase.Row(title: last, isCompleted: true, isSelected: true)
            }
            #expect(done.matched, "\(last) not marked done by the Space typed with G:\n\(done.screen)")
        }

        @Test func theEndKeyReachesTheLastTodoOfASearchEveryTodoMatches() throws {
            let last = "Todo 100000"
            let session = try TmuxSession.withDefaultSignals(
                command: "\(TmuxSession.quote(RivuletProcess.binary)) --scenario many")
            defer { session.close() }
            #expect(try session.waitFor("Rivulet · Home", timeout: 30).matched)
            try session.send("t")
            #expect(try session.waitFor("Todo 1 ", timeout: 10).matched)
            try session.send("/", "t", "o", "d", "o", "Enter")
            let counted = try session.waitFor(timeout: 10) { $0.contains("+ matches") }
            #expect(counted.matched, "no count shown as a lower bound:\n\(counted.screen)")
            try session.send("G")
            let found = try session.waitFor(timeout: 10) { screen in
                screen.contains("100,000 matches")
                    && AppOnDatabase.rows(on: screen).last
                        == AppOnDatabase.Row(title: last, isCompleted: false, isSelected: true)
            }
            #expect(found.matched, "\(last) not selected after G:\n\(found.screen)")
        }
    }
}
