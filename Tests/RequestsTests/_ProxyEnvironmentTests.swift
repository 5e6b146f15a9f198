import Foundation
import HTTPTestServer
import Testing

@testable import Requests

/// Proxies named in the environment, read as curl reads them, and requests that go through a
/// proxy on 127.0.0.1 with the limits and the address policy still in force.
@Suite struct ProxyEnvironmentTests {
    private func proxy(_ variables: [String: String], for address: String) -> String? {
        guard let url = URL(string: address), case .proxy(let proxy) = _ProxyEnvironment(variables).route(for: url)
        else { return nil }
        return proxy.absoluteString
    }

    @Test func eachSchemeHasItsVariableAndAllProxyCoversBoth() {
        #expect(proxy(["http_proxy": "http://p:1"], for: "http://a.example/") == "http://p:1")
        #expect(proxy(["http_proxy": "http://p:1"], for: "https://a.example/") == nil)
        #expect(proxy(["HTTPS_PROXY": "p:2"], for: "https://a.example/") == "http://p:2")
        #expect(proxy(["ALL_PROXY": "http://p:3"], for: "http://a.example/") == "http://p:3")
        // As curl: the upper-case name of the plain HTTP proxy is not read (a CGI program's
        // environment carries a request's `Proxy:` header under it).
        #expect(proxy(["HTTP_PROXY": "http://p:1"], for: "http://a.example/") == nil)
    }

    @Test func noProxyNamesHostsAndTheirSubdomainsThatGoDirect() {
        let variables = ["http_proxy": "http://p:1", "no_proxy": "localhost, .internal.example,10.0.0.1"]
        #expect(proxy(variables, for: "http://localhost:8080/") == nil)
        #expect(proxy(variables, for: "http://feeds.internal.example/") == nil)
        #expect(proxy(variables, for: "http://internal.example/") == nil)
        #expect(proxy(variables, for: "http://10.0.0.1/") == nil)
        #expect(proxy(variables, for: "http://notinternal.example/") == "http://p:1")
        #expect(proxy(["http_proxy": "http://p:1", "NO_PROXY": "*"], for: "http://a.example/") == nil)
    }

    @Test func noProxyEntriesAreSeparatedByCommasOrSpacesAndRangesCoverNumericHosts() {
        let variables = ["http_proxy": "http://p:1", "no_proxy": "other.test internal.corp,10.0.0.0/8 fd00::/8"]
        #expect(proxy(variables, for: "http://internal.corp/") == nil)
        #expect(proxy(variables, for: "http://10.200.3.4/") == nil)
        #expect(proxy(variables, for: "http://[fd12::1]/") == nil)
        #expect(proxy(variables, for: "http://11.0.0.1/") == "http://p:1")
        // A range covers addresses written as numbers, never names (nothing is resolved).
        #expect(proxy(variables, for: "http://ten.example/") == "http://p:1")
    }

