import Foundation
import HTTPTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// End-to-end: the built binary against addresses it must refuse, every one of them run inside
// a network namespace of its own that has nothing but loopback. A policy that failed would find
// no route out of it, so no test here can send a packet to another machine.
//
// The namespace is a whole process's: a copy of the test binary started by `unshare --net`,
// which runs this suite's tests. Moving one thread of the test process into a namespace of its
// own is not enough: a thread made by a thread starts in its namespace, and the runtime's pools
// make threads from whichever thread hands them work, so a worker made that way lived on in the
// loopback-only network, and tests that later ran on it opened their servers or started their
// processes there (connections refused by servers that were listening, 1 run in about 30 of the
// test lanes).

/// Set in the copy of the test binary that runs inside the loopback-only network.
private let namespaceVariable = "RIVULET_TEST_IN_LOOPBACK_ONLY_NETWORK"

/// Whether this process is that copy.
private let isInLoopbackOnlyNetwork = ProcessInfo.processInfo.environment[namespaceVariable] == "1"

/// The address standing in for a public server: TEST-NET-3 (documentation, never routed), put on
/// the namespace's own loopback interface.
private let publicStandIn = "203.0.113.7"

private let feed = Data(
    """
    <?xml version="1.0"?><rss version="2.0"><channel><title>Here</title><link>https://example.com</link>
    <item><title>One</title><guid>one</guid></item></channel></rss>
    """.utf8)

/// A server on every address of the namespace: `/feed` is a feed, `/to?URL` redirects to URL.
private func redirectingServer() throws -> LocalHTTPServer {
    try LocalHTTPServer(address: "0.0.0.0") { path in
        guard path.hasPrefix("/to?") else { return LocalHTTPServer.Reply(prefix: feed) }
        let target = String(path.dropFirst(4)).removingPercentEncoding ?? ""
        return LocalHTTPServer.Reply(status: 302, headers: ["Location": target], sendsLength: true)
    }
}

/// Adds each URL as a feed with the built binary inside the namespace, and returns how each ended.
private func add(
    _ urls: @escaping @Sendable (UInt16) -> [String]
) async throws -> [(
    url: String, outcome: ChildProcess.Outcome
)] {
    let folder = try TemporaryFolder()
    let database = folder.file("feeds.sqlite")
    return try await onOwnThread {
        let server = try redirectingServer()
        defer { server.stop() }
        return try urls(server.port).map { url in
            (url, try ChildProcess.rivulet(["--db", database, "feeds", "add", url]))
        }
    }
}

extension LongEndToEndSuites {
    @Suite(.serialized)
    struct AddressPolicyTests {
        /// Runs the tests below in a copy of the test binary started in a network namespace of
        /// its own, holding only `lo` (up, with ``publicStandIn`` added to it).
        @Test(.enabled(if: !isInLoopbackOnlyNetwork, "this is the copy in the loopback-only network"))
        func theAddressPolicyHoldsInANetworkWithNothingButLoopback() async throws {
            let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            // Nothing but loopback: the tests go no further in a namespace with a way out.
            let script = """
                ip link set lo up && ip addr add \(publicStandIn)/32 dev lo \
                && [ "$(ip -o link show | wc -l)" -eq 1 ] || { ip -o link show >&2; exit 97; }
                exec "$0" --testing-library swift-testing --filter InTheNetwork
                """
            let outcome = try await onOwnThread {
                try ChildProcess(
                    "/usr/bin/unshare", ["--net", "/bin/sh", "-c", script, binary],
                    environment: [namespaceVariable: "1"]
                ).wait()
            }
            let output = outcome.output + outcome.error
            #expect(outcome.termination == .exited(0), "\(output)")
            #expect(output.contains("Suite InTheNetwork passed"), "\(output)")
            #expect(output.contains("Test run with 5 tests"), "\(output)")
        }
    }
}

