import Domain
import FeedParsing
import Foundation
import Streams
import Testing

@testable import BaseServices

// What ingest stores for a parsed item: the content as the feed gave it (HTML reduced to the
// safe subset, or text) and the links found in it, never a layout for a terminal.

private func parsedItem(
    _ document: String, from url: String = "https://notes.example/feed.xml"
) throws
    -> ParsedFeedItem
{
    let feed = try FeedDocument.parse(Data(document.utf8), sourceURL: URL(string: url))
    return try #require(feed.items.first)
}

private let contentHTML = """
    <p onclick="steal()">First paragraph with <a href="/about">a link</a>.</p>
    <script>steal()</script><iframe src="https://evil.example/"></iframe>
    <ul><li>apples</li><li>pears</li></ul>
    <blockquote>quoted words</blockquote>
    <p>See <a href="https://other.example/page">the other page</a> and <a href="javascript:steal()">this</a>.</p>
    <img src="pic.png" alt="A pic" onerror="steal()">
    """

private let rss = """
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Notes</title>
    <item><guid>one</guid><title>Structured post</title><link>https://notes.example/posts/one</link>
    <description>A short summary</description>
    <content:encoded><![CDATA[\(contentHTML)]]></content:encoded></item>
    </channel></rss>
    """

@Test func aParsedItemStoresItsHTMLSanitisedWithItsLinksAndNoLayout() throws {
    let draft = FeedItemDraft(try parsedItem(rss), feedURL: "https://notes.example/feed.xml")
    #expect(draft.contentType == .html)
    #expect(
        draft.links == [
            "https://notes.example/about", "https://other.example/page", "https://notes.example/posts/pic.png",
        ])
    #expect(draft.content.contains("<p>First paragraph with <a href=\"https://notes.example/about\">a link</a>.</p>"))
    #expect(draft.content.contains("<img src=\"https://notes.example/posts/pic.png\" alt=\"A pic\">"))
    #expect(draft.content.contains("<a>this</a>"))
    for gone in ["script", "iframe", "onclick", "onerror", "javascript:", "steal"] {
        #expect(!draft.content.contains(gone), "\(gone)")
    }
    for layout in ["[1]", "Links:", "•", "> quoted"] {
        #expect(!draft.content.contains(layout), "\(layout)")
    }
}

@Test func theStoredHTMLLaysOutAsTheContentSchema12StoredDid() throws {
    let item = try parsedItem(rss)
    let draft = FeedItemDraft(item, feedURL: "https://notes.example/feed.xml")
    // What ingest used to store: the feed's HTML laid out against the item's link.
    let before = HTMLRenderer.render(item.content ?? "", baseURL: URL(string: "https://notes.example/posts/one"))
    let now = HTMLRenderer.render(draft.content)
    #expect(now.textWithLinkList == before.textWithLinkList)
    #expect(draft.links == before.links)
}

@Test func relativeLinksResolveAgainstTheFeedsAddressWhenTheItemHasNoLink() throws {
    let document = """
        <rss><channel><title>N</title><item><guid>g</guid><title>t</title>
        <description>&lt;a href="/x"&gt;x&lt;/a&gt;</description></item></channel></rss>
        """
    let draft = FeedItemDraft(try parsedItem(document), feedURL: "https://notes.example/feed.xml")
    #expect(draft.content == "<a href=\"https://notes.example/x\">x</a>")
    #expect(draft.links == ["https://notes.example/x"])
}

@Test func textTheFeedGaveIsStoredAsText() throws {
    let document = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [
         {"id": "1", "title": "t", "content_text": "a <b>  & c\\n  indented"}]}
        """
    let draft = FeedItemDraft(try parsedItem(document), feedURL: "https://notes.example/feed.json")
    #expect(draft.contentType == .text)
    #expect(draft.content == "a <b>  & c\n  indented")
    #expect(draft.links.isEmpty)
}

@Test func anItemWithoutContentStoresNone() throws {
    let document = "<rss><channel><title>N</title><item><guid>g</guid><title>t</title></item></channel></rss>"
    let draft = FeedItemDraft(try parsedItem(document), feedURL: "https://notes.example/feed.xml")
    #expect(draft.content.isEmpty)
    #expect(draft.links.isEmpty)
}

@Test func aParsedItemStoresItsEnclosures() throws {
    let podcast = """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Pod</title>
        <item><guid>2</guid><title>Episode 2</title>
        <enclosure url="/episodes/2.mp3" type="audio/mpeg" length="24986239"/>
        <media:thumbnail url="https://cdn.example/2.jpg"/></item>
        </channel></rss>
        """
    let draft = FeedItemDraft(try parsedItem(podcast), feedURL: "https://notes.example/feed.xml")
    #expect(
        draft.enclosures == [
            FeedEnclosure(url: "https://notes.example/episodes/2.mp3", type: "audio/mpeg", length: 24_986_239),
            FeedEnclosure(url: "https://cdn.example/2.jpg", kind: .thumbnail),
        ])
}

@Test func aLoneC1CharacterInATitleOrSummaryKeepsWhatFollowsItInStorage() throws {
    let fixture = try ServicesFixture()
    let feed = try value(fixture.feeds.addFeed(url: "https://notes.example/feed.xml", title: "Notes", siteURL: nil))
    let document = """
        <rss version="2.0"><channel><title>Notes</title><item><guid>rain</guid>
        <title>Rain\u{9D} stops play at the final</title>
        <description>Rain\u{9D} stops play at the final, again</description></item></channel></rss>
        """
    let draft = FeedItemDraft(try parsedItem(document), feedURL: "https://notes.example/feed.xml")
    _ = try value(fixture.feeds.storeItems([draft], feedID: feed.id, fetchedAt: Date()))
    let stored = try #require(
        try value(
            fixture.feeds.observeItems(
                feedID: feed.id, unreadOnly: false, offset: 0, limit: 1, on: ImmediateScheduler())
        )
        .first)
    // Kept as data (the one sanitiser, where text is drawn, shows the C1 character on its own).
    #expect(stored.title == "Rain\u{9D} stops play at the final")
    #expect(stored.summary == "Rain\u{9D} stops play at the final, again")
}

@Test func relativeLinksInContentFollowTheXMLBaseTheFeedDeclaresRatherThanTheItemsLink() throws {
    let atom = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://notes.example/blog/"><title>Blog</title>
        <entry><id>1</id><title>One</title><link href="posts/one.html"/>
        <content type="html">&lt;a href="../other.html"&gt;other&lt;/a&gt;</content></entry></feed>
        """
    let draft = FeedItemDraft(try parsedItem(atom), feedURL: "https://notes.example/feed.xml")
    #expect(draft.links == ["https://notes.example/other.html"])
}
