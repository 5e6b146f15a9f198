import Foundation
import TestMeasures
import Testing

// End-to-end: these tests run the built `rivulet` binary in a real terminal (a private tmux
// server per test) and read the screen. They need the wall clock: each step polls the screen
// every 20 ms up to a deadline, never a fixed sleep.

/// A running app over a fresh database, and the files the pane's shell writes around it.
struct RunningApp {
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
        session = try TmuxSession.withDefaultSignals(
            command: command, width: width, height: height, environment: environment)
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

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
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
        try app.session.send("Enter")
        try app.expectScreen("[ ] Buy milk")
        try app.expectGone("New todo:")
        try app.session.send("Space")
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

    @Test func enterSavesTheNewTodoClosesTheLineAndSelectsIt() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("> [ ] Welcome to Rivulet")
        try app.session.send("a")
        try app.expectScreen("New todo:")
        try app.session.type("Buy milk")
        try app.session.send("Enter")
        try app.expectScreen("> [ ] Buy milk")
        try app.expectGone("New todo:")
        // The line is closed: keys act on the list again.
        try app.session.send("Space")
        try app.expectScreen("> [x] Buy milk")
    }

    @Test func escapeClosesTheAddLineWithoutAdding() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("a")
        try app.session.type("Never mind")
        try app.expectScreen("New todo: Never mind")
        try app.session.send("Escape")
        try app.expectGone("New todo:")
        #expect(try !app.session.screen().contains("[ ] Never mind"))
        #expect(try app.session.screen().contains("Rivulet · Todos"))
    }

    @Test func movesTypedFasterThanTheListReloadsMoveTheSelectedTodo() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("> [ ] Welcome to Rivulet")
        // One send-keys: the three keys arrive before the first move is stored.
        try app.session.send("J", "J", "K", "Space")
        try app.expectScreen(
            "  [ ] Add a todo of your own\n> [x] Welcome to Rivulet\n  [ ] Mark a todo done, then clear the done ones")
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

    @Test func escapeClearsAKeptSearchBeforeGoingBack() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("/")
        try app.session.type("sear")
        try app.expectGone("Welcome to Rivulet")
        try app.session.send("Enter")
        let (screen, closed) = try app.session.waitFor { screen in
            !screen.split(separator: "\n").contains { $0.hasPrefix(" Search:") }
        }
        #expect(closed, "the search line is still open:\n\(screen)")
        try app.expectScreen("· Search: sear")
        try app.session.send("Escape")
        try app.expectScreen("Welcome to Rivulet")
        try app.expectGone("· Search: sear")
        #expect(try app.session.screen().contains("Rivulet · Todos"))
        try app.session.send("Escape")
        try app.expectScreen("Rivulet · Home")
    }

    @Test func theStatusLineSaysWhatTheKeysDoWhileALineIsTyped() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("a add  Space done")
        try app.session.send("a")
        try app.expectScreen("Enter save  Esc cancel")
        try app.expectGone("a add  Space done")
        try app.session.send("Escape")
        try app.expectScreen("a add  Space done")
        try app.session.send("/")
        try app.expectScreen("Enter keep the search  Esc clear it")
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
        // A termination signal closes the database first, as a quit does; a crash cannot.
        #expect(FileManager.default.fileExists(atPath: app.db + "-wal") == (signal == "SEGV"))
    }

    /// The lines of the frame log once it has at least `count` of them, or after two seconds.
    private func frameLines(in log: String, atLeast count: Int) throws -> [Substring] {
        let deadline = Date().addingTimeInterval(2)
        while true {
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            if lines.count >= count || Date() > deadline { return lines }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    @Test func keyToFrameTakesUnderSixteenMilliseconds() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("frames.log")
        let app = try RunningApp(environment: ["RIVULET_FRAME_LOG": log])
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        // The app logs a frame just after writing it, so the screen can show it a moment before
        // its line is in the log: wait for the line of the key that opened the list.
        let before = try frameLines(in: log, atLeast: 1).count
        var wallTimes: [Double] = []
        for step in 0..<10 {
            let key = step % 2 == 0 ? "j" : "k"
            let marker = step % 2 == 0 ? "> [ ] Add a todo" : "> [ ] Welcome"
            let start = Date()
            try app.session.send(key)
            let (_, matched) = try app.session.waitFor(timeout: 2) { $0.contains(marker) }
            #expect(matched)
            wallTimes.append(Date().timeIntervalSince(start) * 1000)
        }
        // From each key's arrival to the end of the write of the frame it changed.
        let micros = try frameLines(in: log, atLeast: before + 10).dropFirst(before).compactMap { Int($0) }
        #expect(micros.count == 10)
        let sorted = micros.sorted()
        let median = sorted[sorted.count / 2]
        // 16 ms in the plain build; the thread sanitizer's build gets ``SanitizerBuild/latencyScale``
        // times that (alone, it measured 10.9 ms there; beside the whole suite, 18.1 ms).
        #expect(median < 16_000 * SanitizerBuild.latencyScale, "median key-to-frame \(median) µs")
        let wallMedian = wallTimes.sorted()[wallTimes.count / 2]
        print(
            "key to frame written: median \(median) µs, worst \(sorted.last ?? 0) µs in the app; "
                + "\(Int(wallMedian)) ms from send-keys to capture-pane")
    }

    @Test func killingTheTmuxServerEndsTheApp() throws {
        let app = try RunningApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        let pids = try app.session.processes(named: "rivulet")
        let pid = try #require(pids.first)
        defer { AppProcesses.kill(pids) }
        try app.session.killServerOnly()
        #expect(AppProcesses.waitUntilEnded(pid, timeout: 2), "rivulet \(pid) still runs without its terminal")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func aTerminalThatGoesAwayEndsTheAppEvenWithoutAHangUpSignal() throws {
        // `setsid` puts the app in a session of its own: the terminal is not its controlling
        // terminal, so the system sends it no SIGHUP; only the dead terminal itself tells.
        let folder = try TemporaryFolder()
        let command =
            "setsid -w \(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(folder.file("db.sqlite")))"
        let session = try TmuxSession.withDefaultSignals(command: command)
        defer { session.close() }
        let (screen, matched) = try session.waitFor("Rivulet · Home")
        #expect(matched, "the app did not start:\n\(screen)")
        let pids = try session.processes(named: "rivulet")
        let pid = try #require(pids.first)
        defer { AppProcesses.kill(pids) }
        try session.killServerOnly()
        #expect(AppProcesses.waitUntilEnded(pid, timeout: 2), "rivulet \(pid) still runs without its terminal")
    }

    @Test func controlZSuspendsToTheShellAndFgResumes() throws {
        let folder = try TemporaryFolder()
        let prompt = "e2e-shell$ "
        let shownPrompt = "e2e-shell$"  // as captured: without the trailing space
        func lastLine(of screen: String) -> String? {
            screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
        }
        let session = try TmuxSession.withDefaultSignals(
            command: "bash --norc --noprofile -i", environment: ["PS1": prompt, "HISTFILE": "/dev/null"])
        var started: [Int32] = []
        defer {
            AppProcesses.kill(started.reversed())
            session.close()
        }
        func expectScreen(
            _ predicate: (String) -> Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
        )
            throws
        {
            let (screen, matched) = try session.waitFor(predicate)
            #expect(matched, "\(what):\n\(screen)", sourceLocation: sourceLocation)
        }
        try expectScreen({ lastLine(of: $0) == shownPrompt }, "no shell prompt")
        started = try session.paneProcesses()
        let before = folder.file("stty-before")
        let after = folder.file("stty-after")
        try session.type(
            "stty -a > \(TmuxSession.quote(before)); \(TmuxSession.quote(RivuletProcess.binary)) --db "
                + TmuxSession.quote(folder.file("db.sqlite")))
        try session.send("Enter")
        try expectScreen({ $0.contains("Rivulet · Home") }, "the app did not start")
        started = try session.paneProcesses()
        #expect(try session.display("#{alternate_on}") == "1")

        try session.send("C-z")
        try expectScreen({ $0.contains("Stopped") && lastLine(of: $0) == shownPrompt }, "no shell prompt after Ctrl-Z")
        #expect(try session.display("#{alternate_on}") == "0")
        try session.type("stty -a > \(TmuxSession.quote(after)); echo saved-$((6*7))")
        try session.send("Enter")
        try expectScreen({ $0.contains("saved-42") }, "the shell did not run stty")
        let saved = try String(contentsOfFile: before, encoding: .utf8)
        let suspended = try String(contentsOfFile: after, encoding: .utf8)
        #expect(!saved.isEmpty && saved == suspended, "stty -a differs while suspended")

        try session.type("fg")
        try session.send("Enter")
        try expectScreen({ $0.contains("Rivulet · Home") && !$0.contains("saved-42") }, "not redrawn after fg")
        #expect(try session.display("#{alternate_on}") == "1")
        try session.send("t")
        try expectScreen({ $0.contains("Welcome to Rivulet") }, "keys do not work after fg")
        try session.send("C-c")
        try expectScreen({ $0.contains("saved-42") && lastLine(of: $0) == shownPrompt }, "the app did not end")
        #expect(try session.display("#{alternate_on}") == "0")
    }
}
