import Foundation
import TestMeasures
import Testing

// End-to-end: the reader's ways through many feeds — `n` to the next unread item across feeds,
// `U` for unread items only, and `/` to search every feed's items — in a real terminal (a
// private tmux server), over two local file feeds. Needs the wall clock: each step polls the
// screen up to a deadline.

/// An RSS document titled `title` with two items, the first listed the newer.
private func feedDocument(_ title: String, _ first: (String, String), _ second: (String, String)) -> String {
    func item(_ guid: String, _ entry: (String, String), day: Int) -> String {
        "<item><guid>\(guid)</guid><title>\(entry.0)</title><description>\(entry.1)</description>"
            + "<pubDate>\(day) Nov 2026 10:00:00 GMT</pubDate></item>"
    }
    return """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>\(title)</title><link>https://example.com/</link>
        \(item("\(title)-1", first, day: 20))
        \(item("\(title)-2", second, day: 10))
        </channel></rss>
        """
}

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct ReaderNavigationTests {
    @Test func nextUnreadAcrossFeedsUnreadOnlyAndSearch() throws {
        let files = try TemporaryFolder()
        let aardvark = files.file("aardvark.xml")
        let badger = files.file("badger.xml")
        try feedDocument("Aardvark notes", ("Ants at dawn", "First light"), ("Burrows", "Digging deep"))
            .write(toFile: aardvark, atomically: true, encoding: .utf8)
        try feedDocument("Badger digest", ("Setts", "Where badgers live"), ("Night walks", "A kettle on the fire"))
            .write(toFile: badger, atomically: true, encoding: .utf8)

        let app = try RunningApp(width: 100, height: 30)
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        // Only these two feeds: the sample feed the database starts with goes.
        let listed = try RivuletProcess.run(["--db", app.db, "feeds", "list", "--json"])
        let feeds = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]], "\(listed.output)")
        for feed in feeds { _ = try RivuletProcess.run(["--db", app.db, "feeds", "rm", "\(feed["id"] ?? "")"]) }
        for file in [aardvark, badger] {
            let added = try RivuletProcess.run(["--db", app.db, "feeds", "add", file])
            #expect(added.status == 0, "feeds add failed: \(added.error)")
        }
        try app.session.send("f")
        try app.expectScreen("Badger digest")

        // n: after the item read, the rest of this feed, then the next feed's first unread item.
        try app.session.send("Enter")
        try app.expectScreen("Ants at dawn")
        try app.session.send("Enter")
        try app.expectScreen("First light")
        try app.session.send("n")
        try app.expectScreen("Digging deep")
        try app.session.send("n")
        try app.expectScreen("Where badgers live")
        try app.expectScreen("Badger digest")
        // Esc leaves the reader for the Badger list, its item selected.
        try app.session.send("Escape")
        try app.expectScreen(">   Setts")
        try app.expectScreen("1 unread")

        // U: only unread items; the one read on the way stays listed until U again.
        try app.session.send("U")
        try app.expectScreen("Unread only: 1 listed (U lists all)")
        try app.expectGone("Setts")
        try app.session.send("n")
        try app.expectScreen("A kettle on the fire")
        try app.session.send("Escape")
        try app.expectScreen("0 unread")
        try app.expectScreen(">   Night walks")
        // Nothing is unread anywhere now.
        try app.session.send("n")
        try app.expectScreen("No unread items in any feed.")
        try app.session.send("U")
        try app.expectScreen("Setts")
        try app.expectGone("Unread only")

        // `/` on the feeds: the results carry their feed's title; Enter reads one.
        try app.session.send("q")
        try app.expectScreen("0 of 2 unread")
        try app.session.send("/")
        try app.session.type("kett")
        try app.expectScreen("Items matching “kett”: 1 item")
        try app.expectScreen("Badger digest")
        try app.session.send("Enter")
        try app.session.send("Enter")
        try app.expectScreen("A kettle on the fire")
        // Closing the reader goes back to the search that found the item, not to its feed.
        try app.session.send("Escape")
        try app.expectScreen("Items matching “kett”: 1 item")
        try app.session.send("Escape")
        try app.expectGone("Items matching")
        try app.expectScreen("Aardvark notes")

        try app.session.send("C-c")
        try app.expectExit(0)
    }
}
