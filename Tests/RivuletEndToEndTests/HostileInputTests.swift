import Foundation
import HTTPTestServer
import TestMeasures
import Testing

// End-to-end hostile input: the built `rivulet` binary given titles, notes, feeds and feed
// locations made to attack a terminal or a database. `list --json` gives the exact text back;
// plain output and error messages never carry an escape sequence, whether they go to a pipe or
// a terminal; the app shows such text inert in a real terminal (tmux), where a leak would change
// the pane's title or fill tmux's paste buffer.

/// Titles an attacker would choose (a command line cannot carry NUL; the services' own tests
/// cover it).
private let hostileTitles: [String] = [
    "clip\u{1B}]52;c;cHduZWQ=\u{07}board",
    "title\u{1B}]0;pwned\u{07}zero\u{1B}]2;pwned\u{1B}\\two",
    "clear\u{1B}[2J\u{1B}[Hscreen\u{1B}[?1049l",
    // 8-bit forms: each C1 character is one control on its own, the text after it is kept.
    "dcs\u{1B}P+q544e\u{1B}\\c1\u{9B}31m\u{9D}0;shown\u{9C}end",
    "lone escape\u{1B}",
    "bell\u{07}backspace\u{08}delete\u{7F}",
    "right-to-left \u{202E}fdp.exe",
    "'; DROP TABLE todos; --",
    "\" OR 1=1 -- % _ * NEAR(a b) AND -x",
    "quote \" backslash \\ slash / unicode \u{2028} end",
    "tab\tnewline\ncarriage\rreturn",
]

/// 100,000 characters: a note of any length is kept, a title is held to the title rule's 500.
private let longText = String(repeating: "long ", count: 20_000) + "end"

private func jsonArray(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
}

/// Whether `text` holds nothing a terminal acts on besides line breaks and tabs.
private func isInert(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return true }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        return !(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value)
    }
}

@Test func hostileTitlesAndNotesRoundTripExactlyThroughListJSON() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    var ids: [Int: String] = [:]
    for title in hostileTitles {
        let added = try RivuletProcess.run(["--db", db, "add", title, "--notes", title])
        #expect(added.status == 0, "\(added.error)")
        #expect(isInert(added.output) && isInert(added.error))
        let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        ids[id] = title
    }
    let list = try RivuletProcess.run(["--db", db, "list", "--json"])
    #expect(list.status == 0)
    #expect(isInert(list.output))
    let todos = try jsonArray(list.output)
    for (id, title) in ids {
        let todo = try #require(todos.first { ($0["id"] as? Int) == id })
        #expect(todo["title"] as? String == title)
        #expect(todo["notes"] as? String == title)
    }
}

@Test func aLongNoteRoundTripsExactlyAndALongTitleIsRefusedWithOneLine() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let added = try RivuletProcess.run(["--db", db, "add", "Long notes", "--notes", longText])
    #expect(added.status == 0, "\(added.error)")
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let todos = try jsonArray(try RivuletProcess.run(["--db", db, "list", "--json"]).output)
    #expect(todos.first { ($0["id"] as? Int) == id }?["notes"] as? String == longText)
    // The command line follows the todo list's and the editor's title rule (at most 500
    // characters): a usage error, one line and the pointer to help, and nothing stored.
    let refused = try RivuletProcess.run(["--db", db, "add", longText])
    #expect(refused.status == 2)
    #expect(refused.output.isEmpty)
    #expect(refused.error.hasPrefix("rivulet: the title has 100003 characters; at most 500 are allowed\n"))
    #expect(refused.error.split(separator: "\n").count <= 2)
    #expect(try jsonArray(try RivuletProcess.run(["--db", db, "list", "--json"]).output).count == todos.count)
}

@Test func invalidUTF8InAnArgumentIsStoredAsReplacementCharacters() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    // The shell passes the raw bytes FF FE and a lone continuation byte through argv.
    let script = "\"$0\" --db \"$1\" add \"$(printf 'a\\377\\376b\\200c')\""
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, RivuletProcess.binary, db]
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let todos = try jsonArray(try RivuletProcess.run(["--db", db, "list", "--json"]).output)
    #expect(todos.contains { $0["title"] as? String == "a\u{FFFD}\u{FFFD}b\u{FFFD}c" })
}

