import Foundation
import Testing

@testable import FeedParsing

@Suite struct RSSParserTests {
    private let feed: ParsedFeed

    init() throws {
        feed = try FeedDocument.parse(Data(FeedFixtures.rss.utf8))
    }

    @Test func channelGivesTitleSiteAndPlainDescription() {
        #expect(feed.title == "Harbour Notes & Tides")
        #expect(feed.siteLink == "https://harbour.example/")
        #expect(feed.summary == "Weekly notes from the harbour")
    }

    @Test func itemReadsGuidLinkTitleAuthorAndDate() throws {
        let item = try #require(feed.items.first)
        #expect(item.id == "harbour-2025-041")
        #expect(item.guid == "harbour-2025-041")
        #expect(item.link == "https://harbour.example/posts/spring-tides")
        #expect(item.title == "Spring tides arrive")
        #expect(item.author == "Morag Finlay")
        #expect(item.publishedAt == 1_748_943_561_000)
    }

    @Test func descriptionHTMLBecomesPlainTextEvenWithUndeclaredEntities() throws {
        let item = try #require(feed.items.first)
        #expect(item.summary == "The highest tides of the year are here. Moor early & check lines.")
    }

    @Test func itemWithoutGuidIsIdentifiedByItsResolvedLink() throws {
        let item = try #require(feed.items.dropFirst().first)
        #expect(item.guid == nil)
        #expect(item.id == "https://harbour.example/posts/ferry-timetable")
        #expect(item.summary == "From Monday the 07:15 sailing leaves at 07:30 \u{2014} plan ahead.")
        #expect(item.publishedAt == 1_748_883_900_000)
    }

    @Test func permalinkGuidDoublesAsTheLink() throws {
        let item = try #require(feed.items.first { $0.title == "Lighthouse open day" })
        #expect(item.link == "https://harbour.example/posts/open-day")
        #expect(item.publishedAt == 1_748_790_000_000)
    }

    @Test func itemWithoutIdOrLinkGetsAStableSynthesizedId() throws {
        let item = try #require(feed.items.first { $0.link == nil })
        #expect(item.id.hasPrefix("urn:rivulet:"))
        let again = try FeedDocument.parse(Data(FeedFixtures.rss.utf8))
        #expect(again.items.first { $0.link == nil }?.id == item.id)
    }

    @Test func itemWithoutTitleTakesTheStartOfItsSummary() throws {
        let item = try #require(feed.items.first { $0.link == nil })
        #expect(item.title == "A note with no title, no link and no guid.")
    }

    @Test func invalidDateLeavesTheItemWithoutADate() throws {
        let item = try #require(feed.items.first { $0.link == nil })
        #expect(item.publishedAt == nil)
    }

