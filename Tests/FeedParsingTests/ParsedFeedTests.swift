import Foundation
import Testing

@testable import FeedParsing

@Suite struct ParsedFeedItemTests {
    @Test func datesConvertToFoundationDates() {
        let item = ParsedFeedItem(id: "a", title: "t", publishedAt: 1_500, updatedAt: nil)
        #expect(item.publishedDate == Date(timeIntervalSince1970: 1.5))
        #expect(item.updatedDate == nil)
        #expect(item.sortDate == 1_500)
    }
}
