import Foundation
import TestMeasures
import Testing

// End-to-end: the real `rivulet` binary in a real terminal (a private tmux server per test),
// read from the screen. They need the wall clock: each step polls the screen up to a deadline.

/// The app in a tmux pane over a database that `prepare` fills first through the commands.
private struct PreparedApp {
    let folder: TemporaryFolder
    let session: TmuxSession
    var db: String { folder.file("trust.sqlite") }

    init(environment: [String: String] = [:], prepare: (String) throws -> Void) throws {
        folder = try TemporaryFolder()
        let db = folder.file("trust.sqlite")
        try prepare(db)
        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))"
        session = try TmuxSession.withDefaultSignals(command: command, environment: environment)
    }

    func expectScreen(_ text: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (screen, matched) = try session.waitFor(text, timeout: timeout)
        #expect(matched, "'\(text)' not on screen:\n\(screen)", sourceLocation: sourceLocation)
    }
}

/// Runs `rivulet --db db arguments` and expects it to succeed.
private func command(_ db: String, _ arguments: String...) throws {
    let result = try RivuletProcess.run(["--db", db] + arguments)
    #expect(result.status == 0, "rivulet \(arguments): \(result.error)")
}

/// The titles of the todos not done, as `rivulet list --active --json` prints them.
private func activeTitles(_ db: String) throws -> Set<String> {
    let listed = try RivuletProcess.run(["--db", db, "list", "--active", "--json"])
    let todos = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
    return Set(todos.compactMap { $0["title"] as? String })
}

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct TodoTrustTests {
    @Test func overdueAndDueTodayTodosAreMarkedWithASymbolWithoutColour() throws {
        let app = try PreparedApp(environment: ["NO_COLOR": "1"]) { db in
            try command(db, "add", "Pay rent", "--due", "yesterday")
            try command(db, "add", "Call mum", "--due", "today")
            try command(db, "add", "Buy a tree", "--due", "+3d")
        }
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Pay rent")
        let screen = try app.session.screen()
        let line = { (title: String) in
            screen.split(separator: "\n").first { $0.contains(title) }.map(String.init) ?? ""
        }
        #expect(line("Pay rent").contains("! due yesterday · "), "\(screen)")
        #expect(line("Call mum").contains("* due today"), "\(screen)")
        #expect(line("Buy a tree").contains("due in 3d · ") && !line("Buy a tree").contains("!"), "\(screen)")
    }

    @Test func theEditorReadsADueDateInWordsAndNamesAnImpossibleOne() throws {
        let app = try PreparedApp { db in try command(db, "add", "Post the cards") }
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Post the cards")
        try app.session.send("End", "Enter")
        try app.expectScreen("Edit todo")
        try app.session.send("Tab", "Tab", "C-u")
        try app.session.type("2027-02-29")
        try app.expectScreen("February 2027 has 28 days, so there is no February 29.")
        try app.session.send("C-u")
        try app.session.type("tomorrow")
        try app.expectScreen(", tomorrow")
        try app.session.send("Enter")
        try app.expectScreen("Post the cards")
        try app.expectScreen("due ")
    }

    @Test func completeAllWithASearchAsksThenMarksOnlyTheShownTodos() throws {
        let app = try PreparedApp { db in
            for number in 1...6 { try command(db, "add", "Call \(number)") }
            try command(db, "add", "Bread")
        }
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Bread")
        try app.session.send("/")
        try app.session.type("call")
        try app.session.send("Enter")
        try app.expectScreen("6 matches")
        let activeBefore = try activeTitles(app.db)
        try app.session.send("A")
        try app.expectScreen("Mark 6 shown todos done?")
        try app.expectScreen("hidden stay as they are")
        try app.session.send("y")
        try app.expectScreen("Marked 6 todos done.")
        // Every todo not done before but the six shown (the welcome list's and Bread) is still not done.
        #expect(try activeTitles(app.db) == activeBefore.subtracting((1...6).map { "Call \($0)" }))
        #expect(try activeTitles(app.db).contains("Bread"))
    }

    @Test func theChosenFilterAndOrderAreKeptAcrossScenesAndARestart() throws {
        let app = try PreparedApp { db in
            try command(db, "add", "Later", "--due", "+9d")
            try command(db, "add", "Sooner", "--due", "tomorrow")
        }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Filter: all · Sort: manual")
        try app.session.send("s", "s", "f")
        try app.expectScreen("Filter: active · Sort: due date")
        // Back home and into the list again.
        try app.session.send("q")
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Filter: active · Sort: due date")
        try app.session.send("C-c")
        try app.expectScreen("__EXIT=0")
        app.session.close()

        let launch = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(app.db))"
        let again = try TmuxSession.withDefaultSignals(command: launch)
        defer { again.close() }
        #expect(try again.waitFor("Rivulet · Home", timeout: 10).matched)
        try again.send("t")
        #expect(try again.waitFor("Filter: active · Sort: due date").matched)
        let list = try again.waitFor("Later")
        #expect(list.matched, "\(list.screen)")
        let rows = list.screen.split(separator: "\n")
        let sooner = rows.firstIndex { $0.contains("Sooner") }
        let later = rows.firstIndex { $0.contains("Later") }
        #expect((sooner ?? .max) < (later ?? .min), "\(list.screen)")
    }

    @Test func undoTakesBackABulkCompleteAndSurvivesARestart() throws {
        let app = try PreparedApp { db in
            for number in 1...6 { try command(db, "add", "Call \(number)") }
            try command(db, "add", "Bread")
        }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Bread")
        let activeBefore = try activeTitles(app.db)
        try app.session.send("Tab", "/")
        try app.session.type("call")
        try app.session.send("Enter")
        try app.expectScreen("6 matches")
        try app.session.send("A")
        try app.expectScreen("Mark 6 shown todos done?")
        try app.session.send("y")
        try app.expectScreen("Marked 6 todos done.")
        #expect(try activeTitles(app.db) == activeBefore.subtracting((1...6).map { "Call \($0)" }))
        try app.session.send("u")
        try app.expectScreen("Undid: complete 6 todos. Ctrl-R redoes it.")
        #expect(try activeTitles(app.db) == activeBefore)
        try app.session.send("C-c")
        try app.expectScreen("__EXIT=0")
        // Quitting closed the database: its write-ahead log was checkpointed and removed.
        #expect(!FileManager.default.fileExists(atPath: app.db + "-wal"))
        app.session.close()

        // Another run of the app on the same database: the history is still there.
        let launch = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(app.db))"
        let again = try TmuxSession.withDefaultSignals(command: launch)
        defer { again.close() }
        #expect(try again.waitFor("Rivulet · Home", timeout: 10).matched)
        try again.send("t")
        #expect(try again.waitFor("Bread").matched)
        try again.send("C-r")
        let redone = try again.waitFor("Redid: complete 6 todos. u undoes it.")
        #expect(redone.matched, "\(redone.screen)")
        #expect(try activeTitles(app.db) == activeBefore.subtracting((1...6).map { "Call \($0)" }))
        try again.send("u")
        #expect(try again.waitFor("Undid: complete 6 todos.").matched)
        // The change before it was made by another process: the command that added Bread.
        try again.send("u")
        let added = try again.waitFor("Undid: add “Bread”.")
        #expect(added.matched, "\(added.screen)")
        #expect(try activeTitles(app.db) == activeBefore.subtracting(["Bread"]))
    }

    @Test func changingTheSortKeepsTheSelectedTodo() throws {
        let app = try PreparedApp { db in
            for title in ["Dog", "Bee", "Aardvark walk"] { try command(db, "add", title) }
        }
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Aardvark walk")
        try app.session.send("End")
        let selectedLast = try app.session.waitFor {
            AppOnDatabase.rows(on: $0).first(where: \.isSelected)?.title == "Aardvark walk"
        }
        #expect(selectedLast.matched, "\(selectedLast.screen)")
        try app.session.send("s", "s", "s")
        try app.expectScreen("Sort: title")
        // By title it comes first; the selection went with it.
        let followed = try app.session.waitFor {
            let rows = AppOnDatabase.rows(on: $0)
            return rows.first?.title == "Aardvark walk" && rows.first?.isSelected == true
        }
        #expect(followed.matched, "\(followed.screen)")
    }

    @Test func aNoteGoesAfterAFewSecondsOrAtTheNextKeyAndTheHintsComeBack() throws {
        let app = try PreparedApp { db in try command(db, "add", "Bread") }
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Bread")
        try app.expectScreen("? help")
        let pressed = Date()
        try app.session.send("u")
        try app.expectScreen("Undid: add “Bread”.")
        #expect(!(try app.session.screen()).contains("? help"))
        // Nothing pressed: the note goes by itself (4 s) and the key hints come back.
        let back = try app.session.waitFor(timeout: 12) { !$0.contains("Undid") && $0.contains("? help") }
        let waited = Date().timeIntervalSince(pressed)
        #expect(back.matched, "\(back.screen)")
        #expect(waited >= 3.9, "the note went after \(waited) s")
        // The next key takes a note away at once, and still does its work.
        try app.session.send("C-r")
        try app.expectScreen("Redid: add “Bread”.")
        try app.session.send("j")
        let gone = try app.session.waitFor(timeout: 2) { !$0.contains("Redid") && $0.contains("? help") }
        #expect(gone.matched, "\(gone.screen)")
    }

    @Test func notesOfTwoLinesAreTypedSavedAndShownAgain() throws {
        let app = try PreparedApp { db in try command(db, "add", "Bread") }
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Bread")
        try app.session.send("End", "Enter")
        try app.expectScreen("Edit todo")
        try app.session.send("Tab")
        try app.expectScreen("Enter new line")
        try app.session.type("wholemeal")
        try app.session.send("Enter")
        try app.session.type("two loaves")
        try app.session.send("C-s")
        try app.expectScreen("Todos")
        let listed = try RivuletProcess.run(["--db", app.db, "list", "--json"])
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let bread = todos.first { $0["title"] as? String == "Bread" }
        #expect(bread?["notes"] as? String == "wholemeal\ntwo loaves")
        // Opened again, the editor shows the two lines one under the other.
        try app.session.send("Enter")
        try app.expectScreen("two loaves")
        let screen = try app.session.screen().split(separator: "\n").map(String.init)
        let first = screen.firstIndex { $0.contains("wholemeal") }
        #expect(first.map { screen[$0 + 1].contains("two loaves") } == true, "\(screen.joined(separator: "\n"))")
    }

    @Test func theAppRefusesADumbTerminalWithOneLineAndStatus1() throws {
        let app = try RunningApp(environment: ["TERM": "dumb"])
        defer { app.session.close() }
        try app.expectScreen("TERM=dumb")
        try app.expectScreen("rivulet list")
        try app.expectExit(1)
    }
}
