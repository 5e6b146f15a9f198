import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// The outcome of an import, subscribed to once.
private func importing(_ fixture: ServicesFixture, _ path: String) -> Result<FeedImportReport, FeedImportError>? {
    let box = SanitizerVisibleMutex<Result<FeedImportReport, FeedImportError>?>(nil)
    let subscription = fixture.feeds.importSubscriptions(fromFile: path).subscribe(onNext: { result in
        box.withLock { if $0 == nil { $0 = result } }
    })
    subscription.dispose()
    return box.withLock { $0 }
}

private func write(_ text: String, in fixture: ServicesFixture, name: String = "list.opml") throws -> String {
    let path = fixture.folder.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

private func opml(_ outlines: String) -> String {
    "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>L</title></head><body>\(outlines)</body></opml>"
}

@Test func importSubscribesToEveryListedFeedWithoutFetching() throws {
    let fixture = try ServicesFixture()
    let path = try write(
        opml(
            #"<outline text="A" xmlUrl="https://a.example/feed" htmlUrl="https://a.example/"/>"#
                + #"<outline text="Group"><outline title="B" xmlUrl="http://b.example/rss"/></outline>"#), in: fixture)
    let report = try #require(try importing(fixture, path)?.get())
    #expect(report.added.map(\.url) == ["https://a.example/feed", "http://b.example/rss"])
    #expect(report.added.map(\.title) == ["A", "B"])
    #expect(report.added.first?.siteURL == "https://a.example/")
    #expect(report.added.allSatisfy { $0.lastFetchedAt == nil && $0.itemCount == 0 })
    #expect(report.skipped.isEmpty && report.failed.isEmpty)
    #expect(try value(fixture.feeds.fetchFeeds()).count == 2)
}

@Test func importSkipsDuplicatesByNormalisedAddressInTheFileAndTheDatabase() throws {
    let fixture = try ServicesFixture()
    _ = try value(fixture.feeds.addFeed(url: "https://a.example/feed", title: "A", siteURL: nil))
    let path = try write(
        opml(
            #"<outline xmlUrl="HTTPS://A.example:443/feed#top"/><outline xmlUrl="http://b.example"/>"#
                + #"<outline xmlUrl="http://B.EXAMPLE:80/"/><outline xmlUrl="feed://c.example/x"/>"#), in: fixture)
    let report = try #require(try importing(fixture, path)?.get())
    #expect(report.added.map(\.url) == ["http://b.example/", "http://c.example/x"])
    #expect(report.skipped.map(\.address) == ["HTTPS://A.example:443/feed#top", "http://B.EXAMPLE:80/"])
    #expect(report.failed.isEmpty)
}

@Test func importReportsEntriesThatCannotBeFeedsAndAddsTheRest() throws {
    let fixture = try ServicesFixture()
    let path = try write(
        opml(
            #"<outline text="Gopher" xmlUrl="gopher://g.example/"/><outline text="Rel" xmlUrl="feeds/x.xml"/>"#
                + #"<outline type="rss" text="Nothing"/><outline text="Good" xmlUrl="https://good.example/"/>"#),
        in: fixture)
    let report = try #require(try importing(fixture, path)?.get())
    #expect(report.added.map(\.title) == ["Good"])
    #expect(report.failed.map(\.title) == ["Nothing", "Gopher", "Rel"])
    #expect(report.failed.allSatisfy { !$0.reason.isEmpty })
}

@Test func aFileThatCannotBeImportedAddsNothingAndSaysWhy() throws {
    let fixture = try ServicesFixture()
    let feed = try write(#"<rss version="2.0"><channel><title>T</title></channel></rss>"#, in: fixture, name: "f.xml")
    let empty = try write("", in: fixture, name: "empty.opml")
    let cases: [(String, String)] = [
        (fixture.folder.file("missing.opml"), "no such file"),
        (fixture.folder.path, "directory"),
        (feed, "it is a feed"),
        (empty, "the file is empty"),
    ]
    for (path, words) in cases {
        guard case .failure(let error)? = importing(fixture, path) else {
            Issue.record("\(path) was imported")
            continue
        }
        #expect(error.description.contains(words), "\(error.description)")
        #expect(error.description.contains(path))
        #expect(!error.description.contains("\n"))
    }
    #expect(try value(fixture.feeds.fetchFeeds()).isEmpty)
}

@Test func exportThenImportIntoAnEmptyDatabaseGivesTheSameFeeds() throws {
    let source = try ServicesFixture()
    for (url, title) in [("https://a.example/feed", "A & \"quoted\" <b>"), ("http://b.example/", "B é")] {
        _ = try value(source.feeds.addFeed(url: url, title: title, siteURL: "https://site.example/?a=1&b=2"))
    }
    let localFeed = source.folder.file("local.xml")
    _ = try value(source.feeds.addFeed(url: localFeed, title: "Local", siteURL: nil))
    let exported = try value(source.feeds.exportSubscriptions())
    #expect(exported.contains(#"xmlUrl="file://"#))
    let target = try ServicesFixture()
    let path = try write(exported, in: target)
    let report = try #require(try importing(target, path)?.get())
    #expect(report.failed.isEmpty && report.skipped.isEmpty)
    func summary(_ feeds: [FeedObject]) -> [String] {
        feeds.map { "\($0.title)|\($0.url)|\($0.siteURL ?? "")" }.sorted()
    }
    #expect(summary(try value(target.feeds.fetchFeeds())) == summary(try value(source.feeds.fetchFeeds())))
}

@Test func importingThreeHundredFeedsIsOneQuickTransaction() throws {
    let fixture = try ServicesFixture()
    let outlines = (0..<300).map { #"<outline text="F\#($0)" xmlUrl="https://f\#($0).example/feed"/>"# }
    let path = try write(opml(outlines.joined()), in: fixture)
    let clock = ContinuousClock()
    let started = clock.now
    let report = try #require(try importing(fixture, path)?.get())
    let elapsed = clock.now - started
    #expect(report.added.count == 300)
    // Generous for a loaded machine: the point is no download per feed.
    #expect(elapsed < .seconds(10))
}
