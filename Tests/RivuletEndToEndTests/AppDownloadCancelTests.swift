import Foundation
import TestMeasures
import Testing

// End-to-end: cancelling downloads in the app, in a real terminal (a private tmux server), in
// the slow-network scenario, where a download waits 1.5 s for an answer that never brings a
// file. Needs the wall clock: each step polls the screen up to a deadline.

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct AppDownloadCancelTests {
    @Test func cWithDownloadsRunningCancelsThemAllWithANoteAndWithNoneSaysSo() throws {
        let folder = try TemporaryFolder()
        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --scenario slow-network"
        let session = try TmuxSession(command: command, environment: ["XDG_DOWNLOAD_DIR": folder.path])
        defer { session.close() }
        func expect(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let shown = try session.waitFor(text)
            #expect(shown.matched, "“\(text)” is not on the screen:\n\(shown.screen)", sourceLocation: sourceLocation)
        }
        try expect("Rivulet · Home")
        try session.send("f")
        try expect("Rivulet sample feed")
        try session.send("Enter")
        try expect("Read and unread")
        try session.send("c")
        try expect("No download is running or queued.")
        // The second item carries an episode: asked twice, one runs and one waits.
        try session.send("j", "D", "D")
        try expect("1 queued")
        try session.send("c")
        try expect("Cancelled 2 downloads; D again continues from where it stopped.")
        try expect("2 cancelled")
    }
}