@Test func plainListToAPipeShowsHostileTitlesInert() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    for title in hostileTitles { _ = try RivuletProcess.run(["--db", db, "add", title]) }
    let list = try RivuletProcess.run(["--db", db, "list"])
    #expect(list.status == 0)
    #expect(isInert(list.output))
    #expect(!list.output.contains("pwned"))
    #expect(list.output.contains("clipboard"))
    #expect(list.output.contains("titlezerotwo"))
    let stored = try jsonArray(try RivuletProcess.run(["--db", db, "list", "--json"]).output)
    #expect(list.output.split(separator: "\n").count == stored.count)
}

@Test func plainListToATerminalShowsHostileTitlesInert() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    for title in hostileTitles.prefix(6) { _ = try RivuletProcess.run(["--db", db, "add", title]) }
    let out = folder.file("list.out")
    // `script` runs the command with a pseudo-terminal as its standard output and records it.
    let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db)) list"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-q", "-e", "-c", command, out]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let recorded = try String(decoding: Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
    #expect(recorded.contains("clipboard"))
    #expect(isInert(recorded.replacingOccurrences(of: "\r\n", with: "\n")))
}

@Test(arguments: [
    ["feeds", "add", "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]2;pwned\u{07}.xml"],
    ["edit", "999", "--title", "\u{1B}]2;pwned\u{07}"],
    ["\u{1B}]2;pwned\u{07}"],
    ["list", "--\u{1B}[2J"],
])
func errorMessagesQuotingHostileArgumentsAreInert(arguments: [String]) throws {
    let folder = try TemporaryFolder()
    let result = try RivuletProcess.run(["--db", folder.file("todos.sqlite")] + arguments)
    #expect(result.status != 0)
    #expect(!result.error.isEmpty)
    #expect(isInert(result.error), "\(result.error.debugDescription)")
    #expect(isInert(result.output))
}

@Test(arguments: ["/etc/shadow", "file:///etc/shadow", "/dev/zero", "/proc/self/environ", "/tmp"])
func feedLocationsThatAreNotFeedsFailWithOneClearLine(location: String) throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let result = try RivuletProcess.run(["--db", db, "feeds", "add", location])
    #expect(result.status == 1)
    let message = result.error.trimmingCharacters(in: .newlines)
    #expect(message.hasPrefix("rivulet: "))
    #expect(!message.contains("\n"))
    #expect(message.count < 200, "\(message)")
    #expect(!message.contains("root:"))
    // Nothing is subscribed: no ID is printed and only the new database's sample feed is listed.
    #expect(result.output.isEmpty)
    let feeds = try jsonArray(try RivuletProcess.run(["--db", db, "feeds", "list", "--json"]).output)
    #expect(feeds.count == 1)
    #expect(
        !feeds.contains {
            ($0["url"] as? String).map { $0.hasSuffix(location.replacingOccurrences(of: "file://", with: "")) } == true
        })
}

@Test func aFIFOAsAFeedIsRefusedWithoutBlocking() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("feed.xml")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try RivuletProcess.run(["--db", folder.file("feeds.sqlite"), "feeds", "add", fifo])
    #expect(result.status == 1)
    #expect(result.error == "rivulet: \(fifo): is a special file, not a regular file\n")
}

@Test func aFeedAtAPortThatRefusesConnectionsFailsAtOnce() throws {
    // A port bound but not listening refuses, and no other server can take it meanwhile.
    let refusing = try RefusingPort()
    let port = refusing.port
    let folder = try TemporaryFolder()
    let start = Date()
    let result = try RivuletProcess.run([
        "--db", folder.file("feeds.sqlite"), "feeds", "add", "http://127.0.0.1:\(port)/feed.xml",
    ])
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("rivulet: "))
    #expect(result.error.contains("the server refused the connection"), "\(result.error)")
    #expect(Date().timeIntervalSince(start) < 10)
    withExtendedLifetime(refusing) {}
}

// MARK: - In a real terminal