    @Test func noProxyReadsAsCurlDoesTrailingDotsAStarAloneAndAddressesWhole() {
        #expect(proxy(["http_proxy": "http://p:1", "no_proxy": ".corp"], for: "http://intranet.corp./") == nil)
        #expect(proxy(["http_proxy": "http://p:1", "no_proxy": "corp."], for: "http://intranet.corp/") == nil)
        // `*` sends every host direct only as the whole list.
        #expect(
            proxy(["http_proxy": "http://p:1", "no_proxy": "*, a.example"], for: "http://b.example/") == "http://p:1")
        // An address covers itself, never as the end of another.
        let numbers = ["http_proxy": "http://p:1", "no_proxy": "0.0.1, 1"]
        #expect(proxy(numbers, for: "http://10.0.0.1/") == "http://p:1")
        #expect(proxy(["http_proxy": "http://p:1", "no_proxy": "10.0.0.1"], for: "http://10.0.0.1/") == nil)
        #expect(proxy(["http_proxy": "http://p:1", "no_proxy": "[::1]"], for: "http://[::1]:8080/") == nil)
    }

    @Test func aSOCKSProxyIsAskedToResolveTheServersNameItself() {
        #expect(
            proxy(["http_proxy": "socks5://127.0.0.1:1080"], for: "http://a.example/") == "socks5h://127.0.0.1:1080")
        #expect(
            proxy(["http_proxy": "SOCKS4://127.0.0.1:1080"], for: "http://a.example/") == "socks4a://127.0.0.1:1080")
    }

    #if !canImport(Darwin)
        @Test func libcurlsWordsLoseTheProxysUserNameAndPassword() throws {
            let proxy = try #require(URL(string: "https://ana:s%3Acret@proxy.example:443"))
            let text =
                "Unsupported proxy 'https://ana:s%3Acret@proxy.example:443', libcurl is built without HTTPS-proxy"
            let hidden = _CurlTransfer.hidingCredentials(of: proxy, in: text)
            #expect(!hidden.contains("ana") && !hidden.contains("cret"), "\(hidden)")
            #expect(hidden.contains("proxy.example:443"))
        }
    #endif

    @Test func aProxyVariableWithNoUsableAddressRoutesNowhereRatherThanDirect() throws {
        for bad in [
            "http://127.0.0.1:notaport", "http://[bad", "http://user:secret@127.0.0.1:notaport",
            "http://127.0.0.1 :9000",
            "http://exa mple:9000", "http://127.0.0.1:99999", "ftp://127.0.0.1:21",
        ] {
            let url = try #require(URL(string: "https://feeds.example/"))
            #expect(
                _ProxyEnvironment(["https_proxy": bad]).route(for: url) == .unusable(variable: "https_proxy"), "\(bad)")
        }
        let url = try #require(URL(string: "http://feeds.example/"))
        for good in [
            "127.0.0.1:3128", "http://[::1]:3128", "socks5h://proxy.example", "http://u:p@proxy-1.example:8080",
        ] {
            guard case .proxy = _ProxyEnvironment(["http_proxy": good]).route(for: url) else {
                Issue.record("\(good) was not read as a proxy")
                continue
            }
        }
    }

    @Test func aRequestUnderAnUnusableProxyVariableFailsWithOneSentenceAndNeverReachesTheServer() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: Data("direct".utf8)) }) { server in
            var request = server.request("feed.xml")
            request.session = NetworkSession(
                configuration: .ephemeral, addressPolicy: .standard,
                environment: ["http_proxy": "http://user:secret@127.0.0.1:notaport"])
            let result = await outcome(of: request)
            #expect(
                result.failureReason
                    == .transport(
                        "the proxy named in http_proxy is not an address a proxy can have (such as "
                            + "http://proxy.example:3128); fix or unset http_proxy"))
            #expect(server.requests.isEmpty)
        }
    }

    @Test func aProxyThatIsDownIsNamedInTheError() async throws {
        let closed = try RefusingPort()
        let address = "http://127.0.0.1:\(closed.port)"
        var service = RemoteService(
            name: "feeds", baseURL: .fixed(URL(string: "http://feeds.example/") ?? URL(fileURLWithPath: "/")),
            defaultTimeout: .seconds(10))
        service.session = NetworkSession(
            configuration: .ephemeral, addressPolicy: .standard, environment: ["http_proxy": address])
        let result = await outcome(of: ServiceRequest(service: service))
        withExtendedLifetime(closed) {}
        let port = address.split(separator: ":").last ?? ""
        #expect(
            result.failureReason
                == .transport(
                    "the proxy at 127.0.0.1:\(port) refused the connection or cannot be reached; check that it runs, "
                        + "or the proxy named in the environment (http_proxy, https_proxy, all_proxy)"))
    }

    @Test func aProxyWithoutAPortIsNamedWithThePortLibcurlTried() async throws {
        var service = RemoteService(
            name: "feeds", baseURL: .fixed(URL(string: "http://feeds.example/") ?? URL(fileURLWithPath: "/")),
            defaultTimeout: .seconds(10))
        // Nothing listens on 127.0.0.1:1080 here, libcurl's port for an HTTP proxy given none.
        service.session = NetworkSession(
            configuration: .ephemeral, addressPolicy: .standard, environment: ["http_proxy": "http://127.0.0.1"])
        let result = await outcome(of: ServiceRequest(service: service))
        #expect(
            result.failureReason
                == .transport(
                    "the proxy at 127.0.0.1:1080 refused the connection or cannot be reached; check that it runs, "
                        + "or the proxy named in the environment (http_proxy, https_proxy, all_proxy)"))
    }

    private func session(through proxy: TestHTTPProxy) -> NetworkSession {
        NetworkSession(configuration: .ephemeral, addressPolicy: .standard, environment: ["http_proxy": proxy.url])
    }

    @Test func aRequestGoesThroughTheProxyNamedInHTTPProxy() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: Data("through".utf8)) }) { server in
            let proxy = try TestHTTPProxy()
            defer { proxy.stop() }
            var request = server.request("feed.xml")
            request.session = session(through: proxy)
            let response = try await request.response()
            #expect(String(decoding: response.body, as: UTF8.self) == "through")
            #expect(proxy.receivedTargets == [server.url("/feed.xml").absoluteString])
        }
    }

    @Test func aGzipBombThroughTheProxyIsStoppedAtTheLimit() async throws {
        try await withTestHTTPServer({ _ in
            .endless(status: 200, headers: ["Content-Encoding": "gzip"], head: GzipBomb.head, repeating: GzipBomb.block)
        }) { server in
            let proxy = try TestHTTPProxy()
            defer { proxy.stop() }
            var request = server.request("bomb", timeout: .seconds(60))
            request.session = session(through: proxy)
            request.maximumBodySize = 1_000_000
            #expect(await outcome(of: request).failureReason == .bodyTooLarge(limit: 1_000_000))
            #expect(proxy.receivedTargets.count == 1)
            #expect(await server.wait(upTo: .seconds(10)) { $0.connectionsClosedByClient >= 1 })
        }
    }

    @Test func aNumericTargetThroughTheProxyIsStillJudgedByThePolicy() async throws {
        let proxy = try TestHTTPProxy()
        defer { proxy.stop() }
        var service = RemoteService(
            name: "metadata",
            baseURL: .fixed(URL(string: "http://169.254.169.254/latest/") ?? URL(fileURLWithPath: "/")),
            defaultTimeout: .seconds(5))
        service.session = session(through: proxy)
        let result = await outcome(of: ServiceRequest(service: service))
        guard case .addressRefused(let refusal) = result.failureReason else {
            Issue.record("expected a refusal, got \(String(describing: result.failureReason))")
            return
        }
        #expect(refusal.rule == .neverFetched(.linkLocal))
        #expect(proxy.receivedTargets.isEmpty)
    }
}