    @Test func itemsSharingAGuidAreAllKeptAndEmptyItemsAreDropped() {
        #expect(feed.items.count == 5)
        #expect(
            feed.items.filter { $0.guid == "harbour-2025-041" }.map(\.title) == [
                "Spring tides arrive", "Spring tides arrive (repost)",
            ])
        #expect(feed.items.first { $0.guid == "harbour-2025-041" }?.id == "harbour-2025-041")
    }

    @Test func itemsSharingAGuidGetDistinctStableIds() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.sharedGuids.utf8))
        #expect(feed.items.map(\.title) == ["Morning edition", "Evening edition", "Repeated", "Repeated"])
        #expect(feed.items[0].id == "daily")
        #expect(feed.items[1].id.hasPrefix("daily#"))
        #expect(feed.items[3].id == feed.items[2].id + "#" + _FeedAssembler.stableHash("Repeated\n\n"))
        let again = try FeedDocument.parse(Data(FeedFixtures.sharedGuids.utf8))
        #expect(again.items.map(\.id) == feed.items.map(\.id))
    }

    @Test func itemsWithOnlyAGuidADateOrAMediaTitleAreKept() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.sparseItems.utf8))
        #expect(feed.items.count == 4)
        #expect(feed.items[0].id == "only-a-guid")
        #expect(feed.items[1].publishedAt == 1_748_943_561_000)
        #expect(feed.items[2].title == "Only a media title")
        #expect(feed.items[3].title == "Grouped title")
        #expect(feed.items[3].summary == "Grouped description")
    }

    @Test func relativeLinksResolveAgainstTheFeedsOwnAddressNotALocalFile() throws {
        let local = URL(fileURLWithPath: "/tmp/relative.xml")
        let feed = try FeedDocument.parse(Data(FeedFixtures.relativeLinks.utf8), sourceURL: local)
        #expect(feed.siteLink == "https://relative.example/")
        #expect(feed.items.first?.link == "https://relative.example/posts/1")
    }

    @Test func relativeLinksResolveAgainstTheWebAddressTheFeedWasReadFrom() throws {
        let source = URL(string: "https://mirror.example/a/b/feed.xml")
        let feed = try FeedDocument.parse(Data(FeedFixtures.relativeLinks.utf8), sourceURL: source)
        #expect(feed.items.first?.link == "https://mirror.example/a/posts/1")
    }

    @Test func channelDublinCoreTitleMediaDescriptionAndTermsIssuedAreRead() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.modules.utf8))
        #expect(feed.title == "Dublin Core Title")
        #expect(feed.items.first?.summary == "Told by media")
        #expect(feed.items.first?.publishedAt == 1_748_943_561_000)
    }

    @Test func aOneDigitSecondIsRead() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.modules.utf8))
        #expect(feed.items.last?.publishedAt == 1_748_943_541_000)
    }

    @Test func markupInsideADescriptionStaysWhereItWas() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.modules.utf8))
        #expect(feed.items.last?.summary == "before bold after")
    }

    @Test func aBareChannelIsReadAsRSS() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.bareChannel.utf8))
        #expect(feed.title == "Bare")
        #expect(feed.items.map(\.link) == ["https://bare.example/1"])
    }

    @Test func rssWithoutAChannelIsReadFromItsRoot() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.rssWithoutChannel.utf8))
        #expect(feed.title == "No channel")
        #expect(feed.items.map(\.title) == ["Item of the root"])
    }

    @Test func rdfFeedItemsAreReadFromTheRoot() throws {
        let rdf = try FeedDocument.parse(Data(FeedFixtures.rdf.utf8))
        #expect(rdf.title == "Old School")
        #expect(rdf.items.map(\.link) == ["https://old.example/a"])
        #expect(rdf.items.first?.publishedAt == 1_078_138_800_000)
    }

    @Test func rssWithNeitherChannelNorItemsIsMalformed() {
        #expect(throws: FeedParsingError.malformed(.rss, "no <channel> element")) {
            try FeedDocument.parse(Data("<rss version=\"2.0\"></rss>".utf8))
        }
    }

    @Test func contentEncodedIsUsedWhenThereIsNoDescription() throws {
        let rss = """
            <rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title>
            <item><title>a</title><guid>1</guid><content:encoded><![CDATA[<p>Body</p>]]></content:encoded></item>
            </channel></rss>
            """
        #expect(try FeedDocument.parse(Data(rss.utf8)).items.first?.summary == "Body")
    }

    @Test func contentIsTheFullHTMLPreferringContentEncoded() throws {
        let rss = """
            <rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title>
            <item><guid>1</guid><description>Short</description>
            <content:encoded><![CDATA[<p>Full <b>body</b></p>]]></content:encoded></item>
            <item><guid>2</guid><description>&lt;p&gt;Only this&lt;/p&gt;</description></item>
            <item><guid>3</guid><title>Bare</title></item>
            </channel></rss>
            """
        let items = try FeedDocument.parse(Data(rss.utf8)).items
        #expect(items.map(\.content) == ["<p>Full <b>body</b></p>", "<p>Only this</p>", nil])
        #expect(items.first?.summary == "Short")
    }
}
