import Foundation
import Testing

@testable import FeedParsing

/// One test per way real feeds are written that the parser once read wrong: dates, and where
/// an item's summary comes from.
@Suite struct FeedReadingCasesTests {
    private func item(_ document: String) throws -> ParsedFeedItem {
        try #require(try FeedDocument.parse(Data(document.utf8)).items.first)
    }

    private func rssItem(_ inner: String, namespaces: String = "") throws -> ParsedFeedItem {
        try item("<rss version=\"2.0\" \(namespaces)><channel><title>C</title><item>\(inner)</item></channel></rss>")
    }

    private func atomEntry(_ inner: String, namespaces: String = "") throws -> ParsedFeedItem {
        try item(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\" \(namespaces)><title>F</title>"
                + "<entry><id>urn:x:1</id><title>T</title>\(inner)</entry></feed>")
    }

    // MARK: Dates

    @Test func anOffsetWithItsMinutesCutShortStillGivesTheDate() {
        #expect(FeedDate.unixMilliseconds(from: "2021-05-04T07:30:00+00:0") == 1_620_113_400_000)
    }

    @Test func anOffsetOfMoreThanADayIsAppliedAsWritten() {
        // 01:15 at +30 hours is 19:15 UTC two days before.
        #expect(
            FeedDate.unixMilliseconds(from: "Sat, 06 Mar 2021 01:15:00 +3000")
                == FeedDate.unixMilliseconds(from: "2021-03-04T19:15:00Z"))
    }

    @Test func aCreatedDateIsNotAPublicationDate() throws {
        let entry = try item(
            "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\"><title>F</title><entry><id>urn:x</id>"
                + "<title>T</title><created>2021-05-04T07:30:00Z</created></entry></feed>")
        #expect(entry.publishedAt == nil && entry.updatedAt == nil)
        let rss = try rssItem(
            "<title>T</title><dcterms:created>2021-05-04T07:30:00Z</dcterms:created>",
            namespaces: "xmlns:dcterms=\"http://purl.org/dc/terms/\"")
        #expect(rss.publishedAt == nil && rss.updatedAt == nil)
    }

    @Test func aBareUpdatedElementInAnRSSItemDatesIt() throws {
        let rss = try rssItem("<title>Episode</title><updated>2021-05-04T07:30:00Z</updated>")
        #expect(rss.updatedAt == 1_620_113_400_000)
    }

    @Test func anRSS10DocumentWithoutAChannelListsEachItemOnce() throws {
        let document =
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">"
            + "<item><title>One</title></item><item><title>Two</title></item></rdf:RDF>"
        #expect(try FeedDocument.parse(Data(document.utf8)).items.map(\.title) == ["One", "Two"])
    }

    // MARK: Summaries

    @Test func anItemBodyInXHTMLIsItsSummaryAndContent() throws {
        let withNamespace = try rssItem(
            "<body xmlns=\"http://www.w3.org/1999/xhtml\"><p>Notes on <a href=\"/n\">the run</a></p></body>")
        #expect(withNamespace.summary == "Notes on the run")
        #expect(withNamespace.content?.contains("<a href=\"/n\">the run</a>") == true)
        let bare = try rssItem("<body>Plain<script>alert(1)</script> words</body>")
        #expect(bare.summary == "Plain words")
    }

    @Test func anEscapedFullItemIsItsSummaryAndContent() throws {
        let rss = try rssItem("<fullitem>&lt;p&gt;Whole story&lt;/p&gt;</fullitem>")
        #expect(rss.summary == "Whole story")
        #expect(rss.content == "<p>Whole story</p>")
    }

    @Test func aNamespaceSpelledWithOtherCapitalsOrWithoutItsSlashIsTheOneMeant() throws {
        let rss = try rssItem(
            "<title>T</title><content:encoded><![CDATA[<p>Encoded text</p>]]></content:encoded>",
            namespaces: "xmlns:content=\"http://purl.org/rss/1.0/modules/content\"")
        #expect(rss.summary == "Encoded text")
        let podcast = try rssItem(
            "<title>T</title><itunes:summary>Show notes</itunes:summary>",
            namespaces: "xmlns:itunes=\"http://www.itunes.com/DTDs/Podcast-1.0.dtd\"")
        #expect(podcast.summary == "Show notes")
    }

    @Test func atomTextWithoutATypeWrittenAsHTMLIsReadAsHTML() throws {
        let entry = try atomEntry("<content><![CDATA[<div><p>First</p><p>second</p></div>]]></content>")
        #expect(entry.summary == "First second")
        // Declared text stays text, and a lone `<` is no markup.
        #expect(try atomEntry("<summary type=\"text\">&lt;p&gt;kept&lt;/p&gt;</summary>").summary == "<p>kept</p>")
        #expect(try atomEntry("<summary>1 &lt; 2</summary>").summary == "1 < 2")
    }

    @Test func everyHTML4NamedReferenceIsDecoded() {
        #expect(HTMLText.plainText(from: "&infin; Permalink, &alpha;&beta; &rArr; &spades;") == "∞ Permalink, αβ ⇒ ♠")
    }

    @Test func anAtomEntryWithOnlyADublinCoreDescriptionHasItAsSummary() throws {
        let entry = try atomEntry(
            "<dc:description>Only this</dc:description>", namespaces: "xmlns:dc=\"http://purl.org/dc/elements/1.1/\"")
        #expect(entry.summary == "Only this")
    }
}