/// Runs a tmux command against the session's private server and returns what it printed.
@discardableResult
private func tmux(_ session: TmuxSession, _ arguments: String...) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux", "-S", session.socket] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A feed whose title, item title and text carry a clipboard write, a title change and a clear
/// screen. JSON Feed can carry ESC and BEL as `\u` escapes (XML 1.0 cannot carry them at all).
private let hostileFeed = #"""
    {"version": "https://jsonfeed.org/version/1.1", "title": "Hostile\u001b]2;pwned\u0007feed",
     "items": [{"id": "1", "title": "Item\u001b]52;c;cHduZWQ=\u0007 one\u001b[2J",
                "content_text": "Body\u001b]0;pwned\u0007 text\u001b[2J\u001b[H here"}]}
    """#

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct HostileTerminalTests {
    @Test func hostileTodoAndFeedItemLeaveTheTitleTheScreenAndTheClipboardAlone() throws {
        let folder = try TemporaryFolder()
        let db = folder.file("todos.sqlite")
        let feedFile = folder.file("hostile.json")
        try Data(hostileFeed.utf8).write(to: URL(fileURLWithPath: feedFile))
        _ = try RivuletProcess.run([
            "--db", db, "add", "todo\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]2;pwned\u{07}\u{1B}[2Jtitle",
        ])
        let added = try RivuletProcess.run(["--db", db, "feeds", "add", feedFile])
        #expect(added.status == 0, "\(added.error)")

        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))"
        let session = try TmuxSession(command: command)
        defer { session.close() }
        try tmux(session, "set-option", "-g", "set-clipboard", "on")
        // The detectors work: a raw OSC 52 and title change in another window do show.
        try tmux(
            session, "new-window", "-d", "-n", "probe",
            "printf '\\033]52;c;cHJvYmU=\\007\\033]2;probe\\007'; sleep 30")
        var probed = false
        for _ in 0..<100 where !probed {
            probed = try tmux(session, "show-buffer").output == "probe"
            if !probed { usleep(20_000) }
        }
        #expect(probed, "tmux did not record a raw OSC 52: the clipboard check below could not fail")
        #expect(try tmux(session, "display-message", "-p", "-t", ":probe", "#{pane_title}").output.hasPrefix("probe"))
        try tmux(session, "kill-window", "-t", ":probe")
        try tmux(session, "delete-buffer")
        let titleBefore = try session.display("#{pane_title}")

        #expect(try session.waitFor("Rivulet · Home").matched)
        try session.send("t")
        let todos = try session.waitFor("todotitle")
        #expect(todos.matched, "\(todos.screen)")
        #expect(todos.screen.contains("Rivulet · Todos"))
        #expect(todos.screen.contains("Welcome to Rivulet"))
        try session.send("q")
        #expect(try session.waitFor { $0.contains("Rivulet · Home") && !$0.contains("todotitle") }.matched)
        try session.send("f")
        let feeds = try session.waitFor("Hostilefeed")
        #expect(feeds.matched, "\(feeds.screen)")
        try session.send("Enter")
        let items = try session.waitFor("Item one")
        #expect(items.matched, "\(items.screen)")
        try session.send("Enter")
        let reader = try session.waitFor("Body text here")
        #expect(reader.matched, "\(reader.screen)")
        #expect(reader.screen.contains("Item one"))

        #expect(try session.display("#{pane_title}") == titleBefore)
        #expect(try session.display("#{pane_title}") != "pwned")
        #expect(try tmux(session, "show-buffer").output.isEmpty)
        #expect(try tmux(session, "list-buffers").output.isEmpty)
        try session.send("C-c")
        #expect(try session.waitFor("__EXIT=0").matched)
    }
}

@Test(arguments: [["list"], ["feeds", "export"], ["add", "Written before the output failed"]])
func outputThatCannotBeWrittenFailsWithOneSentenceAndKeepsWhatWasDone(arguments: [String]) throws {
    let folder = try TemporaryFolder()
    let database = folder.file("full.sqlite")
    // The database is there already, so a read says nothing about having made it.
    _ = try ChildProcess.rivulet(["--db", database, "feeds", "list"])
    let script = "binary=$0 database=$1; shift; exec \"$binary\" --db \"$database\" \"$@\" > /dev/full"
    let outcome = try ChildProcess(
        "/bin/sh", ["-c", script, RivuletProcess.binary, database] + arguments,
        environment: ["RIVULET_DB": "", "SWIFT_BACKTRACE": "enable=no"]
    )
    .wait()
    #expect(outcome.termination == .exited(1), "\(outcome.error)")
    #expect(outcome.error == "rivulet: cannot write the output: no space left on device\n")
    if arguments.first == "add" {
        let listed = try ChildProcess.rivulet(["--db", database, "list"])
        #expect(listed.output.contains("Written before the output failed"))
    }
}
