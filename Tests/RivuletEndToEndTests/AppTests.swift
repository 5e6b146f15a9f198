import Foundation
import Testing

// End-to-end: these tests run the built `rivulet` binary in a real terminal (a private tmux
// server per test) and read the screen. They need the wall clock: each step polls the screen
// every 20 ms up to a deadline, never a fixed sleep.

private func tmuxIsAvailable() -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
        || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
}

/// A running app over a fresh database, and the files the pane's shell writes around it.
private struct RunningApp {
    let folder: TemporaryFolder
    let session: TmuxSession
    var db: String { folder.file("todos.sqlite") }

    init(width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        folder = try TemporaryFolder()
        let db = folder.file("todos.sqlite")
        let before = folder.file("stty-before")
        let after = folder.file("stty-after")
        let command =
            "stty -a > \(TmuxSession.quote(before)); \(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db)); "
            + "status=$?; stty -a > \(TmuxSession.quote(after)); (exit $status)"
        session = try TmuxSession(command: command, width: width, height: height, environment: environment)
    }

    func expectScreen(_ text: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (screen, matched) = try session.waitFor(text, timeout: timeout)
        #expect(matched, "'\(text)' not on screen:\n\(screen)", sourceLocation: sourceLocation)
    }

    func expectGone(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (screen, matched) = try session.waitFor { !$0.contains(text) }
        #expect(matched, "'\(text)' still on screen:\n\(screen)", sourceLocation: sourceLocation)
    }

    /// Waits for the app to end and checks the terminal is as it was before it started.
    func expectExit(_ status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectScreen("__EXIT=\(status)", sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", sourceLocation: sourceLocation)
        let before = try String(contentsOfFile: folder.file("stty-before"), encoding: .utf8)
        let after = try String(contentsOfFile: folder.file("stty-after"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "stty -a changed", sourceLocation: sourceLocation)
    }
}

@Suite(.enabled(if: tmuxIsAvailable()), .serialized)
struct AppTests {
    @Test func startsOnHomeAndOpensTheTodos() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        #expect(try app.session.display("#{alternate_on}") == "1")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
    }

    @Test func addToggleEditAndDeleteATodo() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("a")
        try app.session.type("Buy milk")
        try app.session.send("Enter", "Escape")
        try app.expectScreen("[ ] Buy milk")
        // A key sent within the lone-Esc timeout would read as Alt-key: wait for the prompt to close.
        try app.expectGone("New todo:")
        try app.session.send("G", "Space")
        try app.expectScreen("[x] Buy milk")
        try app.session.send("e", "C-u")
        try app.session.type("Buy oat milk")
        try app.session.send("Enter")
        try app.expectScreen("[x] Buy oat milk")
        try app.session.send("d")
        try app.expectScreen("(y/n)")
        try app.session.send("y")
        try app.expectGone("Buy oat milk")
    }

    @Test func filterAndSearchNarrowTheList() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Read this list's first todo")
        try app.session.send("Tab")
        try app.expectScreen("Filter: active")
        try app.expectGone("Read this list's first todo")
        try app.session.send("Tab", "Tab", "/")
        try app.session.type("sear")
        try app.expectScreen("Search: sear")
        try app.expectGone("Welcome to Rivulet")
        try app.expectScreen("Search by typing")
    }

    @Test func helpOpensOverTheSceneAndCloses() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("?")
        try app.expectScreen("Keys · Todos")
        try app.expectScreen("clear completed")
        try app.session.send("Escape")
        try app.expectGone("Keys · Todos")
    }

    @Test func resizeRedrawsAtTheNewSize() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.resize(width: 50, height: 12)
        let (screen, matched) = try app.session.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 12 && lines[11].contains("t todos")
        }
        #expect(matched, "status line not on row 12:\n\(screen)")
        #expect(try app.session.display("#{pane_width}x#{pane_height}") == "50x12")
    }

    @Test func anotherProcessesAddAppearsLive() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        let added = try RivuletProcess.run(["--db", app.db, "add", "Added elsewhere"])
        #expect(added.status == 0)
        try app.expectScreen("Added elsewhere", timeout: 1.5)
    }

    @Test func aTitleWithEscapeSequencesIsShownInert() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        _ = try RivuletProcess.run(["--db", app.db, "add", "evil\u{1b}[2J\u{1b}]2;pwned\u{7}title"])
        try app.session.send("t")
        try app.expectScreen("eviltitle")
        try app.expectScreen("Welcome to Rivulet")
        #expect(try app.session.display("#{pane_title}") != "pwned")
    }

    @Test func quitFromHomeRestoresTheTerminal() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("q")
        try app.expectScreen("Rivulet · Home")
        try app.session.send("q")
        try app.expectExit(0)
    }

    @Test func controlCQuitsFromAnywhereAndRestoresTheTerminal() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("C-c")
        try app.expectExit(0)
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("SEGV", 139)])
    func signalsAndCrashesRestoreTheTerminal(signal: String, status: Int) throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        let pid = try #require(try app.session.appPID())
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/bin/kill")
        kill.arguments = ["-\(signal)", String(pid)]
        try kill.run()
        kill.waitUntilExit()
        try app.expectExit(status)
    }

    @Test func keyToFrameTakesUnderSixteenMilliseconds() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("frames.log")
        let app = try RunningApp(environment: ["RIVULET_FRAME_LOG": log])
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        var wallTimes: [Double] = []
        for step in 0..<6 {
            let key = step % 2 == 0 ? "j" : "k"
            let marker = step % 2 == 0 ? "> [ ] Add a todo" : "> [ ] Welcome"
            let start = Date()
            try app.session.send(key)
            let (_, matched) = try app.session.waitFor(timeout: 2) { $0.contains(marker) }
            #expect(matched)
            wallTimes.append(Date().timeIntervalSince(start) * 1000)
        }
        let micros = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        #expect(micros.count >= 6)
        let median = micros.sorted()[micros.count / 2]
        #expect(median < 16_000, "median key-to-frame \(median) µs")
        let wallMedian = wallTimes.sorted()[wallTimes.count / 2]
        print("key to frame: median \(median) µs in the app; \(Int(wallMedian)) ms from send-keys to capture-pane")
    }
}
