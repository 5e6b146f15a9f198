import Foundation
import Testing

@testable import FeedParsing

/// Feeds listing more items than a reader keeps: read in bounded memory, the newest kept, and
/// the rest counted; a document too large in any other way refused as too large.
@Suite struct LargeFeedTests {
    /// An RSS document of items `1...count`, item `n` dated `n` days into 2020 when `dated`
    /// says so, listed in `order`.
    private func rss(_ order: [Int], dated: (Int) -> Bool = { _ in true }) -> String {
        let items = order.map { number in
            let date = dated(number) ? "<pubDate>\(day(number)) Jan 2020 10:00:00 GMT</pubDate>" : ""
            return "<item><title>Item \(number)</title><guid>n\(number)</guid>\(date)</item>"
        }
        return "<rss version=\"2.0\"><channel><title>Big</title>" + items.joined() + "</channel></rss>"
    }

    private func day(_ number: Int) -> String { String(format: "%02d", number) }

    private func titles(_ feed: ParsedFeed) -> [String] { feed.items.map(\.title) }

    @Test func aFeedListingMoreItemsThanTheLimitKeepsTheNewestInDocumentOrder() throws {
        let feed = try FeedDocument.parse(Data(rss([3, 9, 1, 7, 5, 2, 8]).utf8), maximumItems: 3)
        #expect(titles(feed) == ["Item 9", "Item 7", "Item 8"])
        #expect(feed.omittedItemCount == 4)
    }

    @Test func datedItemsAreKeptBeforeUndatedOnesAndEarlierUndatedOnesFirst() throws {
        let document = rss([1, 2, 3, 4, 5, 6], dated: { $0 == 5 })
        let feed = try FeedDocument.parse(Data(document.utf8), maximumItems: 3)
        #expect(titles(feed) == ["Item 1", "Item 2", "Item 5"])
        #expect(feed.omittedItemCount == 3)
    }

    @Test func aFeedWithinTheLimitIsReadWhole() throws {
        let feed = try FeedDocument.parse(Data(rss([1, 2, 3]).utf8), maximumItems: 3)
        #expect(feed.items.count == 3)
        #expect(feed.omittedItemCount == 0)
    }

    @Test func atomEntriesAreKeptByTheirPublishedOrUpdatedDate() throws {
        let entries = [4, 1, 3, 2].map { number in
            "<entry><id>urn:e\(number)</id><title>Entry \(number)</title>"
                + "<updated>2020-01-\(day(number))T10:00:00Z</updated></entry>"
        }
        let document = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>A</title>" + entries.joined() + "</feed>"
        let feed = try FeedDocument.parse(Data(document.utf8), maximumItems: 2)
        #expect(titles(feed) == ["Entry 4", "Entry 3"])
        #expect(feed.omittedItemCount == 2)
    }

    @Test func malformedXMLIsReadWithTheSameLimit() throws {
        // A bare `&` sends the document to the tolerant reader.
        let document = rss([2, 6, 4, 1]).replacingOccurrences(
            of: "<title>Big</title>", with: "<title>Big & bold</title>")
        let feed = try FeedDocument.parse(Data(document.utf8), maximumItems: 2)
        #expect(titles(feed) == ["Item 6", "Item 4"])
        #expect(feed.omittedItemCount == 2)
    }

    @Test func aJSONFeedKeepsTheNewestToo() throws {
        let items = [2, 3, 1].map {
            "{\"id\": \"j\($0)\", \"title\": \"J\($0)\", \"date_published\": \"2020-01-0\($0)T00:00:00Z\"}"
        }
        let document =
            "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"J\", \"items\": [\(items.joined(separator: ","))]}"
        let feed = try FeedDocument.parse(Data(document.utf8), maximumItems: 2)
        #expect(titles(feed) == ["J2", "J3"])
        #expect(feed.omittedItemCount == 1)
    }

    @Test func oldItemsAreDroppedWhileReadingSoTheElementLimitCountsOnlyWhatIsKept() throws {
        // 3 elements per item: 600 undated items are 1,800 elements, far past a limit of 100.
        var window = _ItemWindow(maximumItems: 10, maximumElements: 100)
        let document = rss(Array(1...600).reversed(), dated: { _ in false })
        let root = try _XMLTreeBuilder.parse(Data(document.utf8), window: &window)
        let items = root.child("channel")?.children("item") ?? []
        #expect(items.compactMap { $0.childText("title") } == (591...600).reversed().map { "Item \($0)" })
        #expect(window.listedItemCount == 600)
        #expect(window.omittedItemCount == 590)
    }

    @Test func aDocumentWithTooManyElementsBesidesItsItemsIsRefusedAsTooLarge() {
        let crowded =
            "<rss><channel><title>t</title>" + String(repeating: "<category>c</category>", count: 101)
            + "<item><title>only</title></item></channel></rss>"
        for markup in [crowded, crowded.replacingOccurrences(of: "<title>t</title>", with: "<title>a & b</title>")] {
            var window = _ItemWindow(maximumItems: 10, maximumElements: 100)
            #expect(throws: FeedParsingError.tooLarge("too many XML elements (more than 100)")) {
                try _XMLTreeBuilder.parse(Data(markup.utf8), window: &window)
            }
        }
    }

    @Test func tooManyElementsIsSaidAsSuch() {
        #expect(
            FeedParsingError.tooLarge("too many XML elements (more than 400000)").description
                == "too large to read: too many XML elements (more than 400000)")
    }
}
