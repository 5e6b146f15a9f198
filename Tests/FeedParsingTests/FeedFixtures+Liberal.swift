import Foundation

/// Documents that break the formats' rules the way real sites do, one pattern each, written
/// for these tests.
extension FeedFixtures {
    /// Blank lines and spaces before the XML declaration.
    static let blankLinesBeforeDeclaration = """


          <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Late Start</title>
        <item><title>One</title><link>https://late.example/1</link></item>
        </channel></rss>
        """

    /// Atom 0.3: its own namespace, `issued` and `modified`, `mode="escaped"` and `base64`.
    static let atom03 = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed version="0.3" xmlns="http://purl.org/atom/ns#">
          <title>Old Atom</title>
          <link rel="alternate" type="text/html" href="https://old-atom.example/"/>
          <tagline>Still publishing in 0.3</tagline>
          <entry>
            <title>First entry</title>
            <link rel="alternate" type="text/html" href="https://old-atom.example/1"/>
            <id>tag:old-atom.example,2004:1</id>
            <issued>2004-05-01T10:00:00Z</issued>
            <modified>2004-05-02T10:00:00Z</modified>
            <content type="text/html" mode="escaped">&lt;p&gt;Escaped &lt;b&gt;HTML&lt;/b&gt;&lt;/p&gt;</content>
          </entry>
          <entry>
            <title>Second entry</title>
            <link rel="alternate" type="text/html" href="https://old-atom.example/2"/>
            <id>tag:old-atom.example,2004:2</id>
            <issued>2004-05-03T10:00:00Z</issued>
            <content type="text/html" mode="base64">PHA+QmFzZSA2NCBib2R5PC9wPg==</content>
          </entry>
        </feed>
        """

    /// Items that have no title, link or description, but a guid, a date or a `media:title`.
    static let sparseItems = """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
          <channel><title>Sparse</title><link>https://sparse.example/</link>
            <item><guid isPermaLink="false">only-a-guid</guid></item>
            <item><pubDate>Tue, 03 Jun 2025 09:39:21 GMT</pubDate></item>
            <item><media:title>Only a media title</media:title></item>
            <item><media:group><media:title>Grouped title</media:title>
              <media:description>Grouped description</media:description></media:group></item>
          </channel>
        </rss>
        """

    /// Relative links under `xml:base` on the feed, an entry and a link.
    static let xmlBase = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://base.example/blog/">
          <title>Based</title>
          <link href="./"/>
          <link rel="self" href="https://base.example/blog/atom.xml"/>
          <entry><title>Plain</title><id>b1</id><link href="posts/1"/></entry>
          <entry xml:base="/archive/"><title>Entry base</title><id>b2</id><link href="2"/></entry>
          <entry><title>Link base</title><id>b3</id><link xml:base="https://other.example/x/" href="3"/></entry>
        </feed>
        """

    /// Relative links in a feed that has no `xml:base` and names only its own address.
    static let relativeLinks = """
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Relative</title>
        <atom:link rel="self" href="https://relative.example/feeds/main.xml"/>
        <link>/</link>
        <item><title>Up a level</title><link>../posts/1</link></item>
        </channel></rss>
        """

    /// Malformed XML: a bare `&`, an undefined entity, an unclosed tag and a stray end tag.
    static let malformed = """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>Fish & Chips &trademark;</title>
        <item><title>Bare ampersand & friends</title><link>https://broken.example/1?a=1&b=2</link></item>
        <item><title>Unclosed <b>bold</title><link>https://broken.example/2</link>
          <description>Line<br>break</description></item>
        </span>
        <item><title>After a stray end tag</title><link>https://broken.example/3</link></item>
        </channel>
        """

    /// Two different items that share a guid, and one item repeated exactly.
    static let sharedGuids = """
        <rss version="2.0"><channel><title>Shared</title>
        <item><title>Morning edition</title><guid isPermaLink="false">daily</guid></item>
        <item><title>Evening edition</title><guid isPermaLink="false">daily</guid></item>
        <item><title>Repeated</title><guid isPermaLink="false">r</guid></item>
        <item><title>Repeated</title><guid isPermaLink="false">r</guid></item>
        </channel></rss>
        """

    /// `dc:title` for the channel, `media:description`, `dcterms:issued`, a one-digit second,
    /// and text with markup in the middle of it.
    static let modules = """
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:dcterms="http://purl.org/dc/terms/" xmlns:media="http://search.yahoo.com/mrss/">
          <channel><dc:title>Dublin Core Title</dc:title><link>https://modules.example/</link>
            <item><title>Issued</title><guid>m1</guid><dcterms:issued>2025-06-03T09:39:21Z</dcterms:issued>
              <media:description>Told by media</media:description></item>
            <item><title>Short second</title><guid>m2</guid><pubDate>Tue, 03 Jun 2025 09:39:1 GMT</pubDate>
              <description>before <b>bold</b> after</description></item>
          </channel>
        </rss>
        """

    /// A channel without `<rss>` around it, and an `<rss>` without a channel.
    static let bareChannel = """
        <channel><title>Bare</title><item><title>Lone item</title><link>https://bare.example/1</link></item></channel>
        """

    static let rssWithoutChannel = """
        <rss version="0.91"><title>No channel</title>
        <item><title>Item of the root</title><link>https://nochannel.example/1</link></item></rss>
        """

    /// A JSON Feed item whose empty `summary` must not hide its `content_html`.
    static let jsonEmptySummary = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Empty summary",
         "items": [{"id": "1", "summary": "", "content_html": "<p>The content</p>"}]}
        """

    /// A document with the given encoding's bytes: `text` is a title in that script.
    static func rss(title: String, declaring declaration: String?) -> String {
        let header = declaration.map { #"<?xml version="1.0" encoding="\#($0)"?>"# } ?? ""
        return header
            + "<rss><channel><title>\(title)</title><item><title>\(title)</title><guid>e</guid></item></channel></rss>"
    }

    static let liberal = [
        blankLinesBeforeDeclaration, atom03, sparseItems, xmlBase, relativeLinks, malformed, sharedGuids, modules,
        bareChannel, rssWithoutChannel, jsonEmptySummary, feedInsideXHTML,
    ]
}

extension FeedFixtures {
    /// An Atom feed served inside an XHTML page.
    static let feedInsideXHTML = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml"><body>
          <feed xmlns="http://www.w3.org/2005/Atom"><title>Wrapped</title>
            <entry><title>Inside</title><id>w1</id><link href="https://wrapped.example/1"/></entry>
          </feed>
        </body></html>
        """
}
