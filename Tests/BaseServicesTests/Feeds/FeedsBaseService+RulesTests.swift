import Domain
import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// Two feeds with items: "Rust weekly" (two items, one about a sponsor) and "News" (one).
private func twoFeeds(_ fixture: ServicesFixture) throws -> (rust: Int64, news: Int64) {
    let rust = try value(fixture.feeds.addFeed(url: "https://rust.example/feed", title: "Rust weekly", siteURL: nil))
    let news = try value(fixture.feeds.addFeed(url: "https://news.example/feed", title: "News", siteURL: nil))
    let drafts = [
        FeedItemDraft(guid: "r1", title: "Rust 1.90 released", publishedAt: Date(timeIntervalSince1970: 3)),
        FeedItemDraft(guid: "r2", title: "Sponsored: a Rust course", publishedAt: Date(timeIntervalSince1970: 2)),
    ]
    _ = try value(fixture.feeds.storeItems(drafts, feedID: rust.id, fetchedAt: Date()))
    _ = try value(
        fixture.feeds.storeItems(
            [FeedItemDraft(guid: "n1", title: "Rust belt weather", summary: "rain")], feedID: news.id,
            fetchedAt: Date()))
    return (rust.id, news.id)
}

private func titles(_ fixture: ServicesFixture, feed: Int64) throws -> [String] {
    try value(fixture.feeds.observeItemWindow(feedID: feed, offset: 0, limit: 10, on: ImmediateScheduler())).items
        .map(\.title)
}

private func matches(_ fixture: ServicesFixture, _ text: String) throws -> [String] {
    try value(
        fixture.feeds.observeMatches(of: FeedItemExpression.parse(text), limit: 10, on: ImmediateScheduler())
    ).map(\.item.title)
}

@Test func tagsAreAddedTakenAwayAndUndoneAsOneChange() throws {
    let fixture = try ServicesFixture()
    let (rust, _) = try twoFeeds(fixture)
    let tagged = try value(fixture.feeds.setTags(feedID: rust, FeedTagChange(added: ["Tech/Rust", "weekly"])))
    #expect(tagged.tags == ["Tech/Rust", "weekly"])
    let changed = try value(fixture.feeds.setTags(feedID: rust, FeedTagChange(added: ["lang"], removed: ["weekly"])))
    #expect(changed.tags == ["Tech/Rust", "lang"])
    #expect(try value(fixture.history.undo())?.label == "tag feed \"Rust weekly\"")
    #expect(try value(fixture.feeds.fetchFeeds()).first { $0.id == rust }?.tags == ["Tech/Rust", "weekly"])
    _ = try value(fixture.history.redo())
    #expect(try value(fixture.feeds.fetchFeeds()).first { $0.id == rust }?.tags == ["Tech/Rust", "lang"])
}

@Test func aRemovedFeedComesBackWithItsTags() throws {
    let fixture = try ServicesFixture()
    let (rust, _) = try twoFeeds(fixture)
    _ = try value(fixture.feeds.setTags(feedID: rust, FeedTagChange(added: ["tech"])))
    _ = try value(fixture.feeds.removeFeed(id: rust))
    _ = try value(fixture.history.undo())
    #expect(try value(fixture.feeds.fetchFeeds()).first { $0.id == rust }?.tags == ["tech"])
}

@Test func aQueryFeedMatchesItemsAcrossFeedsByTitleTagAndReadState() throws {
    let fixture = try ServicesFixture()
    let (rust, news) = try twoFeeds(fixture)
    _ = try value(fixture.feeds.setTags(feedID: rust, FeedTagChange(added: ["tech"])))
    #expect(
        try matches(fixture, "title~RUST") == ["Rust 1.90 released", "Sponsored: a Rust course", "Rust belt weather"])
    #expect(try matches(fixture, "title~rust tag:tech") == ["Rust 1.90 released", "Sponsored: a Rust course"])
    #expect(try matches(fixture, "text~rain -tag:tech") == ["Rust belt weather"])
    #expect(try matches(fixture, "feed:\(news)") == ["Rust belt weather"])
    let first = try #require(
        try value(fixture.feeds.observeItemWindow(feedID: rust, offset: 0, limit: 1, on: ImmediateScheduler())).items
            .first)
    _ = try value(fixture.feeds.setRead(itemID: first.id, true))
    #expect(try matches(fixture, "unread tag:tech") == ["Sponsored: a Rust course"])
    #expect(try matches(fixture, "read") == ["Rust 1.90 released"])
}

