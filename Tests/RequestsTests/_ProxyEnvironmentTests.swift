import Foundation
import HTTPTestServer
import Testing

@testable import Requests

/// Proxies named in the environment, read as curl reads them, and requests that go through a
/// proxy on 127.0.0.1 with the limits and the address policy still in force.
@Suite struct ProxyEnvironmentTests {
    private func proxy(_ variables: [String: String], for address: String) -> String? {
        URL(string: address).flatMap { _ProxyEnvironment(variables).proxy(for: $0) }?.absoluteString
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
