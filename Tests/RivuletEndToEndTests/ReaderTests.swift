import Foundation
import TestMeasures
import Testing

// End-to-end: the reader of a feed item with HTML content, in a real terminal (a private tmux
// server), and its `o` key with a stand-in browser. Needs the wall clock: each step polls the
// screen up to a deadline.

/// A local RSS file with one item whose content has paragraphs, a list, a quote and links.
private let feedDocument = """
    <?xml version="1.0"?>
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
    <title>Aardvark notes</title><link>https://notes.example/</link>
    <item><guid>one</guid><title>Structured post</title><link>https://notes.example/posts/one</link>
    <description>A short summary</description>
    <content:encoded><![CDATA[
    <p>First paragraph with <a href="/about">a link</a>.</p>
    <p>Second paragraph.</p>
    <ul><li>apples</li><li>pears</li></ul>
    <blockquote>quoted words</blockquote>
    <p>See <a href="https://other.example/page">the other page</a>.</p>
    ]]></content:encoded></item>
    </channel></rss>
    """

/// A local Atom file of one podcast episode: a title with a lone C1 character, xhtml content
/// with a relative link, an audio enclosure and a Media RSS thumbnail.
private let podcastDocument = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"
      xml:base="https://pod.example/feeds/">
    <title>Pod notes</title><id>urn:pod</id>
    <entry><id>urn:pod:2</id><title>Rain&#x9D; stops play at the final</title><updated>2026-01-02T00:00:00Z</updated>
    <link rel="enclosure" href="/pod/ep2.mp3" type="audio/mpeg" length="24986239"/>
    <media:thumbnail url="/pod/ep2.jpg"/>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>See the <a href="/pod/ep2-notes.html">link</a>.</p></div></content>
    </entry></feed>
    """

/// A local RSS file with one item whose content has a heading, bold, italic, code and a
/// preformatted line wider than the reader.
private let styledDocument = """
    <?xml version="1.0"?>
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
    <title>Style notes</title><link>https://notes.example/</link>
    <item><guid>one</guid><title>Styled post</title><link>https://notes.example/posts/one</link>
    <content:encoded><![CDATA[<h2>Big news</h2><p>A <b>bold</b> word and <em>slanted</em> one, <code>make all</code>.</p>
    <pre>let  x  =  1   // a line of code too long for the reader, which is cut and never rewrapped</pre>]]>
    </content:encoded></item>
    </channel></rss>
    """

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct ReaderTests {
    @Test(arguments: [false, true])
    func boldItalicHeadingsAndCodeAreDrawnWithTheirAttributesAndColoursOnlyWithoutNoColor(noColor: Bool) throws {
        let files = try TemporaryFolder()
        let feed = files.file("styled.xml")
        try styledDocument.write(toFile: feed, atomically: true, encoding: .utf8)
        // Empty is unset for no-color.org, whatever the test runner's own environment says.
        let app = try RunningApp(width: 80, height: 24, environment: ["NO_COLOR": noColor ? "1" : ""])
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        let added = try RivuletProcess.run(["--db", app.db, "feeds", "add", feed])
        #expect(added.status == 0, "feeds add failed: \(added.error)")
        try app.session.send("f")
        try app.expectScreen("Style notes")
        try app.session.send("G", "Enter")
        try app.expectScreen("Styled post")
        try app.session.send("Enter")
        try app.expectScreen("A bold word and slanted one, make all.")
        // The preformatted line keeps its spaces and is cut at the edge, not wrapped.
        try app.expectScreen("let  x  =  1   // a line of code too long for the reader, which is cut and …")
        let styled = try app.session.styledScreen()
        let escape = "\u{1B}["
        // Bold and italic stay without colour (no-color.org); the heading is bold, in the
        // accent colour unless NO_COLOR; code is green unless NO_COLOR.
        #expect(styled.contains("A \(escape)1mbold\(escape)0m"), "\(styled)")
        #expect(styled.contains("\(escape)3mslanted"), "\(styled)")
        if noColor {
            #expect(styled.contains("\(escape)1m## Big news"), "\(styled)")
            #expect(styled.contains(" one, make all."), "\(styled)")
        } else {
            #expect(styled.contains("\(escape)1m\(escape)36m## Big news"), "\(styled)")
            #expect(styled.contains("\(escape)32mmake all\(escape)39m"), "\(styled)")
        }
        try app.session.send("C-c")
        try app.expectExit(0)
    }

    @Test func anItemWithHTMLContentShowsParagraphsAListAndItsLinks() throws {
        let files = try TemporaryFolder()
        let feed = files.file("notes.xml")
        try feedDocument.write(toFile: feed, atomically: true, encoding: .utf8)
        let (browser, opened) = try standInBrowser(in: files)

        let app = try RunningApp(width: 80, height: 30, environment: ["BROWSER": browser])
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        let added = try RivuletProcess.run(["--db", app.db, "feeds", "add", feed])
        #expect(added.status == 0, "feeds add failed: \(added.error)")
        try app.session.send("f")
        try app.expectScreen("Aardvark notes")
        try app.session.send("Enter")
        try app.expectScreen("Structured post")
        try app.session.send("Enter")
        try app.expectScreen("First paragraph with a link[1].")
        let (screen, _) = try app.session.waitFor("[2]: https://other.example/page")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        func row(_ text: String) -> Int? { lines.firstIndex(of: text) }
        // Paragraphs apart, the list's items one under the other, the quote marked, the links listed.
        let first = try #require(row("First paragraph with a link[1]."), "\(screen)")
        let second = try #require(row("Second paragraph."), "\(screen)")
        #expect(second == first + 2 && lines[first + 1].isEmpty)
        let apples = try #require(row("• apples"), "\(screen)")
        #expect(row("• pears") == apples + 1)
        #expect(row("> quoted words") != nil)
        let links = try #require(row("Links:"), "\(screen)")
        #expect(row("[1]: https://notes.example/about") == links + 1)
        #expect(row("[2]: https://other.example/page") == links + 2)
        #expect(!screen.contains("A short summary"))

        // `2o` opens the second link with $BROWSER; `o` the item's own link.
        try app.session.send("2", "o")
        #expect(try waitForFile(opened) == "https://other.example/page")
        try FileManager.default.removeItem(atPath: opened)
        try app.session.send("o")
        #expect(try waitForFile(opened) == "https://notes.example/posts/one")
        try app.session.send("9", "o")
        try app.expectScreen("There is no link [9]")

        try app.session.send("C-c")
        try app.expectExit(0)
    }

    @Test func aPodcastItemShowsItsXHTMLLinksAndEnclosuresNumberedAndItsWholeTitle() throws {
        let files = try TemporaryFolder()
        let feed = files.file("pod.xml")
        try podcastDocument.write(toFile: feed, atomically: true, encoding: .utf8)
        let (browser, opened) = try standInBrowser(in: files)

        let app = try RunningApp(width: 100, height: 30, environment: ["BROWSER": browser])
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        let added = try RivuletProcess.run(["--db", app.db, "feeds", "add", feed])
        #expect(added.status == 0, "feeds add failed: \(added.error)")
        try app.session.send("f")
        try app.expectScreen("Pod notes")
        try app.session.send("Enter")
        // A lone C1 character shows as one placeholder and keeps the words after it.
        try app.expectScreen("Rain\u{FFFD} stops play at the final")
        try app.session.send("Enter")
        try app.expectScreen("See the link[1].")
        try app.expectScreen("[1]: https://pod.example/pod/ep2-notes.html")
        try app.expectScreen("Enclosures:")
        try app.expectScreen("[2]: https://pod.example/pod/ep2.mp3 (audio/mpeg, 23.8 MB)")
        try app.expectScreen("[3]: https://pod.example/pod/ep2.jpg (image, thumbnail)")
        try app.session.send("2", "o")
        #expect(try waitForFile(opened) == "https://pod.example/pod/ep2.mp3")
        try app.session.send("C-c")
        try app.expectExit(0)
    }

    /// A stand-in browser in `files`: it writes the address it is given to `opened` and does
    /// nothing else.
    private func standInBrowser(in files: TemporaryFolder) throws -> (browser: String, opened: String) {
        let (browser, opened) = (files.file("browser"), files.file("opened"))
        try "#!/bin/sh\nprintf '%s' \"$1\" > \(TmuxSession.quote(opened))\n".write(
            toFile: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser)
        return (browser, opened)
    }

    /// The contents of the file at `path` once it is there, polling for up to five seconds.
    private func waitForFile(_ path: String) throws -> String? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty { return text }
            usleep(20_000)
        }
        return nil
    }
}