@Test func titleAndTextTermsIgnoreTheCaseOfLettersBeyondASCII() throws {
    let fixture = try ServicesFixture()
    let feed = try value(fixture.feeds.addFeed(url: "https://news.example/feed", title: "News", siteURL: nil))
    let drafts = [
        FeedItemDraft(guid: "1", title: "ÜBER DIE BRÜCKE", publishedAt: Date(timeIntervalSince1970: 3)),
        FeedItemDraft(
            guid: "2", title: "Café society", summary: "ÉTÉ À PARIS", publishedAt: Date(timeIntervalSince1970: 2)),
        FeedItemDraft(guid: "3", title: "Plain", publishedAt: Date(timeIntervalSince1970: 1)),
    ]
    _ = try value(fixture.feeds.storeItems(drafts, feedID: feed.id, fetchedAt: Date()))
    #expect(try matches(fixture, "title~brücke") == ["ÜBER DIE BRÜCKE"])
    #expect(try matches(fixture, "title~CAFÉ") == ["Café society"])
    #expect(try matches(fixture, "text~été") == ["Café society"])
    _ = try value(fixture.feeds.addRule(name: nil, expression: "text~über"))
    #expect(try titles(fixture, feed: feed.id) == ["Café society", "Plain"])
}

@Test func aTagTermTakesInTheFoldersInsideTheTagAndNoTagThatOnlyStartsAlike() throws {
    let fixture = try ServicesFixture()
    let (rust, news) = try twoFeeds(fixture)
    _ = try value(fixture.feeds.setTags(feedID: rust, FeedTagChange(added: ["Tech/Rust"])))
    _ = try value(fixture.feeds.setTags(feedID: news, FeedTagChange(added: ["Technology"])))
    #expect(try matches(fixture, "tag:Tech") == ["Rust 1.90 released", "Sponsored: a Rust course"])
    #expect(try matches(fixture, "tag:Tech/Rust") == ["Rust 1.90 released", "Sponsored: a Rust course"])
    #expect(try matches(fixture, "tag:Technology") == ["Rust belt weather"])
    #expect(try matches(fixture, "tag:Tech/R").isEmpty)
}

@Test func queryFeedsAreCountedAgainAsItemsAreReadAndARemovedOneComesBackWithUndo() throws {
    let fixture = try ServicesFixture()
    let (rust, _) = try twoFeeds(fixture)
    let query = try value(fixture.feeds.addRule(name: "Rusty", expression: "title~rust"))
    _ = try value(fixture.feeds.addRule(name: "None", expression: "title~x"))
    _ = try value(fixture.feeds.addRule(name: nil, expression: "title~sponsored"))
    let counts = { () throws -> [String] in
        try value(fixture.feeds.observeQueryFeeds(on: ImmediateScheduler()))
            .map { "\($0.rule.name ?? "") \($0.unreadCount)/\($0.itemCount)" }
    }
    // The filter hides the sponsored item: it is counted nowhere.
    #expect(try counts() == ["None 0/0", "Rusty 2/2"])
    let first = try #require(
        try value(fixture.feeds.observeItemWindow(feedID: rust, offset: 0, limit: 1, on: ImmediateScheduler())).items
            .first)
    _ = try value(fixture.feeds.setRead(itemID: first.id, true))
    #expect(try counts() == ["None 0/0", "Rusty 1/2"])
    _ = try value(fixture.feeds.removeRule(id: query.id))
    #expect(try counts() == ["None 0/0"])
    #expect(try value(fixture.history.undo())?.label.contains("Rusty") == true)
    #expect(try counts() == ["None 0/0", "Rusty 1/2"])
}

