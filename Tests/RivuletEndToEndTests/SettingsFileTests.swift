import Foundation
import Testing

@Suite(.enabled(if: tmuxIsInstalled()), .serialized)
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
