import Foundation
import HTTPTestServer
import Testing

// End-to-end, on the wall clock: the built binary refreshing many feeds of one host that keeps
// connections alive opens no more connections than it fetches at once.

/// How many feeds a refresh fetches at once (`FeedRefreshEvent.concurrentFeeds`).
private let feedsAtOnce = 4

/// A small feed titled after `path`.
private func feed(_ path: String) -> Data {
    Data(
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Feed \(path)</title><link>https://example.com</link>
        <item><title>One</title><guid>\(path)-one</guid></item></channel></rss>
        """.utf8)
}

extension LongEndToEndSuites {
    @Suite(.serialized)
    struct FeedRefreshConnectionTests {
        @Test func twentyFeedsOfOneHostOpenNoMoreConnectionsThanAreFetchedAtOnce() async throws {
            let folder = try TemporaryFolder()
            let database = folder.file("feeds.sqlite")
            let server = try TestHTTPServer(keepsConnectionsAlive: true) { request in
                .respond(status: 200, headers: ["Content-Type": "application/rss+xml"], body: feed(request.target))
            }
            defer { server.stop() }
            let noProxy = ["http_proxy": "", "all_proxy": "", "ALL_PROXY": ""]
            for index in 0..<20 {
                let added = try await onOwnThread {
                    try ChildProcess.rivulet(
                        ["--db", database, "feeds", "add", server.url("/feed-\(index).xml").absoluteString],
                        environment: noProxy)
                }
                try #require(added.termination == .exited(0), "stderr: \(added.error); \(server.listenerState)")
            }
            let (requestsBefore, connectionsBefore) = (server.requests.count, server.connectionsAccepted)
            let refreshed = try await onOwnThread {
                try ChildProcess.rivulet(["--db", database, "feeds", "refresh"], environment: noProxy)
            }
            #expect(refreshed.termination == .exited(0), "stderr: \(refreshed.error)")
            #expect(server.requests.count - requestsBefore == 20)
            let opened = server.connectionsAccepted - connectionsBefore
            print("feeds refresh of 20 feeds on one host: \(opened) connections")
            #expect(opened <= feedsAtOnce, "\(opened) connections for 20 feeds")
        }
    }
}
