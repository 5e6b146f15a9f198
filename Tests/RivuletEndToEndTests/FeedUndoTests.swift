import Foundation
import TestMeasures
import Testing

// End-to-end: removing a feed in the app, taking it back with u, and removing it again with
// Ctrl-R after a restart, in a real terminal (a private tmux server), read from the screen. The
// wall clock is needed: each step polls the screen up to a deadline.

/// An RSS document titled `title` with one item per title in `items`.
private func rss(_ title: String, items: [String]) -> String {
    let entries = items.enumerated().map { index, item in
        "<item><guid>\(title)-\(index)</guid><title>\(item)</title><description>About \(item)</description>"
            + "<pubDate>Mon, 0\(index + 1) Nov 2026 10:00:00 GMT</pubDate></item>"
    }
    return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>"
        + entries.joined() + "</channel></rss>"
}

/// Whether the screen lists the feed `title` as a row (its counts beside it), not only names it
/// in the status line.
private func listsFeed(_ title: String, _ screen: String) -> Bool {
    screen.split(separator: "\n").contains { $0.contains(title) && $0.contains(" unread") }
}

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct FeedUndoTests {
    @Test func undoBringsARemovedFeedBackWithItsReadStateAndRedoRemovesItAfterARestart() throws {
        let folder = try TemporaryFolder()
        let db = folder.file("feeds.sqlite")
        for (name, items) in [("Alpha", ["A one", "A two", "A three"]), ("Beta", ["B one"])] {
            let file = folder.file("\(name).xml")
            try rss("\(name) news", items: items).write(toFile: file, atomically: true, encoding: .utf8)
            let added = try RivuletProcess.run(["--db", db, "feeds", "add", file])
            #expect(added.status == 0, "\(added.error)")
        }
        // No fetch at start: the counts on screen are the stored ones.
        let environment = ["RIVULET_RELOAD_MINUTES": "0"]
        let launch = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))"
        let session = try TmuxSession.withDefaultSignals(command: launch, environment: environment)
        #expect(try session.waitFor("Rivulet · Home", timeout: 10).matched)
        try session.send("f")
        #expect(try session.waitFor("3 of 3 unread").matched)
        // Read one item of Alpha news (listed first, by title).
        try session.send("Enter")
        #expect(try session.waitFor("A three").matched)
        try session.send("m")
        try session.send("q")
        let read = try session.waitFor("2 of 3 unread")
        #expect(read.matched, "\(read.screen)")

        try session.send("d")
        #expect(try session.waitFor("Remove the feed “Alpha news”?").matched)
        try session.send("y")
        let removed = try session.waitFor { !listsFeed("Alpha news", $0) && $0.contains("2 feeds") }
        #expect(removed.matched, "\(removed.screen)")

        try session.send("u")
        let undone = try session.waitFor("Undid: remove feed “Alpha news”. Ctrl-R redoes it.")
        #expect(undone.matched, "\(undone.screen)")
        let back = try session.waitFor { listsFeed("Alpha news", $0) && $0.contains("2 of 3 unread") }
        #expect(back.matched, "\(back.screen)")
        try session.send("C-c")
        #expect(try session.waitFor("__EXIT=0").matched)
        session.close()

        // Another run on the same database: Ctrl-R in the feeds removes it again; then u in the
        // todo list takes the removal back, since it is the last change (one history).
        let again = try TmuxSession.withDefaultSignals(command: launch, environment: environment)
        defer { again.close() }
        #expect(try again.waitFor("Rivulet · Home", timeout: 10).matched)
        try again.send("f")
        #expect(try again.waitFor("2 of 3 unread").matched)
        try again.send("C-r")
        let redone = try again.waitFor("Redid: remove feed “Alpha news”. u undoes it.")
        #expect(redone.matched, "\(redone.screen)")
        #expect(try again.waitFor { !listsFeed("Alpha news", $0) && $0.contains("2 feeds") }.matched)
        try again.send("q")
        try again.send("t")
        #expect(try again.waitFor("Todos").matched)
        try again.send("u")
        let fromTodos = try again.waitFor("Undid: remove feed “Alpha news”.")
        #expect(fromTodos.matched, "\(fromTodos.screen)")
        let listed = try RivuletProcess.run(["--db", db, "feeds", "list"])
        #expect(listed.output.contains("Alpha news\t2/3 unread"), "\(listed.output)")
    }
}
