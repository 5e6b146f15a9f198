import Foundation
import Testing

@testable import FeedParsing

/// Reading OPML as real readers export it, one pattern per test, then what must be refused.
@Suite struct OPMLDocumentTests {
    private func parse(_ text: String) throws -> OPMLDocument {
        try OPMLDocument.parse(Data(text.utf8))
    }

    private func error(_ data: Data) -> OPMLError? {
        do {
            _ = try OPMLDocument.parse(data)
            return nil
        } catch {
            return error
        }
    }

    // MARK: What real exports contain

    @Test func opml2ReadsTitleFeedAndSiteAddresses() throws {
        let list = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>My feeds</title></head><body>
            <outline type="rss" text="Example" title="Example Blog" xmlUrl="https://example.com/feed.xml"
                     htmlUrl="https://example.com/"/>
            </body></opml>
            """)
        #expect(list.title == "My feeds")
        #expect(
            list.feeds == [
                OPMLFeed(
                    title: "Example Blog", feedURL: "https://example.com/feed.xml", siteURL: "https://example.com/")
            ])
        #expect(list.rejectedOutlines.isEmpty)
    }

    @Test func opml1WithoutTypeOrTitleTakesTheText() throws {
        let list = try parse(
            #"<opml version="1.0"><body><outline text="Only text" xmlUrl="http://a.example/rss"/></body></opml>"#)
        #expect(list.feeds == [OPMLFeed(title: "Only text", feedURL: "http://a.example/rss")])
    }

    @Test func aMissingVersionAndHeadAreAccepted() throws {
        let list = try parse(#"<opml><body><outline xmlUrl="http://a.example/rss"/></body></opml>"#)
        #expect(list.title == nil)
        #expect(list.feeds == [OPMLFeed(title: nil, feedURL: "http://a.example/rss")])
    }

    @Test func nestedOutlinesAreFlattenedWithTheirCategories() throws {
        let list = try parse(
            """
            <opml version="2.0"><body>
              <outline text="Tech"><outline text="Swift">
                <outline text="A" xmlUrl="http://a.example/"/>
              </outline>
              <outline text="B" xmlUrl="http://b.example/"/></outline>
              <outline text="C" xmlUrl="http://c.example/"/>
            </body></opml>
            """)
        #expect(list.feeds.map(\.feedURL) == ["http://a.example/", "http://b.example/", "http://c.example/"])
        #expect(list.feeds.map(\.categories) == [["Tech", "Swift"], ["Tech"], []])
    }

    @Test func namesAndAttributesInAnyCaseAreRead() throws {
        let list = try parse(
            #"<OPML Version="2.0"><Body><OUTLINE TYPE="RSS" TITLE="Loud" XMLURL="http://a.example/" "#
                + #"HtmlUrl="http://site.example/"/><outline text="quiet" xmlurl="http://b.example/"/></Body></OPML>"#)
        #expect(
            list.feeds == [
                OPMLFeed(title: "Loud", feedURL: "http://a.example/", siteURL: "http://site.example/"),
                OPMLFeed(title: "quiet", feedURL: "http://b.example/"),
            ])
    }

    @Test func entitiesInAttributesAreDecoded() throws {
        let list = try parse(
            #"<opml><body><outline title="Caf&eacute; &amp; Bar &#x263A;" "#
                + #"xmlUrl="http://a.example/?a=1&amp;b=2"/></body></opml>"#)
        #expect(list.feeds.first?.title == "Caf\u{E9} & Bar \u{263A}")
        #expect(list.feeds.first?.feedURL == "http://a.example/?a=1&b=2")
    }

    @Test func aByteOrderMarkAndBlankLinesBeforeTheDeclarationAreIgnored() throws {
        let text = "\n\n  <?xml version=\"1.0\"?><opml><body><outline xmlUrl=\"http://a.example/\"/></body></opml>"
        let list = try OPMLDocument.parse(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        #expect(list.feeds.map(\.feedURL) == ["http://a.example/"])
    }

    @Test func aLatin1DocumentIsTranscoded() throws {
        var bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><opml><body><outline text="Caf"#.utf8)
        bytes += [0xE9] + Array(#"" xmlUrl="http://a.example/"/></body></opml>"#.utf8)
        #expect(try OPMLDocument.parse(Data(bytes)).feeds.first?.title == "Caf\u{E9}")
    }

    @Test func aUTF16DocumentIsRead() throws {
        let text =
            #"<?xml version="1.0" encoding="UTF-16"?><opml><body><outline xmlUrl="http://a.example/"/></body></opml>"#
        let data = try #require(text.data(using: .utf16))
        #expect(try OPMLDocument.parse(data).feeds.count == 1)
    }

    @Test func atomTypeAndAURLAttributeCountAsAFeed() throws {
        let list = try parse(#"<opml><body><outline type="atom" text="A" url="http://a.example/atom"/></body></opml>"#)
        #expect(list.feeds.map(\.feedURL) == ["http://a.example/atom"])
    }

    @Test func whitespaceInTitlesIsFoldedAndControlCharactersDropped() throws {
        let list = try parse(
            "<opml><body><outline text=\"  Two\n\t lines&#7;\u{1B}[31m \" xmlUrl=\" http://a.example/ \"/></body></opml>"
        )
        #expect(list.feeds.first?.title == "Two lines[31m")
        #expect(list.feeds.first?.feedURL == "http://a.example/")
    }

    @Test func markupThatIsNotWellFormedIsRecovered() throws {
        let list = try parse(
            #"<opml><body><outline text="Fish & chips" xmlUrl="http://a.example/"><outline text="B" "#
                + #"xmlUrl="http://b.example/"></body></opml>"#)
        #expect(list.feeds.map(\.feedURL) == ["http://a.example/", "http://b.example/"])
        #expect(list.feeds.first?.title == "Fish & chips")
    }

    @Test func aListThatEndsBeforeItsEndTagIsRefusedAsCutOff() throws {
        let whole = OPMLDocument(feeds: (1...9).map { OPMLFeed(title: "Feed \($0)", feedURL: "http://\($0).example/") })
            .xml()
        #expect(try parse(whole).feeds.count == 9)
        let cutOff = error(Data(whole.utf8.prefix(whole.utf8.count / 2)))
        #expect(cutOff == .malformed("it ends before </opml>, so the file may be cut off"))
        #expect(cutOff?.description == "malformed OPML document: it ends before </opml>, so the file may be cut off")
        #expect(error(Data(whole.replacingOccurrences(of: "</opml>", with: "").utf8)) == cutOff)
        #expect(try parse("<opml version=\"2.0\"/>").feeds.isEmpty)
    }

    @Test func outlinesThatClaimToBeFeedsWithoutAnAddressAreRejectedNotDropped() throws {
        let list = try parse(
            #"<opml><body><outline type="rss" text="No address"/><outline text="Blank" xmlUrl="  "/>"#
                + #"<outline text="Just a note"/><outline type="link" text="A link" url="http://x.example/"/>"#
                + #"</body></opml>"#)
        #expect(list.feeds.isEmpty)
        #expect(
            list.rejectedOutlines == [
                OPMLRejectedOutline(title: "No address", reason: "it has type=\"rss\" but no xmlUrl"),
                OPMLRejectedOutline(title: "Blank", reason: "its xmlUrl is empty"),
            ])
    }

    @Test func aTitleThatOnlyRepeatsTheAddressIsNoTitle() throws {
        let list = try parse(
            #"<opml><body><outline text=" http://a.example/ " xmlUrl="http://a.example/"/></body></opml>"#)
        #expect(list.feeds == [OPMLFeed(title: nil, feedURL: "http://a.example/")])
    }

    @Test func duplicatesAreKeptForTheCallerToJudge() throws {
        let list = try parse(
            #"<opml><body><outline xmlUrl="http://a.example/"/><outline xmlUrl="http://a.example/"/></body></opml>"#)
        #expect(list.feeds.count == 2)
    }

    @Test func anEmptyBodyIsAListWithoutFeeds() throws {
        #expect(try parse(#"<opml version="2.0"><head/><body/></opml>"#).feeds.isEmpty)
    }

    // MARK: What is not OPML

    @Test func emptyOrBlankDocumentsAreEmpty() {
        #expect(error(Data()) == .empty)
        #expect(error(Data(" \n\t".utf8)) == .empty)
        #expect(error(Data([0xEF, 0xBB, 0xBF, 0x0A])) == .empty)
    }

    @Test func aFeedIsRefusedAsAFeed() {
        let rss = #"<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>"#
        #expect(error(Data(rss.utf8)) == .notOPML("it is a feed, not a list of feeds"))
        #expect(
            error(Data(#"<feed xmlns="http://www.w3.org/2005/Atom"/>"#.utf8))
                == .notOPML("it is a feed, not a list of feeds"))
    }

    @Test func htmlJSONAndTextAreRefused() {
        #expect(error(Data("<!DOCTYPE html><html><body>hi</body></html>".utf8)) == .notOPML("it is an HTML page"))
        #expect(
            error(Data(#"{"version": "https://jsonfeed.org/version/1"}"#.utf8)) == .notOPML("it holds no XML element"))
        #expect(error(Data("just some words".utf8)) == .notOPML("it holds no XML element"))
        #expect(error(Data("<svg/>".utf8)) == .notOPML("its root element is <svg>, not <opml>"))
    }

    @Test func everyErrorIsASentenceForPeople() {
        let errors: [OPMLError] = [
            .empty, .tooLarge(bytes: 20_000_000), .notOPML("it is an HTML page"), .malformed("x"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(OPMLError.tooLarge(bytes: 20_000_000).description.contains("16 MB"))
    }

    // MARK: Hostile input

    @Test func aDocumentOverTheSizeLimitIsRefusedUnread() {
        let data = Data(count: OPMLDocument.maximumDocumentSize + 1)
        #expect(error(data) == .tooLarge(bytes: OPMLDocument.maximumDocumentSize + 1))
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let depth = 100_000
        let text =
            "<opml><body>" + String(repeating: "<outline text=\"x\">", count: depth) + "</body></opml>"
        guard case .malformed(let detail)? = error(Data(text.utf8)) else {
            Issue.record("deep nesting was not refused as malformed")
            return
        }
        #expect(detail.contains("256"))
    }

    @Test func declaredEntitiesAreNeverExpanded() throws {
        var doctype = "<!DOCTYPE opml [<!ENTITY lol \"lol\">"
        for level in 1...9 {
            doctype +=
                "<!ENTITY lol\(level) \""
                + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10)
                + "\">"
        }
        doctype += "]>"
        let text = doctype + #"<opml><body><outline text="&lol9;" xmlUrl="http://a.example/&lol9;"/></body></opml>"#
        let list = try parse(text)
        #expect(list.feeds.first?.title == "&lol9;")
        #expect(list.feeds.first?.feedURL == "http://a.example/&lol9;")
    }

    @Test func aHugeTitleIsCut() throws {
        let title = String(repeating: "t", count: 1_000_000)
        let list = try parse(#"<opml><body><outline text="\#(title)" xmlUrl="http://a.example/"/></body></opml>"#)
        let kept = try #require(list.feeds.first?.title)
        #expect(kept.count == OPMLDocument.maximumTitleLength)
        #expect(kept.hasSuffix("…"))
    }

    @Test func manyOutlinesAreReadAndTooManyAreRefused() throws {
        let outline = #"<outline text="f" xmlUrl="http://a.example/"/>"#
        let many = "<opml><body>" + String(repeating: outline, count: 20_000) + "</body></opml>"
        #expect(try parse(many).feeds.count == 20_000)
        let tooMany = "<opml><body>" + String(repeating: "<outline/>", count: 400_001) + "</body></opml>"
        guard case .malformed(let detail)? = error(Data(tooMany.utf8)) else {
            Issue.record("400,001 outlines were not refused")
            return
        }
        #expect(detail.contains("400000"))
    }
}
