import Foundation
import Testing

@testable import FeedParsing

@Suite struct AtomParserTests {
    private let feed: ParsedFeed

    init() throws {
        feed = try FeedDocument.parse(Data(FeedFixtures.atom.utf8))
    }

    @Test func feedGivesTitleAlternateLinkAndSubtitle() {
        #expect(feed.title == "Lanterns & Lamps")
        #expect(feed.siteLink == "https://lanterns.example/")
        #expect(feed.summary == "A blog about light")
    }

    @Test func entryReadsIdAlternateLinkAuthorAndDates() throws {
        let entry = try #require(feed.items.first)
        #expect(entry.id == "tag:lanterns.example,2025:1")
        #expect(entry.link == "https://lanterns.example/2025/wicks")
        #expect(entry.author == "Ines Duarte")
        #expect(entry.publishedAt == 1_748_938_530_250)
        #expect(entry.updatedAt == 1_748_948_400_000)
    }

    @Test func plainTextTitleKeepsItsAngleBrackets() throws {
        #expect(feed.items.first?.title == "Why 2 < 3 matters for wicks")
    }

    @Test func htmlSummaryBecomesPlainText() throws {
        #expect(feed.items.first?.summary == "Short wicks burn cleaner.")
    }

    @Test func xhtmlContentBecomesPlainTextInOrder() throws {
        #expect(feed.items.dropFirst().first?.summary == "Both have merits. Read on.")
    }

    @Test func relativeLinkResolvesAgainstTheSiteLink() {
        #expect(feed.items.dropFirst().first?.link == "https://lanterns.example/2025/oil-or-wax")
    }

    @Test func entryWithOnlyAnUpdateDateSortsByIt() throws {
        let entry = try #require(feed.items.dropFirst().first)
        #expect(entry.publishedAt == nil)
        #expect(entry.sortDate == 1_748_606_400_000)
    }

    @Test func atomWithoutNamespaceIsStillRead() throws {
        let atom = "<feed><title>Bare</title><entry><id>x</id><title>One</title></entry></feed>"
        let parsed = try FeedDocument.parse(Data(atom.utf8))
        #expect(parsed.format == .atom)
        #expect(parsed.items.map(\.id) == ["x"])
    }
}
