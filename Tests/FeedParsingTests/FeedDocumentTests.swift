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

    @Test func truncatedRSSKeepsTheItemsBeforeTheCut() throws {
        let truncated = String(FeedFixtures.rss.prefix(1_400))
        let feed = try parse(truncated)
        #expect(feed.title == "Harbour Notes & Tides")
        #expect(feed.items.first?.title == "Spring tides arrive")
    }

    @Test func truncatedAtomKeepsItsEntries() throws {
        let feed = try parse(String(FeedFixtures.atom.prefix(1_200)))
        #expect(feed.format == .atom)
        #expect(feed.items.first?.title == "Why 2 < 3 matters for wicks")
    }

    @Test func malformedXMLThatIsNoFeedIsRefusedAtTheLineOfTheOriginalDocument() {
        do {
            _ = try parse("\n\n<?xml version=\"1.0\"?>\n<catalog><a></b>")
            Issue.record("expected an error")
        } catch {
            guard case .malformed(.rss, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(detail.hasPrefix("XML error at line 4"))
        }
    }

    @Test func blankLinesBeforeTheDeclarationAreIgnored() throws {
        let feed = try parse(FeedFixtures.blankLinesBeforeDeclaration)
        #expect(feed.items.map(\.title) == ["One"])
    }

    @Test func malformedXMLIsRecoveredItemByItem() throws {
        let feed = try parse(FeedFixtures.malformed)
        #expect(feed.title == "Fish & Chips &trademark;")
        #expect(
            feed.items.map(\.link) == [
                "https://broken.example/1?a=1&b=2", "https://broken.example/2", "https://broken.example/3",
            ])
        #expect(feed.items.first?.title == "Bare ampersand & friends")
        #expect(feed.items.dropFirst().first?.summary == "Line break")
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedUnread() {
        let huge = Data(count: FeedDocument.maximumDocumentSize + 1)
        #expect(throws: FeedParsingError.tooLarge("a document larger than 64 MB")) {
            try FeedDocument.parse(huge)
        }
    }

    @Test func aFeedOfManyMoreItemsThanKeptIsReadKeepingTheNewest() throws {
        let count = 20_000
        let items = (0..<count).map { "<item><title>\($0)</title></item>" }.joined()
        let feed = try FeedDocument.parse(Data(("<rss><channel>" + items + "</channel></rss>").utf8), maximumItems: 100)
        // Undated, so the newest are the first listed.
        #expect(feed.items.map(\.title) == (0..<100).map(String.init))
        #expect(feed.omittedItemCount == count - 100)
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

    @Test func entityExpansionBombIsNeverExpanded() {
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
        // Refused by the XML parser, then read by the tolerant one, which expands nothing.
        #expect((try? result.get().title) == "&f;")
    }
}
