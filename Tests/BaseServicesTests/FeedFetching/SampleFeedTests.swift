import Foundation
import Testing

@testable import BaseServices

@Suite struct SampleFeedTests {
    @Test func shippedFeedIsFoundAndParses() throws {
        let feed = try SampleFeed.load()
        #expect(feed.title == "Rivulet: getting started")
        #expect(feed.items.count >= 5)
        #expect(feed.items.allSatisfy { $0.guid != nil && $0.publishedAt != nil && !$0.summary.isEmpty })
    }

    @Test func shippedFeedLinksNowhere() throws {
        // The feed must work offline: nothing in it may point at the network.
        let feed = try SampleFeed.load()
        #expect(feed.siteLink == nil)
        #expect(feed.items.allSatisfy { $0.link == nil })
    }
}
