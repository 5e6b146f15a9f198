import Foundation
import Testing

@testable import BaseServices

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
            _ = try await NetworkBaseService.shared.response(
                for: ServiceRequest(service: service, pathComponents: ["a"]))
            #expect(server.requests.first?.header("x-session") == "service")
        }
    }

    @Test func requestSessionReplacesTheServiceSession() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            var service = server.service()
            service.session = session(header: "service")
            var request = ServiceRequest(service: service, pathComponents: ["a"])
            request.session = session(header: "request")
            _ = try await NetworkBaseService.shared.response(for: request)
            #expect(server.requests.first?.header("x-session") == "request")
        }
    }

    @Test func sharedSessionSendsNoExtraHeaders() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            _ = try await NetworkBaseService.shared.response(for: server.request("a"))
            #expect(server.requests.first?.header("x-session") == nil)
        }
    }
}
