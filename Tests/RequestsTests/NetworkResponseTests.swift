import Foundation
import Testing

@testable import Requests

@Suite struct NetworkResponseTests {
    private struct Todo: Decodable, Equatable {
        var title: String
    }

    private func response(_ body: String, headers: [String: String] = [:]) -> NetworkResponse {
        let service = RemoteService(name: "api", baseURL: .fixed(URL(fileURLWithPath: "/")))
        return NetworkResponse(
            request: ServiceRequest(service: service),
            url: URL(fileURLWithPath: "/"),
            statusCode: 200,
            headers: headers,
            body: Data(body.utf8)
        )
    }

    @Test func decodesAJSONBody() throws {
        #expect(try response(#"{"title":"milk"}"#).decode(Todo.self) == Todo(title: "milk"))
    }

    @Test func undecodableBodyThrowsUndecodable() {
        do {
            _ = try response("<html>").decode(Todo.self)
            Issue.record("expected an error")
        } catch {
            guard case .undecodable = error.reason else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func headerLookupIgnoresCase() {
        #expect(response("", headers: ["ETag": "\"v2\""]).header("etag") == "\"v2\"")
    }
}
