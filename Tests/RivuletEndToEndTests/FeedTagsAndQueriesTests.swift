import Foundation
import TestMeasures
import Testing

// End-to-end: tags, query feeds and filters through the real binary's subcommands, then the
// app in a real terminal (a private tmux server) listing the feeds of one tag with 't' and
// opening a query feed. The wall clock is needed: each step polls the screen up to a deadline.

/// An RSS document titled `title` with one item per title in `items`.
private func rss(_ title: String, items: [String]) -> String {
    let entries = items.enumerated().map { index, item in
        "<item><guid>\(title)-\(index)</guid><title>\(item)</title>"
            + "<pubDate>Mon, 0\(index + 1) Nov 2026 10:00:00 GMT</pubDate></item>"
    }
    return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>"
        + entries.joined() + "</channel></rss>"
}

@Suite(.serialized, .terminalLane)
struct FeedTagsAndQueriesTests {
    /// A database with "Rust news" and "Weather" (besides the sample feed), stored from files,
    /// and the ID of "Rust news".
    private func twoFeeds(in folder: TemporaryFolder) throws -> (db: String, rust: String) {
        let db = folder.file("feeds.sqlite")
        var ids: [String] = []
        for (name, items) in [("Rust news", ["Rust 2.0 ships", "Sponsored: Rust course"]), ("Weather", ["Rain"])] {
            let file = folder.file("\(name.prefix(4)).xml")
            try rss(name, items: items).write(toFile: file, atomically: true, encoding: .utf8)
            let added = try RivuletProcess.run(["--db", db, "feeds", "add", file])
            #expect(added.status == 0, "\(added.error)")
            ids.append(added.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (db, ids[0])
    }

    @Test func tagsQueriesAndFiltersFromTheCommandLineWithUndo() throws {
        let folder = try TemporaryFolder()
        let (db, rust) = try twoFeeds(in: folder)
        let run = { (arguments: [String]) in try RivuletProcess.run(["--db", db] + arguments) }

        #expect(try run(["feeds", "tag", rust, "+Tech/Rust", "+weekly"]).output == "Tech/Rust\nweekly\n")
        #expect(try run(["feeds", "tag", rust, "-weekly"]).output == "Tech/Rust\n")
        let listed = try run(["feeds", "list", "--tag", "Tech/Rust"]).output
        #expect(listed.hasPrefix("\(rust)\tRust news") && listed.hasSuffix("\ttags: Tech/Rust\n"), "\(listed)")
        #expect(try run(["feeds", "list", "--tag", "Tech"]).output == listed)
        #expect(try run(["feeds", "list", "--tag", "Te"]).output.isEmpty)
        #expect(try run(["feeds", "list", "--json"]).output.contains(#""tags":["Tech/Rust"]"#))
        #expect(try run(["undo"]).output.contains("tag feed"))
        #expect(try run(["feeds", "tag", rust]).output == "Tech/Rust\nweekly\n")

        let bad = try run(["feeds", "query", "add", "Rust", "unread", "titel~rust"])
        #expect(bad.status == 2)
        #expect(bad.error.hasPrefix("rivulet: 'titel~rust' is not a term"), "\(bad.error)")
        #expect(try run(["feeds", "query", "add", "Rust", "unread", "title~rust"]).output == "Rust\n")
        #expect(try run(["feeds", "query", "list"]).output == "Rust\tunread title~rust\n")
        let shown = try run(["feeds", "query", "show", "Rust"]).output.split(separator: "\n")
        #expect(shown.count == 2 && shown.allSatisfy { $0.contains("\t\(rust)\t* ") }, "\(shown)")

        #expect(try run(["feeds", "filter", "add", "title~sponsored"]).output == "2\n")
        #expect(try run(["feeds", "items", rust]).output.split(separator: "\n").count == 1)
        #expect(try run(["feeds", "query", "show", "Rust"]).output.split(separator: "\n").count == 1)
        #expect(try run(["feeds", "filter", "list", "--json"]).output.contains(#""expression":"title~sponsored""#))
        #expect(
            try run(["feeds", "filter", "rm", "2"]).output == "removed filter 2 title~sponsored (undo puts it back)\n")
        #expect(try run(["feeds", "items", rust]).output.split(separator: "\n").count == 2)
        #expect(try run(["undo"]).status == 0)
        #expect(try run(["feeds", "items", rust]).output.split(separator: "\n").count == 1)
        #expect(try run(["feeds", "query", "rm", "Rust"]).output == "removed query feed 'Rust' (undo puts it back)\n")
        #expect(try run(["feeds", "query", "list"]).output.isEmpty)
    }

    @Test(.enabled(if: tmuxIsInstalled()))
    func theAppListsTheFeedsOfATagAndOpensAQueryFeed() throws {
        let folder = try TemporaryFolder()
        let (db, rust) = try twoFeeds(in: folder)
        #expect(try RivuletProcess.run(["--db", db, "feeds", "tag", rust, "+tech"]).status == 0)
        #expect(try RivuletProcess.run(["--db", db, "feeds", "query", "add", "Rusty", "title~rust"]).status == 0)
        let launch = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))"
        let session = try TmuxSession.withDefaultSignals(command: launch, environment: ["RIVULET_RELOAD_MINUTES": "0"])
        defer { session.close() }
        #expect(try session.waitFor("Rivulet · Home", timeout: 10).matched)
        try session.send("f")
        let feeds = try session.waitFor { $0.contains("Rusty") && $0.contains("Weather") && $0.contains("#tech") }
        #expect(feeds.matched, "\(feeds.screen)")
        try session.send("t")
        let tagged = try session.waitFor { $0.contains("1 of 3 feeds tagged “tech”") && !$0.contains("Weather") }
        #expect(tagged.matched, "\(tagged.screen)")
        try session.send("T")
        #expect(try session.waitFor { $0.contains("Weather") && $0.contains("Rusty") }.matched)
        // The query feed is listed first; its items are those of every feed it matches.
        try session.send("Enter")
        let opened = try session.waitFor {
            $0.contains("Query feed “Rusty” (title~rust): 2 items") && $0.contains("Sponsored: Rust course")
        }
        #expect(opened.matched, "\(opened.screen)")
        try session.send("C-c")
        #expect(try session.waitFor("__EXIT=0").matched)
    }
}
