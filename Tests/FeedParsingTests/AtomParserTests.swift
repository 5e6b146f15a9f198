import Foundation
import Testing

@testable import FeedParsing

@Suite struct AtomParserTests {
    private let feed: ParsedFeed

    init() throws {
        feed = try FeedDocument.parse(Data(FeedFixtures.atom.utf8))
    }

    @Test func feedGivesTitleAlternateLinkAndSubtitle() {
        #expect(feed.title == "Lanterns & Lamps")
        #expect(feed.siteLink == "https://lanterns.example/")
        #expect(feed.summary == "A blog about light")
    }

    @Test func entryReadsIdAlternateLinkAuthorAndDates() throws {
        let entry = try #require(feed.items.first)
        #expect(entry.id == "tag:lanterns.example,2025:1")
        #expect(entry.link == "https://lanterns.example/2025/wicks")
        #expect(entry.author == "Ines Duarte")
        #expect(entry.publishedAt == 1_748_938_530_250)
        #expect(entry.updatedAt == 1_748_948_400_000)
    }

    @Test func plainTextTitleKeepsItsAngleBrackets() throws {
        #expect(feed.items.first?.title == "Why 2 < 3 matters for wicks")
    }

    @Test func htmlSummaryBecomesPlainText() throws {
        #expect(feed.items.first?.summary == "Short wicks burn cleaner.")
    }

    @Test func xhtmlContentBecomesPlainTextInOrder() throws {
        #expect(feed.items.dropFirst().first?.summary == "Both have merits. Read on.")
    }

    @Test func relativeLinkResolvesAgainstTheSiteLink() {
        #expect(feed.items.dropFirst().first?.link == "https://lanterns.example/2025/oil-or-wax")
    }

    @Test func entryWithOnlyAnUpdateDateSortsByIt() throws {
        let entry = try #require(feed.items.dropFirst().first)
        #expect(entry.publishedAt == nil)
        #expect(entry.sortDate == 1_748_606_400_000)
    }

    @Test func atomWithoutNamespaceIsStillRead() throws {
        let atom = "<feed><title>Bare</title><entry><id>x</id><title>One</title></entry></feed>"
        let parsed = try FeedDocument.parse(Data(atom.utf8))
        #expect(parsed.format == .atom)
        #expect(parsed.items.map(\.id) == ["x"])
    }