@Test func aFilterHidesItsItemsEverywhereUntilItIsRemovedOrUndone() throws {
    let fixture = try ServicesFixture()
    let (rust, _) = try twoFeeds(fixture)
    let filter = try value(fixture.feeds.addRule(name: nil, expression: "title~sponsored"))
    #expect(filter.kind == .filter && filter.expression == "title~sponsored")
    #expect(try titles(fixture, feed: rust) == ["Rust 1.90 released"])
    let feed = try #require(try value(fixture.feeds.fetchFeeds()).first { $0.id == rust })
    #expect(feed.itemCount == 1 && feed.unreadCount == 1)
    #expect(try matches(fixture, "title~rust").count == 2)
    // An item that arrives later is hidden as it is stored.
    _ = try value(
        fixture.feeds.storeItems([FeedItemDraft(guid: "r3", title: "Sponsored again")], feedID: rust, fetchedAt: Date())
    )
    #expect(try titles(fixture, feed: rust) == ["Rust 1.90 released"])
    _ = try value(fixture.feeds.removeRule(id: filter.id))
    #expect(try titles(fixture, feed: rust).count == 3)
    #expect(try value(fixture.history.undo())?.label == "remove filter \"title~sponsored\"")
    #expect(try titles(fixture, feed: rust) == ["Rust 1.90 released"])
    _ = try value(fixture.history.undo())
    #expect(try value(fixture.feeds.fetchRules()).isEmpty)
    #expect(try titles(fixture, feed: rust).count == 3)
}

@Test func aBadExpressionOrAFilterOnReadStatesOrATakenNameIsRefusedWithOneSentence() throws {
    let fixture = try ServicesFixture()
    for (name, text, message) in [
        (nil, "title~rust colour:red", "'colour:red' is not a term"),
        (nil, "unread title~rust", "a filter cannot test 'read' or 'unread'"),
        ("Rust", "feed:x", "'feed:x': a feed ID is a positive whole number"),
        ("Gone", "unread feed:999", "there is no feed 999 ('feeds list' shows them)"),
        (nil, "-feed:999", "there is no feed 999"),
    ] as [(String?, String, String)] {
        let result = try #require(firstResult(fixture.feeds.addRule(name: name, expression: text)))
        guard case .failure(let error) = result else {
            Issue.record("\(text) was accepted")
            continue
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }
    _ = try value(fixture.feeds.addRule(name: "Rust", expression: "title~rust"))
    let taken = try #require(firstResult(fixture.feeds.addRule(name: "Rust", expression: "unread")))
    #expect(throws: DatabaseError.self) { try taken.get() }
    #expect(try value(fixture.feeds.fetchRules()).map(\.name) == ["Rust"])
}

@Test func importMakesFoldersTagsAndExportWritesThemBackAsFolders() throws {
    let fixture = try ServicesFixture()
    let path = fixture.folder.file("folders.opml")
    try Data(
        """
        <opml version="2.0"><body>
        <outline text="Tech"><outline text="Rust"><outline text="A" xmlUrl="https://a.example/feed"/></outline>
        <outline text="B" xmlUrl="https://b.example/feed"/></outline>
        <outline text="News"><outline text="A" xmlUrl="https://a.example/feed"/></outline>
        <outline text="C" xmlUrl="https://c.example/feed"/>
        </body></opml>
        """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let report = try value(
        fixture.feeds.importSubscriptions(fromFile: path).map {
            $0.mapError { _ in DatabaseError(kind: .invalidValue, message: "import") }
        })
    #expect(report.skipped.isEmpty && report.failed.isEmpty)
    let feeds = try value(fixture.feeds.fetchFeeds())
    #expect(feeds.map(\.title) == ["A", "B", "C"])
    #expect(feeds.map(\.tags) == [["Tech/Rust", "News"], ["Tech"], []])
    // Written back: A in both folders, and the list read again gives the same tags.
    let exported = try value(fixture.feeds.exportSubscriptions())
    #expect(exported.components(separatedBy: "xmlUrl=\"https://a.example/feed\"").count == 3)
    let again = try ServicesFixture()
    let copy = again.folder.file("again.opml")
    try Data(exported.utf8).write(to: URL(fileURLWithPath: copy))
    _ = try value(
        again.feeds.importSubscriptions(fromFile: copy).map {
            $0.mapError { _ in DatabaseError(kind: .invalidValue, message: "import") }
        })
    let reread = try value(again.feeds.fetchFeeds())
    #expect(reread.map(\.title) == ["A", "B", "C"])
    #expect(reread.map { Set($0.tags) } == [["Tech/Rust", "News"], ["Tech"], []])
}
