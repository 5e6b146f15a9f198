import Foundation
import TestMeasures
import Testing

// End-to-end hostile paths and terminals (issue 18, the local half), on the wall clock with the
// built binary. Tried:
// - `--db` as a symbolic link to a good database (was: "truncated (damaged)");
// - `--db .`, `--db /`, `--db <folder>` (was: SIGILL for `.`), a named pipe, `/dev/null`;
// - `XDG_DATA_HOME` naming a regular file (was: "NSCocoaErrorDomain error 512");
// - `feeds items` of a feed of 100,010 items (was: 100,000 printed, silently);
// - an unterminated bracketed paste in the app (was: every key, Ctrl-C included, swallowed);
// - the tmux server killed outright (SIGKILL) under the app: the time until the app is gone;
// - the log's lock bytes held by a process that never lets go, as one frozen (SIGSTOP) while
//   recovering the log holds them (was: "locking protocol", SQLite's words alone).
// Each refusal exits 1 with one line that names the path, says what to do and is no crash; the
// app always ends with the terminal as it found it.

private func isTmuxAvailable() -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
        || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
}

/// Expects `arguments` to be refused with exit status 1 and one helpful line naming `path`.
private func expectRefusal(
    _ arguments: [String], naming path: String, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = try RivuletProcess.run(arguments, environment: environment)
    #expect(
        result.status == 1, "\(arguments): status \(result.status), \(result.error)", sourceLocation: sourceLocation)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 1, "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.error.hasPrefix("rivulet: "), sourceLocation: sourceLocation)
    #expect(result.error.contains(path), "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.error.contains(";"), "no advice in: \(result.error)", sourceLocation: sourceLocation)
    #expect(
        !result.error.contains("Domain") && !result.error.contains("error 512") && !result.error.contains("Crashed"),
        "\(result.error)", sourceLocation: sourceLocation)
}

@Test func aSymbolicLinkToAGoodDatabaseIsUsedAsTheDatabase() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("real.sqlite")
    #expect(try RivuletProcess.run(["--db", target, "add", "through the link"]).status == 0)
    #expect(symlink(target, folder.file("link.sqlite")) == 0)
    let listed = try RivuletProcess.run(["--db", folder.file("link.sqlite"), "list"])
    #expect(listed.status == 0, "\(listed.error)")
    #expect(listed.output.contains("through the link"))
    #expect(try RivuletProcess.run(["--db", folder.file("link.sqlite"), "add", "second"]).status == 0)
    #expect(try RivuletProcess.run(["--db", target, "list"]).output.contains("second"))
    if SQLiteShell.isAvailable { #expect(try SQLiteShell.integrityCheck(target) == ["ok"]) }
}

@Test func aLogRecoveryFrozenInAnotherProcessIsExplainedAndLosesNothing() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("frozen.sqlite")
    #expect(try RivuletProcess.run(["--db", db, "add", "kept"]).status == 0)
    // The write, checkpoint, recovery and read-mark locks of the log index (bytes 120 to 127 of
    // the -shm file), held exclusively from this process as a frozen recovery holds them.
    let descriptor = open(db + "-shm", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    #expect(descriptor >= 0)
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 120
    lock.l_len = 8
    #expect(fcntl(descriptor, F_SETLK, &lock) == 0)
    let refused = try RivuletProcess.run(["--db", db, "list"])
    close(descriptor)
    #expect(refused.status == 1)
    #expect(!refused.error.hasPrefix("rivulet: locking protocol"), "\(refused.error)")
    #expect(refused.error.contains("another process"), "\(refused.error)")
    #expect(refused.error.contains("resume or end that process, then try again"), "\(refused.error)")
    let listed = try RivuletProcess.run(["--db", db, "list"])
    #expect(listed.status == 0)
    #expect(listed.output.contains("kept"))
    if SQLiteShell.isAvailable { #expect(try SQLiteShell.integrityCheck(db) == ["ok"]) }
}

@Test func directoriesAndSpecialFilesAreRefusedWithExitOne() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [".", "/", folder.path, fifo, "/dev/null"] {
        try expectRefusal(["--db", path, "list"], naming: path)
    }
}

@Test func aDataFolderThatIsARegularFileIsExplained() throws {
    let folder = try TemporaryFolder()
    let dataHome = folder.file("data-home")
    #expect(FileManager.default.createFile(atPath: dataHome, contents: Data()))
    try expectRefusal(["list"], naming: dataHome, environment: ["XDG_DATA_HOME": dataHome])
}

@Test(.enabled(if: SQLiteShell.isAvailable))
func feedItemsPrintsEveryItemOfAHugeFeed() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    #expect(try RivuletProcess.run(["--db", db, "list"]).status == 0)
    let count = 100_010
    _ = try SQLiteShell.query(
        db,
        """
        PRAGMA synchronous = OFF;
        INSERT INTO feeds (url, title, added_at) VALUES ('https://example.com/huge', 'Huge', 0);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO feed_items (feed_id, guid, title, published_at, fetched_at)
        SELECT (SELECT id FROM feeds WHERE url = 'https://example.com/huge'), 'g' || i, 'Item ' || i, i, 0 FROM n;
        """)
    let id = try #require(
        try SQLiteShell.query(db, "SELECT id FROM feeds WHERE url = 'https://example.com/huge'").first)
    let plain = try RivuletProcess.run(["--db", db, "feeds", "items", id])
    #expect(plain.status == 0, "\(plain.error)")
    let lines = plain.output.split(separator: "\n")
    #expect(lines.count == count)
    // Each line ends with the day the item was published: these were, in the first second of 1970.
    #expect(lines.first?.hasSuffix("Item \(count)\t1970-01-01") == true)
    #expect(lines.last?.hasSuffix("Item 1\t1970-01-01") == true)
    let json = try RivuletProcess.run(["--db", db, "feeds", "items", id, "--json"])
    #expect(json.status == 0)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(items.count == count)
    #expect(Set(items.compactMap { $0["id"] as? Int }).count == count)
}

@Suite(.enabled(if: isTmuxAvailable()), .serialized, .terminalLane)
struct HostileTerminalSessionTests {
    @Test func anUnterminatedPasteLetsControlCQuitAndRestoresTheTerminal() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.type("\u{1B}[200~a paste that never ends")
        // The paste ends by itself once no byte came for half a second; Ctrl-C is a key again.
        usleep(1_000_000)
        try app.session.send("C-c")
        try app.expectExit(0)
    }

    @Test func theAppEndsAtOnceWhenItsTerminalServerIsKilledOutright() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        let pids = try app.session.processes(named: "rivulet")
        let pid = try #require(pids.first)
        defer { AppProcesses.kill(pids) }
        let server = try #require(Int32(try app.session.display("#{pid}")))
        let start = Date()
        #expect(kill(server, SIGKILL) == 0)
        let ended = AppProcesses.waitUntilEnded(pid, timeout: 2)
        let seconds = Date().timeIntervalSince(start)
        #expect(ended, "rivulet \(pid) still runs \(seconds) s after its terminal went away")
        print("time to exit after the tmux server was killed: \(String(format: "%.3f", seconds)) s")
    }
}
