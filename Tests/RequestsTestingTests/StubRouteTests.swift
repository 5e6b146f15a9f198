import Foundation
import Requests
import RequestsTesting
import Streams
import Testing

@Suite struct StubRouteTests {
    /// The transport's view of a `method` request to `url`, as a stub would receive it.
    private func received(_ method: HTTPMethod = .get, _ url: String) async -> TransportRequest? {
        let probe = StubTransport(scheduler: ImmediateScheduler())
        probe.stub(.anyRequest, with: .ok())
        guard let parsed = URL(string: url) else { return nil }
        let service = RemoteService(name: "probe", baseURL: .fixed(parsed), session: NetworkSession(transport: probe))
        _ = await outcome(ServiceRequest(service: service, method: method))
        return probe.recordedRequests.first?.transportRequest
    }

    @Test func aPathRouteMatchesAnyHostAndQueryButOnlyItsMethod() async throws {
        let request = try #require(await received(.get, "https://a.example/v1/x?page=2"))
        #expect(StubRoute(.get, path: "/v1/x").matches(request))
        #expect(!StubRoute(.post, path: "/v1/x").matches(request))
        #expect(StubRoute(nil, path: "/v1/x").matches(request))
        #expect(!StubRoute(.get, path: "/v1").matches(request))
    }

    @Test func aPathRouteComparesTheDecodedPath() async throws {
        let request = try #require(await received(.get, "https://a.example/notes/a%20b"))
        #expect(StubRoute(path: "/notes/a b").matches(request))
    }

    @Test func aURLRouteIgnoresTheQueryButNotTheHost() async throws {
        let request = try #require(await received(.get, "https://a.example/feed.xml?x=1"))
        #expect(StubRoute(url: "https://a.example/feed.xml").matches(request))
        #expect(!StubRoute(url: "https://b.example/feed.xml").matches(request))
    }

    @Test func aConditionRouteDecidesAlone() async throws {
        let request = try #require(await received(.delete, "https://a.example/items?q=milk"))
        let search = StubRoute("a search") { $0.url.query?.contains("q=") == true }
        #expect(search.matches(request))
        #expect(search.description == "a search")
        #expect(StubRoute.anyRequest.matches(request))
    }

    @Test func routesAreNamedByMethodAndPlace() {
        #expect(StubRoute(.post, path: "/v1/notes").description == "POST /v1/notes")
        #expect(StubRoute(nil, url: "https://a.example/x").description == "any method https://a.example/x")
    }
}
