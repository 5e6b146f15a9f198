import Foundation
import TestMeasures
import Testing

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct SettingsFileTests {
    @Test func aBadLineOfTheSettingsFileIsShownAtStartAndTheAppStillStarts() throws {
        let folder = try TemporaryFolder()
        let settings = folder.file("config-home/rivulet")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try Data("refresh-on-start = no\ncolour = blue\n".utf8)
            .write(to: URL(fileURLWithPath: settings + "/config"))
        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(folder.file("app.sqlite")))"
        let session = try TmuxSession(command: command, environment: ["XDG_CONFIG_HOME": folder.file("config-home")])
        defer { session.close() }
        let shown = try session.waitFor("line 2: there is no setting “colour”")
        #expect(shown.matched, "\(shown.screen)")
        #expect(shown.screen.contains("Rivulet · Home"))
        try session.send("j")
        let gone = try session.waitFor { !$0.contains("no setting") && $0.contains("t todos") }
        #expect(gone.matched, "\(gone.screen)")
    }
}

/// The app started over a fresh database in `folder` with `settings` as its settings file.
private func appWithSettings(_ settings: String, in folder: TemporaryFolder) throws -> TmuxSession {
    let directory = folder.file("config-home/rivulet")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(settings.utf8).write(to: URL(fileURLWithPath: directory + "/config"))
    let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(folder.file("app.sqlite")))"
    return try TmuxSession(command: command, environment: ["XDG_CONFIG_HOME": folder.file("config-home")])
}

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct KeyBindingEndToEndTests {
    @Test func keysBoundForHomeTheReaderAndTheEditorWorkAndShowThere() throws {
        let folder = try TemporaryFolder()
        let session = try appWithSettings(
            "bind-key x open-feeds home\nbind-key J down reader\nbind-key Ctrl-G back editor\n", in: folder)
        defer { session.close() }
        func expect(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let shown = try session.waitFor(text)
            #expect(shown.matched, "“\(text)” is not on the screen:\n\(shown.screen)", sourceLocation: sourceLocation)
        }
        func leave(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try session.send("Escape")
            let gone = try session.waitFor { !$0.contains(text) }
            #expect(gone.matched, "Esc left “\(text)” on the screen:\n\(gone.screen)", sourceLocation: sourceLocation)
        }
        // Home: the hint and the help name x, and x opens the feeds.
        try expect("x f feeds")
        try session.send("?")
        try expect("x f     open the feeds")
        // A key right after Esc would read as Alt and the key: each waits for Esc's answer.
        try leave("Keys · Home")
        try session.send("x")
        try expect("Rivulet: getting started")
        // The reader: its hints name J beside j, down, and J scrolls as j does.
        try session.send("Enter")
        try expect("Welcome to Rivulet")
        try session.send("Enter")
        try expect("J j down  k up")
        try session.send("?")
        try expect("J j ↓         reader: a line down")
        try leave("Keys · ")
        try leave("J j down")
        try session.send("q")
        try expect("Rivulet: getting started")
        try session.send("q")
        try expect("Rivulet · Home")
        // The editor: Ctrl-G leaves it as Esc does; a bound character would have been text.
        try session.send("t")
        try expect("Todos")
        try session.send("Enter")
        try expect("Ctrl-G Esc cancel")
        try session.send("C-g")
        let back = try session.waitFor { !$0.contains("Edit todo") && $0.contains("a add") }
        #expect(back.matched, "\(back.screen)")
    }
}
