import Foundation
import Testing

@testable import FeedParsing

@Suite struct FeedAssemblerTests {
    @Test func stableHashIsFNV1a() {
        #expect(_FeedAssembler.stableHash("") == "cbf29ce484222325")
        #expect(_FeedAssembler.stableHash("a") == "af63dc4c8601ec8c")
    }

    @Test func feedWithoutTitleFallsBackToTheSiteHost() {
        let feed = _FeedAssembler.assemble(
            format: .rss, title: "  ", siteLink: "https://quiet.example/blog", summary: nil, drafts: [], baseURL: nil
        )
        #expect(feed.title == "quiet.example")
    }

    @Test func feedWithoutTitleOrSiteIsUntitled() {
        let feed = _FeedAssembler.assemble(
            format: .rss, title: nil, siteLink: nil, summary: nil, drafts: [], baseURL: nil)
        #expect(feed.title == "Untitled feed")
    }

    @Test func guidWinsOverLinkAsIdentity() {
        let feed = _FeedAssembler.assemble(
            format: .rss, title: "t", siteLink: nil, summary: nil,
            drafts: [_ItemDraft(guid: " g1 ", link: "https://x.example/1", title: "a")],
            baseURL: nil
        )
        #expect(feed.items.map(\.id) == ["g1"])
    }

    @Test func synthesizedIdsDifferWhenContentDiffersAndRepeatsGetIdsOfTheirOwn() {
        let feed = _FeedAssembler.assemble(
            format: .rss, title: "t", siteLink: nil, summary: nil,
            drafts: [_ItemDraft(title: "a"), _ItemDraft(title: "b"), _ItemDraft(title: "a")],
            baseURL: nil
        )
        #expect(feed.items.map(\.title) == ["a", "b", "a"])
        #expect(feed.items[0].id != feed.items[1].id)
        #expect(feed.items[2].id.hasPrefix(feed.items[0].id + "#"))
    }
}
