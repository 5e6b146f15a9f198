import Domain
import Foundation
import HTTPTestServer
import Streams
import StreamsTesting
import TestMeasures
import Testing

@testable import BaseServices
@testable import FeedParsing

// Hostile input at the base services: whatever a title, a note, a feed or a search holds is
// stored byte for byte (the services never interpret it; showing it safely is the UI's job),
// searched without being read as SQL or as FTS5 syntax, and a feed location that names
// something other than a feed is refused with a clear message, storing nothing and losing
// nothing already stored.

/// Escape sequences, controls, bidi overrides and invalid UTF-8 (already decoded, as it
/// reaches the services), and SQL and FTS5 metacharacters.
private let hostileTexts: [String] = [
    "clip\u{1B}]52;c;cHduZWQ=\u{07}board",
    "title\u{1B}]0;pwned\u{07}\u{1B}]2;pwned\u{1B}\\",
    "clear\u{1B}[2J\u{1B}[H\u{1B}[?1049l",
    "dcs\u{1B}P+q544e\u{1B}\\ c1\u{9B}31m\u{9D}0;x\u{9C}",
    String(String.UnicodeScalarView((0x80...0x9F).compactMap(Unicode.Scalar.init))),
    "lone escape\u{1B}",
    "nul\u{0}inside\u{0}",
    "\u{0}",
    "right-to-left \u{202E}fdp.exe \u{2066}x\u{2069}",
    String(decoding: [0x61, 0xFF, 0xFE, 0xC0, 0x80, 0x62] as [UInt8], as: UTF8.self),
    "'; DROP TABLE todos; --",
    "\" OR 1=1 --",
    "a'b\"c`d",
    "100% _done_ \\ escape",
    "%",
    "_",
    "*",
    "\"",
    "NEAR(milk bread, 2)",
    "milk AND bread OR NOT eggs",
    "-milk +bread ^start",
    "title:milk notes:bread",
    "{title notes}: milk",
    "(unbalanced",
    "milk\"*\"",
    "; SELECT * FROM sqlite_master;",
    "tab\tnew\nline\r\nend",
    "emoji 👩‍👩‍👧 漢字 e\u{301}",
]

/// Search text that means something to SQL, `LIKE` or FTS5.
private let hostileQueries: [String] =
    hostileTexts + [
        "", " ", "\"\"", "**", "NEAR", "AND", "OR", "NOT", "-", "+", "^", ":", "(", ")", "{", "}", "' OR ''='",
        "milk*", "\"milk", "milk\" OR \"1", String(repeating: "(", count: 1_000), String(repeating: "x ", count: 5_000),
    ]

private let megabyte = String(repeating: "\u{1B}]52;c;", count: 1) + String(repeating: "m", count: 1 << 20)

@Test(arguments: [SearchIndex.fts5, .words])
func hostileTitlesAndNotesAreStoredAndReadBackByteForByte(_ index: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: index)
    for text in hostileTexts + [megabyte] {
        let created = try value(fixture.todos.create(title: text, notes: text, due: nil))
        let fetched = try #require(try value(fixture.todos.fetch(id: created.id)))
        #expect(Array(fetched.title.utf8) == Array(text.utf8))
        #expect(Array(fetched.notes.utf8) == Array(text.utf8))
    }
    let count = try value(fixture.todos.fetchWindow(TodoQuery(limit: 1_000))).totalCount
    #expect(count == hostileTexts.count + 1)
}

@Test(arguments: [SearchIndex.fts5, .words])
func hostileTitlesSurviveAnEditByteForByte(_ index: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: index)
    let todo = try value(fixture.todos.create(title: "plain", notes: "", due: nil))
    for text in hostileTexts {
        let updated = try value(fixture.todos.update(id: todo.id, title: text, notes: text, due: nil))
        #expect(Array(updated.title.utf8) == Array(text.utf8))
        #expect(Array(updated.notes.utf8) == Array(text.utf8))
    }
}

@Test(arguments: [SearchIndex.fts5, .words])
func hostileSearchesNeverFailAndNeverChangeTheTable(_ index: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: index)
    for text in hostileTexts { _ = try value(fixture.todos.create(title: text, notes: "", due: nil)) }
    _ = try value(fixture.todos.create(title: "Buy milk and bread", notes: "", due: nil))
    for query in hostileQueries {
        let result = firstResult(fixture.todos.fetchWindow(TodoQuery(search: query, limit: 100)))
        #expect(result != nil)
        #expect(throws: Never.self, "search \(query.debugDescription)") { try result?.get() }
    }
    let all = try value(fixture.todos.fetchWindow(TodoQuery(limit: 1_000)))
    #expect(all.totalCount == hostileTexts.count + 1)
}

