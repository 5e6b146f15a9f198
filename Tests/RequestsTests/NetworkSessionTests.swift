import Foundation
import HTTPTestServer
import Testing

@testable import Requests

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct NetworkSessionTests {
    private func session(header value: String) -> NetworkSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-Session": value]
        return NetworkSession(configuration: configuration)
    }

    @Test func serviceSessionCarriesItsRequests() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            var service = server.service()
            service.session = session(header: "service")
            _ = try await ServiceRequest(service: service, pathComponents: ["a"]).response()
            #expect(server.requests.first?.header("x-session") == "service")
        }
    }

    @Test func requestSessionReplacesTheServiceSession() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            var service = server.service()
            service.session = session(header: "service")
            var request = ServiceRequest(service: service, pathComponents: ["a"])
            request.session = session(header: "request")
            _ = try await request.response()
            #expect(server.requests.first?.header("x-session") == "request")
        }
    }

    @Test func sharedSessionSendsNoExtraHeaders() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            _ = try await server.request("a").response()
            #expect(server.requests.first?.header("x-session") == nil)
        }
    }
}
