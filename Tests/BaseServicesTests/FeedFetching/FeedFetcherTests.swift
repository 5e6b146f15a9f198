import Foundation
import HTTPTestServer
import RequestsTesting
import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import BaseServices
@testable import FeedParsing

@Suite struct FeedFetcherTests {
    private static let feedURL = "https://feeds.example/harbour.xml"

    // MARK: - Progress in virtual time

    @Test func remoteFetchReportsProgressThenTheParsedFeed() throws {
        try withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(250))
            network.stubs.stub(url: Self.feedURL, with: .ok(FetchFixtures.rss, headers: ["ETag": "\"v7\""]))
            let fetcher = FeedFetcher(network: network)
            let expectedFeed = try FeedDocument.parse(
                Data(FetchFixtures.rss.utf8), sourceURL: URL(string: Self.feedURL))
            let url = try #require(URL(string: Self.feedURL))
            let res = scheduler.start { fetcher.fetch(Self.feedURL) }
            #expect(
                res.events == [
                    .next(200, .progress(.requesting(.remote(url)))),
                    .next(450, .progress(.parsing(bytes: FetchFixtures.rss.utf8.count))),
                    .next(450, .finished(.fetched(expectedFeed, FeedValidators(etag: "\"v7\"")))),
                    .completed(450),
                ]
            )
        }
    }

    @Test func validatorsMakeTheRequestConditionalAnd304MeansNotModified() throws {
        try withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(100))
            network.stubs.stub(
                url: Self.feedURL,
                with: .dynamic { request in
                    request.header("If-None-Match") == "\"v7\""
                        ? .respond(status: 304, headers: [:], body: Data())
                        : .ok(FetchFixtures.rss)
                }
            )
            let fetcher = FeedFetcher(network: network)
            let url = try #require(URL(string: Self.feedURL))
            let res = scheduler.start { fetcher.fetch(Self.feedURL, validators: FeedValidators(etag: "\"v7\"")) }
            #expect(
                res.events == [
                    .next(200, .progress(.requesting(.remote(url)))),
                    .next(300, .finished(.notModified())),
                    .completed(300),
                ]
            )
        }
    }

    @Test func failingDownloadFailsWithTheNetworkError() throws {
        try withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(100))
            network.stubs.stub(url: Self.feedURL, with: .respond(status: 500, headers: [:], body: Data()))
            let fetcher = FeedFetcher(network: network)
            let res = scheduler.start { fetcher.fetch(Self.feedURL) }
            let last = try #require(res.events.last)
            #expect(last.time == 300)
            guard case .error(FeedError.network(let error)) = last.value else {
                Issue.record("expected a network error, got \(last.value)")
                return
            }
            #expect(error.statusCode == 500)
        }
    }

    @Test func documentThatIsNotAFeedFailsWithAParsingError() async {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(url: Self.feedURL, with: .ok("<html><body>Moved</body></html>"))
        do {
            _ = try await FeedFetcher(network: network).fetch(Self.feedURL)
            Issue.record("expected a failure")
        } catch {
            guard case .parsing(.notAFeed) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func conditionalHeadersAreSentFromTheValidators() {
        let url = URL(fileURLWithPath: "/")
        let request = FeedFetcher().request(for: url, validators: FeedValidators(etag: "\"a\"", lastModified: "Tue"))
        #expect(request.header("If-None-Match") == "\"a\"")
        #expect(request.header("If-Modified-Since") == "Tue")
        #expect(request.acceptedStatusCodes.contains(304))
        #expect(request.maximumBodySize == FeedFetcher.defaultMaximumSize)
    }

    @Test func anUnconditionalRequestDoesNotAccept304() {
        let url = URL(fileURLWithPath: "/")
        #expect(!FeedFetcher().request(for: url, validators: nil).acceptedStatusCodes.contains(304))
        #expect(!FeedFetcher().request(for: url, validators: FeedValidators()).acceptedStatusCodes.contains(304))
        #expect(FeedFetcher().request(for: url, validators: nil).acceptedStatusCodes.contains(200))
    }

    // MARK: - Against a real server (wall clock, loopback only)

    @Test func realServerRoundTripWithETagAndLastModified() async throws {
        let stamp = "Tue, 03 Jun 2025 10:00:00 GMT"
        try await withTestHTTPServer({ request in
            if request.header("if-none-match") == "\"v1\"" || request.header("if-modified-since") == stamp
                || request.target == "/always304"
            {
                return .respond(status: 304)
            }
            return .respond(
                status: 200,
                headers: ["ETag": "\"v1\"", "Last-Modified": stamp, "Content-Type": "application/atom+xml"],
                body: Data(FetchFixtures.atom.utf8)
            )
        }) { server in
            let fetcher = FeedFetcher()
            let first = try await fetcher.fetch(server.url("/atom.xml").absoluteString)
            guard case .fetched(let feed, let validators) = first else {
                Issue.record("expected a feed")
                return
            }
            #expect(feed.title == "Signal Box")
            #expect(validators == FeedValidators(etag: "\"v1\"", lastModified: stamp))
            await #expect(throws: FeedError.self) {
                // A 304 to a request that was not conditional leaves nothing to store.
                _ = try await fetcher.fetch(server.url("/always304").absoluteString)
            }
            let second = try await fetcher.fetch(server.url("/atom.xml").absoluteString, validators: validators)
            #expect(second == .notModified())
            let onlyDate = FeedValidators(lastModified: stamp)
            #expect(
                try await fetcher.fetch(server.url("/atom.xml").absoluteString, validators: onlyDate) == .notModified())
        }
    }

    @Test func realServerOversizedFeedIsRefused() async throws {
        try await withTestHTTPServer({ _ in .stream(status: 200, total: 2 * 1024 * 1024) }) { server in
            let fetcher = FeedFetcher(maximumSize: 64 * 1024)
            do {
                _ = try await fetcher.fetch(server.url("/huge.xml").absoluteString)
                Issue.record("expected a failure")
            } catch {
                guard case FeedError.network(let networkError) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(networkError.reason == .bodyTooLarge(limit: 64 * 1024))
            }
        }
    }

    @Test func realServerTimeoutIsReported() async throws {
        try await withTestHTTPServer({ _ in .hang }) { server in
            let fetcher = FeedFetcher(timeout: .milliseconds(150))
            do {
                _ = try await fetcher.fetch(server.url("/slow.xml").absoluteString)
                Issue.record("expected a failure")
            } catch {
                guard case FeedError.network(let networkError) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(networkError.reason == .timeout(.milliseconds(150)))
            }
        }
    }

    // MARK: - Local files

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func localFileIsReadAndParsed() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("feed.json")
        try Data(FetchFixtures.jsonFeed.utf8).write(to: file)
        let result = try await FeedFetcher().fetch(file.path)
        guard case .fetched(let feed, let validators) = result else {
            Issue.record("expected a feed")
            return
        }
        #expect(feed.title == "Tin Can")
        #expect(validators.isEmpty)
    }

    @Test func fileURLIsReadLikeAPath() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("my feed.xml")
        try Data(FetchFixtures.emptyRSS.utf8).write(to: file)
        let result = try await FeedFetcher().fetch(file.absoluteString)
        guard case .fetched(let feed, _) = result else {
            Issue.record("expected a feed")
            return
        }
        #expect(feed.title == "Nothing yet")
    }

    @Test func directoryIsRefusedWithAClearError() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try await FeedFetcher().fetch(directory.path)
            Issue.record("expected a failure")
        } catch {
            #expect(error.description == "\(directory.path): is a directory, not a regular file")
        }
    }

    @Test func missingFileIsReported() async {
        do {
            _ = try await FeedFetcher().fetch("/nonexistent-\(UUID().uuidString)/feed.xml")
            Issue.record("expected a failure")
        } catch {
            guard case .fileNotFound = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func fifoIsRefusedWithoutBlocking() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        do {
            _ = try await FeedFetcher().fetch(fifo)
            Issue.record("expected a failure")
        } catch {
            guard case .notARegularFile(_, let kind) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(kind == "a special file")
        }
    }

    @Test(.enabled(if: getuid() != 0, "permissions do not apply to root"))
    func unreadableFileIsReportedClearly() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("secret.xml")
        try Data(FetchFixtures.emptyRSS.utf8).write(to: file)
        #expect(chmod(file.path, 0) == 0)
        do {
            _ = try await FeedFetcher().fetch(file.path)
            Issue.record("expected a failure")
        } catch {
            #expect(error.description == "\(file.path): cannot be read (permission denied)")
        }
    }

    @Test func fileOverTheLimitIsRefused() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.xml")
        try Data(count: 5_000).write(to: file)
        do {
            _ = try await FeedFetcher(maximumSize: 4_096).fetch(file.path)
            Issue.record("expected a failure")
        } catch {
            guard case .fileTooLarge(_, let limit) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(limit == 4_096)
        }
    }

    @Test func symbolicLinkToAFileIsFollowed() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("real.xml")
        try Data(FetchFixtures.emptyRSS.utf8).write(to: file)
        let link = directory.appendingPathComponent("link.xml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(try await FeedFetcher().fetch(link.path) != .notModified())
    }

    @Test func unsupportedSchemeFailsImmediately() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let res = scheduler.start { FeedFetcher().fetch("ftp://example.test/feed") }
            #expect(res.events.count == 1)
            guard case .error(FeedError.unsupportedScheme("ftp"))? = res.events.first?.value else {
                Issue.record("unexpected \(res.events)")
                return
            }
        }
    }
}
