import Foundation
import StreamsTesting
import Testing

@testable import FeedParsing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Writing OPML 2.0: escaped, well-formed, and read back to the same feeds.
@Suite struct OPMLDocumentWritingTests {
    /// Whether Foundation's strict XML parser accepts `text`.
    private func isWellFormed(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    @Test func writesOPML2WithTitleFeedAndSiteAddresses() {
        let text = OPMLDocument(
            title: "Mine",
            feeds: [OPMLFeed(title: "A", feedURL: "https://a.example/feed", siteURL: "https://a.example/")]
        ).xml()
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head>
                    <title>Mine</title>
                  </head>
                  <body>
                    <outline type="rss" text="A" title="A" xmlUrl="https://a.example/feed" htmlUrl="https://a.example/"/>
                  </body>
                </opml>

                """)
    }

    @Test func everyValueIsEscaped() throws {
        let nasty = "a & b < c > d \"e\" 'f'\tg\nh\u{0}\u{1B}i"
        let feed = OPMLFeed(title: nasty, feedURL: "http://a.example/?x=1&y=\"2\"", siteURL: "http://s.example/<>")
        let text = OPMLDocument(title: nasty, feeds: [feed]).xml()
        #expect(isWellFormed(text))
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("xmlUrl=\"http://a.example/?x=1&amp;y=&quot;2&quot;\""))
        let back = try OPMLDocument.parse(Data(text.utf8))
        #expect(back.feeds.first?.feedURL == feed.feedURL)
        #expect(back.feeds.first?.siteURL == feed.siteURL)
        #expect(back.feeds.first?.title == "a & b < c > d \"e\" 'f' g hi")
    }

    @Test func aFeedWithoutATitleIsNamedByItsAddressAndReadBackUntitled() throws {
        // Found by the fuzzer: an untitled feed in unclosed outlines came back titled by its address.
        let untitled = OPMLFeed(title: nil, feedURL: "http://a.example/", categories: ["Tech", "Swift"])
        let text = OPMLDocument(feeds: [untitled]).xml()
        #expect(text.contains(#"text="http://a.example/""#))
        #expect(try OPMLDocument.parse(Data(text.utf8)).feeds == [untitled])
    }

    @Test func categoriesBecomeNestedOutlinesWrittenOnce() throws {
        let feeds = [
            OPMLFeed(title: "A", feedURL: "http://a.example/", categories: ["Tech", "Swift"]),
            OPMLFeed(title: "Top", feedURL: "http://top.example/"),
            OPMLFeed(title: "B", feedURL: "http://b.example/", categories: ["Tech"]),
            OPMLFeed(title: "C", feedURL: "http://c.example/", categories: ["Tech", "Swift"]),
        ]
        let text = OPMLDocument(feeds: feeds).xml()
        #expect(isWellFormed(text))
        #expect(text.components(separatedBy: #"text="Tech""#).count == 2)
        #expect(text.components(separatedBy: #"text="Swift""#).count == 2)
        let back = try OPMLDocument.parse(Data(text.utf8)).feeds
        #expect(Set(back) == Set(feeds))
    }

    @Test func theCreationDateIsWrittenInRFC822() {
        let text = OPMLDocument(feeds: []).xml(dateCreated: Date(timeIntervalSince1970: 1_118_923_912))
        #expect(text.contains("<dateCreated>Thu, 16 Jun 2005 12:11:52 GMT</dateCreated>"))
    }

    @Test func randomListsRoundTrip() throws {
        var generator = SeededGenerator(seed: 17)
        let alphabet = Array("aZ09 &<>\"'é☺\t-_/?=.:;#%")
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        for round in 0..<200 {
            let feeds = (0..<Int.random(in: 0...8, using: &generator)).map { index in
                OPMLFeed(
                    title: "T\(index) "
                        + word(Int.random(in: 1...12, using: &generator)).replacingOccurrences(of: "\t", with: " "),
                    feedURL: "http://f\(index).example/" + word(6).replacingOccurrences(of: " ", with: "+"),
                    siteURL: Bool.random(using: &generator) ? "https://s\(index).example/" : nil,
                    categories: Bool.random(using: &generator) ? ["C\(index % 2)"] : [])
            }
            let text = OPMLDocument(title: word(5), feeds: feeds).xml()
            #expect(isWellFormed(text), "round \(round)")
            let back = try OPMLDocument.parse(Data(text.utf8)).feeds
            let expected = feeds.map { feed in
                var feed = feed
                feed.title = feed.title?.split(separator: " ").joined(separator: " ")
                feed.feedURL = feed.feedURL.replacingOccurrences(of: "\t", with: "")
                return feed
            }
            #expect(Set(back) == Set(expected), "round \(round)")
        }
    }
}