@Test(arguments: [SearchIndex.fts5, .words])
func searchOperatorsInAQueryAreMatchedAsWordsNotObeyed(_ index: SearchIndex) throws {
    let fixture = try ServicesFixture(searchIndex: index)
    let milk = try value(fixture.todos.create(title: "Buy milk", notes: "", due: nil))
    _ = try value(fixture.todos.create(title: "Buy bread", notes: "", due: nil))
    let near = try value(fixture.todos.create(title: "NEAR the AND gate", notes: "", due: nil))
    func titles(_ search: String) throws -> [String] {
        try value(fixture.todos.fetchWindow(TodoQuery(search: search, limit: 10))).todos.map(\.title)
    }
    // "OR" would widen an FTS5 match to both todos if it were obeyed.
    #expect(try titles("milk OR bread") == [])
    #expect(try titles("milk\" OR \"bread") == [])
    // A minus is no NOT: alone, or before what is no tag name, it is searched as a word...
    #expect(try titles("- bread") == ["Buy bread"])
    #expect(try titles("bread -5") == [])
    // ...and before a tag name it leaves out the todos with that tag (none here has one).
    #expect(try titles("-bread") == ["Buy milk", "Buy bread", near.title])
    #expect(try titles("NEAR") == [near.title])
    #expect(try titles("and gate") == [near.title])
    #expect(try titles("\"milk\"") == [milk.title])
}

@Test func hostileFeedsAndItemsAreStoredByteForByte() throws {
    let fixture = try ServicesFixture()
    for text in hostileTexts {
        let feed = try value(fixture.feeds.addFeed(url: "https://x.test/" + text, title: text, siteURL: text))
        #expect(Array(feed.title.utf8) == Array(text.utf8))
        #expect(Array(feed.url.utf8) == Array(("https://x.test/" + text).utf8))
        let draft = FeedItemDraft(guid: text, title: text, link: text, summary: text)
        _ = try value(fixture.feeds.storeItems([draft], feedID: feed.id, fetchedAt: Date()))
        let items = try value(
            fixture.feeds.observeItems(
                feedID: feed.id, unreadOnly: false, offset: 0, limit: 10, on: ImmediateScheduler()))
        #expect(items.count == 1)
        #expect(items.first.map { Array($0.title.utf8) } == Array(text.utf8))
        #expect(items.first.map { Array(($0.link ?? "").utf8) } == Array(text.utf8))
        #expect(items.first.map { Array($0.summary.utf8) } == Array(text.utf8))
        #expect(items.first.map { Array($0.guid.utf8) } == Array(text.utf8))
    }
}

// MARK: - Feed locations

private let storedItem = FeedItemDraft(guid: "kept", title: "An item stored before")

/// Subscribes a feed at `location` with one stored item, refreshes it, and returns the message
/// the refresh failed with (nil if it did not fail), after checking that the stored item is
/// still there and nothing else was stored.
private func failedRefresh(
    of location: String, fetcher: FeedFetcher = FeedFetcher(), sourceLocation: SourceLocation = #_sourceLocation
) throws -> String? {
    let fixture = try ServicesFixture()
    let feed = try value(fixture.feeds.addFeed(url: location, title: "Hostile", siteURL: nil))
    _ = try value(fixture.feeds.storeItems([storedItem], feedID: feed.id, fetchedAt: Date()))
    let recorder = Recorder(fixture.feeds.refresh(feedID: feed.id) { fetcher.fetch($0, validators: $1) })
    defer { recorder.dispose() }
    let finished = recorder.wait(timeout: .seconds(10)) { events in
        events.contains { if case .finished = $0 { true } else { false } }
    }
    #expect(finished, "the refresh of \(location) never finished", sourceLocation: sourceLocation)
    let items = try value(
        fixture.feeds.observeItems(feedID: feed.id, unreadOnly: false, offset: 0, limit: 10, on: ImmediateScheduler()))
    #expect(items.map(\.guid) == ["kept"], sourceLocation: sourceLocation)
    let stored = try value(fixture.feeds.fetchFeeds()).first
    for case .finished(.failure(let error)) in recorder.values {
        #expect(stored?.lastError == error.description, sourceLocation: sourceLocation)
        return error.description
    }
    return nil
}

private func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-hostile-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Test func theShadowPasswordFileIsNeverReadIntoTheDatabaseOrAMessage() throws {
    // As a user, the file cannot be read; as root it is read like any file the user names, and
    // refused as not a feed: either way, none of it is stored or quoted.
    let message = try #require(try failedRefresh(of: "file:///etc/shadow"))
    #expect(message.hasPrefix("/etc/shadow: cannot be read") || message == "not a feed: neither XML nor JSON")
    if let content = try? String(contentsOfFile: "/etc/shadow", encoding: .utf8) {
        for line in content.split(separator: "\n") where line.count > 3 { #expect(!message.contains(line)) }
    }
}

@Test func aSecretFileThatIsNotAFeedIsNeitherStoredNorQuoted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let secret = folder + "/secret"
    try Data("root:$6$saltsalt$hashhashhash:19000:0:99999:7:::\n".utf8).write(to: URL(fileURLWithPath: secret))
    let message = try #require(try failedRefresh(of: secret))
    #expect(message == "not a feed: neither XML nor JSON")
}

