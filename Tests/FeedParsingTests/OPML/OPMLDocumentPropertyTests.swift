import Foundation
import StreamsTesting
import Testing

@testable import FeedParsing

/// The OPML fuzz target's promises, checked on every test run over seeded mutations of real
/// export patterns: nothing traps, a refusal is one line, and whatever parses has addresses, no
/// control characters, bounded titles, and comes back the same through the writer.
@Suite struct OPMLDocumentPropertyTests {
    private static let seeds = [
        #"<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>T</title></head><body>"#
            + #"<outline type="rss" text="A &amp; B" title="A" xmlUrl="https://a.example/feed" htmlUrl="https://a.example/"/>"#
            + "</body></opml>",
        #"<opml version="1.0"><body><outline text="Tech"><outline text="Swift"><outline text="S" "#
            + #"xmlUrl="http://s.example/"/></outline></outline><outline xmlUrl="http://b.example/"/></body></opml>"#,
        "\u{FEFF}\n <OPML><BODY><OUTLINE TYPE=\"RSS\" TITLE=\"Caf&eacute;\" XMLURL=\"http://c.example/?a=1&amp;b=2\"/></BODY></OPML>",
        #"<!DOCTYPE opml [<!ENTITY a "aaaa">]><opml><body><outline text="&a;" xmlUrl="http://a.example/&a;"/>"#
            + #"<outline type="rss" text="No address"/></body></opml>"#,
    ]

    private static func key(_ feed: OPMLFeed) -> String {
        ([feed.title ?? "", feed.feedURL, feed.siteURL ?? ""] + feed.categories).joined(separator: "\u{0}")
    }

    @Test func mutatedListsKeepThePromisesOfTheFuzzTarget() {
        var generator = SeededGenerator(seed: 20_261_126)
        var parsed = 0
        // Lists cut before </opml> are refused, so it takes more than 2,000 mutations to read
        // over 1,000.
        for iteration in 0..<2_400 {
            let source = Array(Self.seeds[iteration % Self.seeds.count].utf8)
            let mutated = FeedDocumentFuzzTests.mutate(source, using: &generator)
            let list: OPMLDocument
            do {
                list = try OPMLDocument.parse(Data(mutated))
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "iteration \(iteration)")
                continue
            }
            parsed += 1
            for feed in list.feeds {
                #expect(!feed.feedURL.isEmpty, "iteration \(iteration)")
                let texts = [feed.title, feed.feedURL, feed.siteURL].compactMap { $0 } + feed.categories
                #expect(
                    !texts.contains { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } },
                    "iteration \(iteration)")
                #expect((feed.title?.count ?? 0) <= OPMLDocument.maximumTitleLength, "iteration \(iteration)")
            }
            let again = try? OPMLDocument.parse(Data(list.xml().utf8))
            #expect(again?.feeds.map(Self.key).sorted() == list.feeds.map(Self.key).sorted(), "iteration \(iteration)")
        }
        // The mutations must leave most documents readable, or the promises were not exercised.
        #expect(parsed > 1_000)
    }
}