extension LongEndToEndSuites.AddressPolicyTests {
    /// The tests that the copy of the test binary in the loopback-only network runs.
    @Suite(.serialized, .enabled(if: isInLoopbackOnlyNetwork, "run in a copy of the test binary in its own network"))
    struct InTheNetwork {
        @Test func linkLocalAndUnspecifiedAddressesAreNeverFetchedInAnyForm() async throws {
            let results = try await add { port in
                [
                    "http://169.254.169.254/latest/meta-data/", "http://2852039166/", "http://0xa9fea9fe/",
                    "http://0251.0376.0251.0376/", "http://[::ffff:169.254.169.254]/", "http://[fe80::1]:\(port)/",
                    "http://0.0.0.0:\(port)/feed", "http://[::]:\(port)/feed",
                ]
            }
            for (url, outcome) in results {
                #expect(outcome.termination == .exited(1), "\(url): \(outcome.error)")
                #expect(outcome.error.contains("refused to connect to"), "\(url): \(outcome.error)")
                #expect(outcome.error.contains("which is never fetched"), "\(url): \(outcome.error)")
                #expect(outcome.error.split(separator: "\n").count == 1, "\(url): \(outcome.error)")
            }
            let metadata = results.filter { $0.url.contains("2852039166") || $0.url.contains("0xa9fea9fe") }
            for (url, outcome) in metadata {
                #expect(outcome.error.contains("(169.254.169.254)"), "names the address: \(url): \(outcome.error)")
            }
        }

        @Test func aRedirectToTheMetadataAddressIsRefused() async throws {
            let results = try await add { port in
                [
                    "http://127.0.0.1:\(port)/to?http://169.254.169.254/latest/meta-data/",
                    "http://127.0.0.1:\(port)/to?http://[fe80::1]/",
                ]
            }
            for (url, outcome) in results {
                #expect(outcome.termination == .exited(1), "\(url): \(outcome.error)")
                #expect(outcome.error.contains("which is never fetched"), "\(url): \(outcome.error)")
            }
            #expect(results.first?.outcome.error.contains("169.254.169.254") == true)
        }

        @Test func aRedirectFromAPublicAddressNeverLeadsIntoThisMachineOrTheLocalNetwork() async throws {
            let results = try await add { port in
                [
                    "http://\(publicStandIn):\(port)/to?http://127.0.0.1:\(port)/feed",
                    "http://\(publicStandIn):\(port)/to?http://localhost:\(port)/feed",
                    "http://\(publicStandIn):\(port)/to?http://10.0.0.1:\(port)/feed",
                    "http://\(publicStandIn):\(port)/to?http://192.168.1.1/",
                    "http://\(publicStandIn):\(port)/to?http://[fd00::1]/",
                ]
            }
            for (url, outcome) in results {
                #expect(outcome.termination == .exited(1), "\(url): \(outcome.error)")
                #expect(
                    outcome.error.contains("refused a redirect from a public address to"), "\(url): \(outcome.error)")
            }
            #expect(results.first?.outcome.error.contains("to 127.0.0.1, a loopback address") == true)
        }

        @Test func addressesThePersonTypesThemselvesStayAllowed() async throws {
            let results = try await add { port in
                [
                    "http://127.0.0.1:\(port)/feed",
                    "http://localhost:\(port)/to?http://127.0.0.1:\(port)/feed",
                    "http://\(publicStandIn):\(port)/feed",
                    "http://127.0.0.1:\(port)/to?http://\(publicStandIn):\(port)/feed",
                ]
            }
            for (url, outcome) in results {
                #expect(outcome.termination == .exited(0), "\(url): \(outcome.error)")
            }
        }

        /// A host only the proxy can resolve (as behind a corporate proxy) is fetched through the
        /// proxy named in `http_proxy`: nothing looks the name up before the request reaches it.
        @Test func aHostOnlyTheProxyCanResolveIsFetchedThroughIt() async throws {
            let folder = try TemporaryFolder()
            let database = folder.file("feeds.sqlite")
            let (outcome, targets) = try await onOwnThread {
                let server = try redirectingServer()
                defer { server.stop() }
                let proxy = try TestHTTPProxy(routes: ["feeds.example.invalid": server.port])
                defer { proxy.stop() }
                let outcome = try ChildProcess.rivulet(
                    ["--db", database, "feeds", "add", "http://feeds.example.invalid/feed"],
                    environment: ["http_proxy": proxy.url, "no_proxy": "", "NO_PROXY": ""])
                return (outcome, proxy.receivedTargets)
            }
            #expect(outcome.termination == .exited(0), "\(outcome.error)")
            #expect(targets == ["http://feeds.example.invalid/feed"])
        }
    }
}
