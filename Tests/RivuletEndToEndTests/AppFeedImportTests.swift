import Foundation
import TestMeasures
import Testing

// End-to-end: the app in a real terminal (tmux) imports an OPML file from the feeds scene. The
// imported feeds are fetched at once; their addresses are on loopback port 9, where nothing
// listens, so the fetches fail at once and no packet leaves the machine.

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct AppFeedImportTests {
    @Test func theFeedsSceneImportsAnOPMLFileFromItsPrompt() throws {
        let folder = try TemporaryFolder()
        let db = folder.file("feeds.sqlite")
        let list = folder.file("subscriptions.opml")
        let text =
            #"<opml version="2.0"><body><outline text="Loop A" xmlUrl="http://127.0.0.1:9/a.xml"/>"#
            + #"<outline text="Loop B" xmlUrl="http://127.0.0.1:9/b.xml"/>"#
            + #"<outline text="Loop A again" xmlUrl="http://127.0.0.1:9/a.xml"/></body></opml>"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: list))
        #expect(try RivuletProcess.run(["--db", db, "feeds", "list"]).status == 0)

        let session = try TmuxSession(
            command: "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))")
        defer { session.close() }
        #expect(try session.waitFor("Rivulet · Home").matched)
        try session.send("f")
        #expect(try session.waitFor("Rivulet · Feeds").matched)
        try session.send("i")
        let prompt = try session.waitFor("OPML file to import:")
        #expect(prompt.matched, "\(prompt.screen)")
        try session.type(list)
        try session.send("Enter")
        let imported = try session.waitFor(timeout: 10) {
            $0.contains("Loop A") && $0.contains("Loop B") && $0.contains("Imported 2 feeds: 1 skipped, 0 failed.")
        }
        #expect(imported.matched, "\(imported.screen)")
        #expect(imported.screen.contains("3 feeds"), "\(imported.screen)")
        try session.send("C-c")
        #expect(try session.waitFor("__EXIT=0").matched)

        let listed = try RivuletProcess.run(["--db", db, "feeds", "list"])
        #expect(listed.output.split(separator: "\n").count == 3, "\(listed.output)")
    }
}
