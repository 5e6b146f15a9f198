import Foundation
import StreamsTesting
import Testing

@testable import FeedParsing

/// Each feed format's own kind of damage: documents cut short, XML feeds with markup spliced in,
/// JSON feeds with JSON spliced in. Nothing may trap; every document parses into a feed that
/// keeps the DTO's promises or fails with a ``FeedParsingError``. Seeded, so a failure names a
/// document that reproduces it.
@Suite struct FeedParserPropertyTests {
    private typealias Generator = SeededGenerator

    private static let sources: [(format: FeedFormat, text: String)] = [
        (.rss, FeedFixtures.rss), (.rss, FeedFixtures.rdf), (.atom, FeedFixtures.atom),
        (.jsonFeed, FeedFixtures.jsonFeed),
    ]

    private static let markup = [
        "<item>", "</item>", "<entry>", "</entry>", "<title>", "</title>", "<channel>", "</channel>", "<link>",
        "<link href=\"../x\"/>", "<guid>", "<id>", "<![CDATA[", "]]>", "<!-- c -->", "<?pi data?>", "<?x?>", "&amp;",
        "&eacute;", "&#0;", "&#xD800;", "&bogus;", "<!DOCTYPE rss>", "<!ENTITY e \"x\">", "\u{0}", "\u{FEFF}", "é",
        "xmlns=\"http://www.w3.org/2005/Atom\"", "<a:b xmlns:a=\"u\">", "</a:b>", "<div>", "<",
        "<enclosure url=\"../a.mp3\" length=\"12\"/>", "<link rel=\"enclosure\" href=\"b.ogg\"/>",
        "<media:content xmlns:media=\"http://search.yahoo.com/mrss/\" url=\"javascript:x\" fileSize=\"-1\"/>",
        "<content type=\"xhtml\"><a href=\"x\" title=\"&quot;\">",
    ]

    private static let json = [
        "{", "}", "[", "]", ",", ":", "\"", "null", "true", "1e400", "-0", "\"\\ud800\"", "\"\\u0000\"",
        "\"id\":", "\"title\":", "\"items\":[]", "\"url\":\"../a\"", "\"date_published\":\"x\"", "\u{0}",
    ]

    /// Parses `bytes` and checks whichever outcome; returns whether it parsed.
    @discardableResult
    private static func check(_ bytes: [UInt8], expecting format: FeedFormat? = nil, _ context: String) -> Bool {
        do {
            let feed = try FeedDocument.parse(Data(bytes), sourceURL: URL(string: "https://example.com/feed"))
            #expect(!feed.title.isEmpty, "\(context)")
            #expect(Set(feed.items.map(\.id)).count == feed.items.count, "\(context)")
            #expect(feed.items.allSatisfy { !$0.id.isEmpty && !$0.title.isEmpty }, "\(context)")
            for enclosure in feed.items.flatMap(\.enclosures) {
                #expect(!enclosure.url.isEmpty && !enclosure.url.hasPrefix("javascript:"), "\(context)")
                #expect(!enclosure.url.unicodeScalars.contains { $0.value < 0x20 }, "\(context)")
                #expect((enclosure.length ?? 1) > 0, "\(context)")
            }
            if let format { #expect(feed.format == format, "\(context)") }
            return true
        } catch {
            #expect(!error.description.isEmpty, "\(context)")
            return false
        }
    }

    private static func splice(
        _ tokens: [String], into text: String, using generator: inout Generator
    ) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let token = Array((tokens.randomElement(using: &generator) ?? "<").utf8)
            bytes.insert(contentsOf: token, at: Int.random(in: 0...bytes.count, using: &generator))
        }
        return bytes
    }

    @Test func documentsCutShortParseAsTheirOwnFormatOrFail() {
        for source in Self.sources {
            let bytes = Array(source.text.utf8)
            for length in stride(from: 0, through: bytes.count, by: 11) {
                Self.check(Array(bytes[..<length]), expecting: source.format, "\(source.format) cut at \(length)")
            }
        }
    }

    @Test func xmlFeedsWithMarkupSplicedInParseOrFail() {
        var generator = Generator(seed: 11_235)
        let xml = Self.sources.filter { $0.format != .jsonFeed }
        var parsed = 0
        for iteration in 0..<1_200 {
            let source = xml[iteration % xml.count]
            let bytes = Self.splice(Self.markup, into: source.text, using: &generator)
            if Self.check(bytes, "iteration \(iteration): \(String(decoding: bytes, as: UTF8.self))") { parsed += 1 }
        }
        // Splices that leave a document readable must be common, or the promises are never checked.
        #expect(parsed > 200)
    }

    @Test func jsonFeedsWithJSONSplicedInParseOrFail() {
        var generator = Generator(seed: 81_321)
        var parsed = 0
        for iteration in 0..<1_200 {
            let bytes = Self.splice(Self.json, into: FeedFixtures.jsonFeed, using: &generator)
            if Self.check(bytes, "iteration \(iteration): \(String(decoding: bytes, as: UTF8.self))") { parsed += 1 }
        }
        #expect(parsed > 50)
    }
}