@Test func aDirectoryIsRefusedAsNotARegularFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try failedRefresh(of: "file://" + folder) == "\(folder): is a directory, not a regular file")
}

@Test func devZeroIsRefusedAsADeviceWithoutReadingIt() throws {
    #expect(try failedRefresh(of: "file:///dev/zero") == "/dev/zero: is a device, not a regular file")
}

@Test func aSymbolicLinkToADeviceIsRefusedLikeTheDevice() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let link = folder + "/feed.xml"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
    #expect(try failedRefresh(of: link) == "\(link): is a device, not a regular file")
}

@Test func aFIFOIsRefusedWithoutBlocking() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/feed.xml"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(try failedRefresh(of: fifo) == "\(fifo): is a special file, not a regular file")
}

@Test func aHugeFileIsRefusedBeforeItIsRead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let huge = folder + "/huge.xml"
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: huge))
    try handle.truncate(atOffset: UInt64(FeedFetcher.defaultMaximumSize) * 100)  // sparse: 1 GB on no disk
    try handle.close()
    #expect(try failedRefresh(of: huge) == "\(huge): larger than the limit of \(FeedFetcher.defaultMaximumSize) bytes")
}

@Test func aProcessFileIsNeitherStoredNorQuoted() throws {
    let message = try #require(try failedRefresh(of: "/proc/self/environ"))
    #expect(message == "not a feed: neither XML nor JSON")
}

@Test func aServerThatAcceptsButNeverAnswersTimesOutAndLosesNothing() async throws {
    try await withTestHTTPServer({ _ in .hang }) { server in
        let start = ContinuousClock.now
        let message = try #require(
            try failedRefresh(
                of: server.url("/feed.xml").absoluteString, fetcher: FeedFetcher(timeout: .milliseconds(300))))
        #expect(message.contains("no complete answer within"), "\(message)")
        #expect(ContinuousClock.now - start < .seconds(8))
    }
}

@Test func aPortThatRefusesConnectionsFailsAtOnceAndLosesNothing() throws {
    let refusing = try RefusingPort()
    let message = try #require(try failedRefresh(of: "http://127.0.0.1:\(refusing.port)/feed.xml"))
    #expect(message.contains("127.0.0.1"), "\(message)")
    withExtendedLifetime(refusing) {}
}

// MARK: - Feed text

// Feed text is stored as the feed gave it, escape sequences whole, so that the one sanitiser
// for terminal output (TerminalUI's, where the text is drawn) drops each whole: dropping only
// its ESC here would leave `]2;pwned` showing.

@Test func feedTextKeepsWellFormedEscapeSequencesWholeForTheTerminalsSanitiser() {
    #expect(HTMLText.plainText(from: "Hostile\u{1B}]2;pwned\u{07}feed") == "Hostile\u{1B}]2;pwned\u{07}feed")
    #expect(HTMLText.plainText(from: "<b>red</b>\u{1B}[31m text here") == "red\u{1B}[31m text here")
    #expect(HTMLText.plainText(from: "dcs\u{1B}P+q544e\u{1B}\\ end!") == "dcs\u{1B}P+q544e\u{1B}\\ end!")
}

@Test func feedTextKeepsEachC1ControlAndWhatFollows() {
    #expect(HTMLText.plainText(from: "red\u{9B}0m here") == "red\u{9B}0m here")
    #expect(HTMLText.plainText(from: "end \u{9D}0;x\u{9C}!") == "end \u{9D}0;x\u{9C}!")
}

@Test func aJSONFeedCarryingEscapeSequencesIsStoredAsItCame() throws {
    let document = #"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "Hostile\u001b]2;pwned\u0007feed",
         "items": [{"id": "1", "title": "Item\u001b]52;c;cHduZWQ=\u0007 one\u001b[2J",
                    "content_text": "Body\u001b]0;pwned\u0007 text\u001b[2J\u001b[H here"}]}
        """#
    let feed = try FeedDocument.parse(Data(document.utf8), sourceURL: nil)
    #expect(feed.title == "Hostile\u{1B}]2;pwned\u{07}feed")
    #expect(feed.items.map(\.title) == ["Item\u{1B}]52;c;cHduZWQ=\u{07} one\u{1B}[2J"])
    let draft = try #require(feed.items.first.map { FeedItemDraft($0, feedURL: "https://example.com/feed") })
    #expect(draft.contentType == .text)
    #expect(draft.content == "Body\u{1B}]0;pwned\u{07} text\u{1B}[2J\u{1B}[H here")
}
