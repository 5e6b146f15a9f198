import Foundation
import Testing

@testable import FeedParsing

@Suite struct FeedDocumentTests {
    private func parse(_ text: String) throws(FeedParsingError) -> ParsedFeed {
        try FeedDocument.parse(Data(text.utf8))
    }

    @Test func recognizesEachFormatFromItsContent() throws {
        #expect(try parse(FeedFixtures.rss).format == .rss)
        #expect(try parse(FeedFixtures.atom).format == .atom)
        #expect(try parse(FeedFixtures.jsonFeed).format == .jsonFeed)
        #expect(try parse(FeedFixtures.rdf).format == .rss)
    }

    @Test func sniffsTheFormatWithoutParsing() {
        #expect(FeedDocument.sniffFormat(Data(FeedFixtures.atom.utf8)) == .atom)
        #expect(FeedDocument.sniffFormat(Data(FeedFixtures.rss.utf8)) == .rss)
        #expect(FeedDocument.sniffFormat(Data(FeedFixtures.jsonFeed.utf8)) == .jsonFeed)
        #expect(FeedDocument.sniffFormat(Data("hello".utf8)) == nil)
    }

    @Test func byteOrderMarkAndLeadingWhitespaceAreSkipped() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("\n  ".utf8) + Data(FeedFixtures.emptyRSS.utf8)
        #expect(try FeedDocument.parse(data).title == "Nothing yet")
    }

    @Test func emptyDocumentIsReportedAsEmpty() {
        #expect(throws: FeedParsingError.empty) { try parse("") }
        #expect(throws: FeedParsingError.empty) { try parse(" \n\t ") }
    }

    @Test func emptyFeedHasNoItems() throws {
        let feed = try parse(FeedFixtures.emptyRSS)
        #expect(feed.items.isEmpty)
        #expect(feed.siteLink == "https://empty.example/")
    }

    @Test func htmlPageIsNotAFeed() {
        #expect(throws: FeedParsingError.notAFeed("an HTML page")) {
            try parse("<!DOCTYPE html><html><head><title>Hi</title></head><body></body></html>")
        }
        #expect(throws: FeedParsingError.notAFeed("an HTML page")) { try parse("<html><body>x</body></html>") }
    }

    @Test func otherXMLIsNotAFeed() {
        #expect(throws: FeedParsingError.notAFeed("an XML document with root element <svg>")) {
            try parse(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>"#)
        }
    }

    @Test func otherJSONIsNotAFeed() {
        #expect(throws: FeedParsingError.notAFeed("a JSON array")) { try parse("[1, 2]") }
        #expect(throws: FeedParsingError.notAFeed("JSON without a JSON Feed version")) {
            try parse(#"{"title": "x", "items": []}"#)
        }
    }

    @Test func plainTextIsNotAFeed() {
        #expect(throws: FeedParsingError.notAFeed("neither XML nor JSON")) { try parse("just words") }
    }

    @Test func truncatedRSSIsMalformed() {
        let truncated = String(FeedFixtures.rss.prefix(900))
        do {
            _ = try parse(truncated)
            Issue.record("expected an error")
        } catch {
            guard case .malformed(.rss, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(detail.hasPrefix("XML error at line"))
        }
    }

    @Test func truncatedAtomIsMalformedAtom() {
        do {
            _ = try parse(String(FeedFixtures.atom.prefix(500)))
            Issue.record("expected an error")
        } catch {
            guard case .malformed(.atom, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func truncatedJSONFeedIsMalformed() {
        do {
            _ = try parse(String(FeedFixtures.jsonFeed.prefix(200)))
            Issue.record("expected an error")
        } catch {
            guard case .malformed(.jsonFeed, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func relativeLinksResolveAgainstTheSourceWhenTheFeedHasNoSiteLink() throws {
        let rss = "<rss><channel><title>t</title><item><title>a</title><link>/a</link></item></channel></rss>"
        let feed = try FeedDocument.parse(Data(rss.utf8), sourceURL: URL(string: "https://src.example/feed.xml"))
        #expect(feed.items.first?.link == "https://src.example/a")
    }

    @Test func errorDescriptionsAreReadable() {
        #expect(FeedParsingError.empty.description == "the document is empty")
        #expect(FeedParsingError.malformed(.atom, "x").description == "malformed Atom document: x")
    }
}

@Suite struct FeedDocumentHostileInputTests {
    @Test func deeplyNestedXMLIsRefusedNotFatal() {
        let depth = 50_000
        let xml =
            "<rss><channel>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            + "</channel></rss>"
        #expect(throws: FeedParsingError.self) { try FeedDocument.parse(Data(xml.utf8)) }
    }

    @Test func deeplyNestedJSONIsRefusedNotFatal() {
        let depth = 50_000
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","items":"#
            + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(throws: FeedParsingError.self) { try FeedDocument.parse(Data(json.utf8)) }
    }

    @Test func entityExpansionBombIsRefused() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
              <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
              <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
              <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
              <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
            ]>
            <rss><channel><title>&f;</title></channel></rss>
            """
        let start = ContinuousClock.now
        let result = Result { () throws(FeedParsingError) in try FeedDocument.parse(Data(xml.utf8)) }
        #expect(ContinuousClock.now - start < .seconds(2))
        guard case .failure(.malformed(.rss, _)) = result else {
            Issue.record("expected the expansion to be refused, got \(result)")
            return
        }
    }
}