    @Test func atom03EntriesAreRead() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.atom03.utf8))
        #expect(feed.title == "Old Atom")
        #expect(feed.summary == "Still publishing in 0.3")
        #expect(feed.siteLink == "https://old-atom.example/")
        #expect(feed.items.map(\.link) == ["https://old-atom.example/1", "https://old-atom.example/2"])
        #expect(feed.items.first?.publishedAt == 1_083_405_600_000)
        #expect(feed.items.first?.updatedAt == 1_083_492_000_000)
    }

    @Test func atom03EscapedContentIsHTML() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.atom03.utf8))
        #expect(feed.items.first?.summary == "Escaped HTML")
    }

    @Test func base64ContentIsDecoded() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.atom03.utf8))
        #expect(feed.items.last?.summary == "Base 64 body")
    }

    @Test func xmlBaseOnTheFeedAnEntryAndALinkIsHonoured() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.xmlBase.utf8), sourceURL: URL(string: "https://x.example/"))
        #expect(feed.siteLink == "https://base.example/blog/")
        #expect(
            feed.items.map(\.link) == [
                "https://base.example/blog/posts/1", "https://base.example/archive/2", "https://other.example/x/3",
            ])
    }

    @Test func aFeedInsideAnXHTMLPageIsRead() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.feedInsideXHTML.utf8))
        #expect(feed.title == "Wrapped")
        #expect(feed.items.map(\.link) == ["https://wrapped.example/1"])
    }

    @Test func contentIsTheContentElseTheSummaryAsHTML() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
            <entry><id>1</id><title>a</title><summary>Short</summary>
            <content type="html">&lt;p&gt;Full&lt;/p&gt;</content></entry>
            <entry><id>2</id><title>b</title><summary>a &lt; b</summary></entry>
            </feed>
            """
        let items = try FeedDocument.parse(Data(atom.utf8)).items
        #expect(items.map { $0.content.map { HTMLRenderer.render($0).text } } == ["Full", "a < b"])
        #expect(items.first?.summary == "Short")
    }
}

@Suite struct AtomXHTMLContentTests {
    private static let entry = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://pod.example/feeds/"><title>Pod</title>
        <entry><id>urn:2</id><title>Two</title>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Notes: <a href="/pod/ep2-notes.html">link</a>,
        <a href="ep2.html" title="x">here</a> and <img src="cover.jpg" alt="Cover"/>.</p>
        <p xml:base="https://other.example/dir/"><a href="page.html">there</a></p></div></content>
        </entry></feed>
        """

    @Test func htmlContentSaysTheXMLBaseInScopeForItsRelativeLinksAndOnlyWhenTheDocumentDeclaresOne() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://127.0.0.1:8765/blog/"><title>Blog</title>
            <entry><id>1</id><title>One</title><link href="posts/one.html"/>
            <content type="html">&lt;a href="../other.html"&gt;other&lt;/a&gt;</content></entry>
            <entry xml:base="/archive/2026/"><id>2</id><title>Two</title>
            <summary type="html">&lt;a href="two.html"&gt;two&lt;/a&gt;</summary></entry></feed>
            """
        let items = try FeedDocument.parse(Data(atom.utf8)).items
        #expect(items.map(\.link) == ["http://127.0.0.1:8765/blog/posts/one.html", nil])
        #expect(
            items.map { $0.contentBase?.absoluteString }
                == ["http://127.0.0.1:8765/blog/", "http://127.0.0.1:8765/archive/2026/"])
        let undeclared = atom.replacingOccurrences(of: #" xml:base="http://127.0.0.1:8765/blog/""#, with: "")
            .replacingOccurrences(of: #" xml:base="/archive/2026/""#, with: "")
        let plain = try FeedDocument.parse(Data(undeclared.utf8), sourceURL: URL(string: "http://127.0.0.1:8765/feed"))
        #expect(plain.items.map(\.contentBase) == [nil, nil])
    }

    @Test func xhtmlContentKeepsItsLinksResolvedAgainstTheXMLBaseInScope() throws {
        let feed = try FeedDocument.parse(Data(Self.entry.utf8))
        let content = try #require(feed.items.first?.content)
        #expect(content.contains("<a href=\"https://pod.example/pod/ep2-notes.html\">link</a>"))
        #expect(content.contains("<a href=\"https://pod.example/feeds/ep2.html\" title=\"x\">here</a>"))
        #expect(content.contains("src=\"https://pod.example/feeds/cover.jpg\""))
        #expect(content.contains("<a href=\"https://other.example/dir/page.html\">there</a>"))
        let rendered = HTMLRenderer.render(content)
        #expect(
            rendered.links == [
                "https://pod.example/pod/ep2-notes.html", "https://pod.example/feeds/ep2.html",
                "https://pod.example/feeds/cover.jpg", "https://other.example/dir/page.html",
            ])
        #expect(rendered.text.contains("link[1]"))
    }

    @Test func xhtmlLinksWithoutAnyBaseResolveAgainstTheFeedsAddress() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Pod</title><entry><id>urn:2</id><title>Two</title>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="/pod/ep2-notes.html">link</a></div>
            </content></entry></feed>
            """
        let feed = try FeedDocument.parse(Data(document.utf8), sourceURL: URL(string: "http://127.0.0.1:8080/feed.xml"))
        #expect(feed.items.first?.content?.contains("href=\"http://127.0.0.1:8080/pod/ep2-notes.html\"") == true)
    }

    @Test func xhtmlAttributeValuesAreEscaped() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>1</id><title>One</title>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="https://e.example/?a=1&amp;b=&quot;2&quot;" title="&lt;b&gt;">x</a></div>
            </content></entry></feed>
            """
        let content = try #require(try FeedDocument.parse(Data(document.utf8)).items.first?.content)
        #expect(content.contains("title=\"&lt;b>\""))
        #expect(!content.contains("=\"2\""))
    }
}
