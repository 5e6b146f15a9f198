import Foundation
import Testing

@testable import FeedParsing

@Suite struct JSONFeedParserTests {
    private let feed: ParsedFeed

    init() throws {
        feed = try FeedDocument.parse(Data(FeedFixtures.jsonFeed.utf8))
    }

    @Test func feedGivesTitleHomePageAndDescription() {
        #expect(feed.title == "Kettle Stories")
        #expect(feed.siteLink == "https://kettle.example/")
        #expect(feed.summary == "Tea, mostly.")
    }

    @Test func contentHTMLBecomesPlainText() throws {
        let item = try #require(feed.items.first)
        #expect(item.summary == "Never boil it & never rush it.")
        #expect(item.author == "Sam Okafor")
        #expect(item.publishedAt == 1_748_763_000_000)
    }

    @Test func numericIdIsReadAsText() {
        #expect(feed.items.map(\.id).contains("1"))
    }

    @Test func plainSummaryIsPreferredAndKeptLiterally() throws {
        let item = try #require(feed.items.first { $0.id == "1" })
        #expect(item.summary == "Hello <there>")
        #expect(item.updatedAt == nil)
    }

    @Test func itemWithoutIdFallsBackToItsURL() {
        #expect(feed.items.map(\.id).contains("https://kettle.example/3"))
    }

    @Test func valuesOfTheWrongTypeAreSkippedNotFatal() throws {
        #expect(feed.items.count == 4)
        let item = try #require(feed.items.first { $0.id == "7" })
        #expect(item.title == "Title of the wrong type.")
    }

    @Test func missingItemsArrayIsMalformed() {
        let json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "x"}"#
        #expect(throws: FeedParsingError.malformed(.jsonFeed, "no \"items\" array")) {
            try FeedDocument.parse(Data(json.utf8))
        }
    }

    @Test func emptyItemsArrayIsAnEmptyFeed() throws {
        let json = #"{"version": "https://jsonfeed.org/version/1", "title": "Quiet", "items": []}"#
        let parsed = try FeedDocument.parse(Data(json.utf8))
        #expect(parsed.title == "Quiet")
        #expect(parsed.items.isEmpty)
    }

    @Test func anEmptySummaryDoesNotHideTheContent() throws {
        let feed = try FeedDocument.parse(Data(FeedFixtures.jsonEmptySummary.utf8))
        #expect(feed.items.first?.summary == "The content")
    }

    @Test func contentIsTheHTMLElseTheTextEscaped() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
             {"id": "1", "summary": "Short", "content_html": "<p>Full</p>", "content_text": "ignored"},
             {"id": "2", "content_text": "a <b> & c\\nnext line"}]}
            """
        let items = try FeedDocument.parse(Data(json.utf8)).items
        #expect(items.map(\.content) == ["<p>Full</p>", "a &lt;b&gt; &amp; c<br>next line"])
        #expect(items.first?.summary == "Short")
        #expect(items.last.flatMap(\.content).map { HTMLRenderer.render($0).text } == "a <b> & c\nnext line")
    }

    @Test func contentTextIsAlsoKeptAsTheTextTheFeedGave() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
             {"id": "1", "content_html": "<p>Full</p>", "content_text": "ignored"},
             {"id": "2", "content_text": "a <b>  & c\\nnext line"}]}
            """
        let items = try FeedDocument.parse(Data(json.utf8)).items
        #expect(items.map(\.contentText) == [nil, "a <b>  & c\nnext line"])
    }
}
