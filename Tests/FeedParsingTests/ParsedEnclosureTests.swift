import Foundation
import Testing

@testable import FeedParsing

/// Enclosures as each format writes them, read through ``FeedDocument/parse(_:sourceURL:contentType:)``.
@Suite struct ParsedEnclosureTests {
    private static let source = URL(string: "https://pod.example/feed.xml")

    private func enclosures(_ document: String) throws -> [ParsedEnclosure] {
        try #require(try FeedDocument.parse(Data(document.utf8), sourceURL: Self.source).items.first).enclosures
    }

    @Test func rssEnclosureGivesAddressTypeAndLength() throws {
        let found = try enclosures(
            """
            <rss version="2.0"><channel><title>Pod</title><item><title>Episode 2</title>
            <enclosure url="/episodes/2.mp3" type="audio/mpeg" length="24986239"/></item></channel></rss>
            """)
        #expect(
            found == [
                ParsedEnclosure(url: "https://pod.example/episodes/2.mp3", type: "audio/mpeg", length: 24_986_239)
            ])
    }

    @Test func atomEnclosureLinkIsAnEnclosureAndNotTheEntrysLink() throws {
        let feed = try FeedDocument.parse(
            Data(
                """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>Pod</title><entry><id>urn:2</id><title>Two</title>
                <link rel="enclosure" href="2.ogg" type="audio/ogg" length="1024"/></entry></feed>
                """.utf8), sourceURL: Self.source)
        let entry = try #require(feed.items.first)
        #expect(
            entry.enclosures == [ParsedEnclosure(url: "https://pod.example/2.ogg", type: "audio/ogg", length: 1024)])
        #expect(entry.link == nil)
    }

    @Test func mediaRSSContentsAndThumbnailsAreReadOnTheItemAndInGroups() throws {
        let found = try enclosures(
            """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Clips</title><item>
            <title>Clip</title>
            <media:content url="https://cdn.example/clip.mp4" type="video/mp4" fileSize="5000" medium="Video"/>
            <media:group>
              <media:content url="https://cdn.example/clip-small.mp4" type="video/mp4">
                <media:thumbnail url="https://cdn.example/small.jpg"/>
              </media:content>
              <media:thumbnail url="https://cdn.example/group.jpg" width="120"/>
            </media:group>
            <media:thumbnail url="https://cdn.example/item.jpg"/>
            </item></channel></rss>
            """)
        #expect(
            found == [
                ParsedEnclosure(
                    url: "https://cdn.example/clip.mp4", type: "video/mp4", length: 5000, medium: "video", kind: .media),
                ParsedEnclosure(url: "https://cdn.example/clip-small.mp4", type: "video/mp4", kind: .media),
                ParsedEnclosure(url: "https://cdn.example/item.jpg", kind: .thumbnail),
                ParsedEnclosure(url: "https://cdn.example/group.jpg", kind: .thumbnail),
                ParsedEnclosure(url: "https://cdn.example/small.jpg", kind: .thumbnail),
            ])
    }

    @Test func mediaContentRepeatingAnEnclosureFillsInWhatItLeftOut() throws {
        let found = try enclosures(
            """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Pod</title><item>
            <title>Episode</title><enclosure url="https://pod.example/e.mp3" length="0"/>
            <media:content url="https://pod.example/e.mp3" type="audio/mpeg" fileSize="2048" medium="audio"/>
            </item></channel></rss>
            """)
        #expect(
            found == [
                ParsedEnclosure(url: "https://pod.example/e.mp3", type: "audio/mpeg", length: 2048, medium: "audio")
            ])
    }

    @Test func jsonFeedAttachmentsAreEnclosures() throws {
        let found = try enclosures(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Pod", "items": [{"id": "1", "title": "One",
             "attachments": [{"url": "/1.m4a", "mime_type": "audio/x-m4a", "size_in_bytes": 89970236},
                             {"mime_type": "audio/mpeg"}]}]}
            """)
        #expect(found == [ParsedEnclosure(url: "https://pod.example/1.m4a", type: "audio/x-m4a", length: 89_970_236)])
    }

    @Test func enclosureAddressFollowsTheXMLBaseInScope() throws {
        let found = try enclosures(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://cdn.example/audio/"><title>Pod</title>
            <entry xml:base="season-1/"><id>urn:1</id><title>One</title>
            <link rel="enclosure" href="1.mp3"/></entry></feed>
            """)
        #expect(found.map(\.url) == ["https://cdn.example/audio/season-1/1.mp3"])
    }

    @Test func enclosureWithoutAnAddressOrWithAScriptAddressIsLeftOut() throws {
        let found = try enclosures(
            """
            <rss version="2.0"><channel><title>Pod</title><item><title>Bad</title>
            <enclosure type="audio/mpeg" length="5"/><enclosure url="  "/>
            <enclosure url="javascript:alert(1)"/><enclosure url="data:audio/mpeg;base64,AAAA"/>
            </item></channel></rss>
            """)
        #expect(found.isEmpty)
    }

    @Test func lengthThatIsNoNumberOfBytesIsUnknown() throws {
        let found = try enclosures(
            """
            <rss version="2.0"><channel><title>Pod</title><item><title>Sizes</title>
            <enclosure url="https://pod.example/a.mp3" length="-5"/>
            <enclosure url="https://pod.example/b.mp3" length="12 MB"/>
            <enclosure url="https://pod.example/c.mp3" length="99999999999999999999999"/>
            <enclosure url="https://pod.example/d.mp3" length=" 1,024 "/>
            </item></channel></rss>
            """)
        #expect(found.map(\.length) == [nil, nil, nil, 1024])
    }

    @Test func typeAndAddressHoldNoControlCharacters() throws {
        let found = try enclosures(
            """
            <rss version="2.0"><channel><title>Pod</title><item><title>Controls</title>
            <enclosure url="https://pod.example/a&#x9;b.mp3" type="audio/&#x1B;[31mmpeg"/>
            </item></channel></rss>
            """)
        let enclosure = try #require(found.first)
        #expect(enclosure.type == "audio/[31mmpeg")
        #expect(enclosure.url.hasPrefix("https://pod.example/a") && enclosure.url.hasSuffix("b.mp3"))
        #expect(!enclosure.url.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func anItemKeepsAtMostTheMaximumOfEnclosures() throws {
        let many = (0..<100).map { "<enclosure url=\"https://pod.example/\($0).mp3\"/>" }.joined()
        let found = try enclosures(
            "<rss version=\"2.0\"><channel><title>Pod</title><item><title>Many</title>\(many)</item></channel></rss>")
        #expect(found.count == _FeedAssembler.maximumEnclosures)
        #expect(found.first?.url == "https://pod.example/0.mp3")
    }
}
