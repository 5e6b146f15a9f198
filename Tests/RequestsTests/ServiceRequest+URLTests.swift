import Foundation
import Testing

@testable import Requests

@Suite struct ServiceRequestURLTests {
    private func service(_ base: String) -> RemoteService {
        RemoteService(name: "api", baseURL: .fixed(URL(string: base) ?? URL(fileURLWithPath: "/")))
    }

    @Test func aTransferIsStalledAfterHalfItsTimeoutButNoLessThanThirtySecondsNorMoreThanTwoMinutes() {
        let seconds = [10, 30, 60, 100, 240, 600, 6 * 60 * 60].map { timeout in
            ServiceRequest(service: service("https://example.test"), timeout: .seconds(timeout)).stalledSeconds
        }
        #expect(seconds == [30, 30, 30, 50, 120, 120, 120])
    }

    @Test func pathComponentsJoinWithSingleSlashes() throws {
        let request = ServiceRequest(service: service("https://example.test/api/"), pathComponents: ["v1", "todos"])
        #expect(try request.makeURL().absoluteString == "https://example.test/api/v1/todos")
    }

    @Test func baseURLWithoutTrailingSlashKeepsItsPath() throws {
        let request = ServiceRequest(service: service("https://example.test/api"), pathComponents: ["todos"])
        #expect(try request.makeURL().absoluteString == "https://example.test/api/todos")
    }

    @Test func emptyComponentsAddNoSlashes() throws {
        let request = ServiceRequest(service: service("https://example.test/"), pathComponents: ["", "a", ""])
        #expect(try request.makeURL().absoluteString == "https://example.test/a")
    }

    @Test func pathComponentsArePercentEncodedAsOneSegment() throws {
        let request = ServiceRequest(
            service: service("https://example.test"),
            pathComponents: ["a b", "c/d", "é?#"]
        )
        #expect(try request.makeURL().absoluteString == "https://example.test/a%20b/c%2Fd/%C3%A9%3F%23")
    }

    @Test func queryItemsAreEncodedSoServersReadThemBack() throws {
        let request = ServiceRequest(
            service: service("https://example.test"),
            pathComponents: ["search"],
            queryItems: [
                URLQueryItem(name: "q", value: "a+b & c=d"),
                URLQueryItem(name: "flag", value: nil),
            ]
        )
        #expect(try request.makeURL().absoluteString == "https://example.test/search?q=a%2Bb%20%26%20c%3Dd&flag")
    }

    @Test func queryItemsFollowTheBaseURLsOwnQuery() throws {
        let request = ServiceRequest(
            service: service("https://example.test/feed?format=rss"),
            queryItems: [URLQueryItem(name: "page", value: "2")]
        )
        #expect(try request.makeURL().absoluteString == "https://example.test/feed?format=rss&page=2")
    }

    @Test func perEnvironmentBaseURLFollowsTheEnvironment() throws {
        let urls: [ServiceEnvironment: URL] = [
            .production: URL(fileURLWithPath: "/prod"),
            .development: URL(fileURLWithPath: "/dev"),
        ]
        var api = RemoteService(name: "api", baseURL: .perEnvironment(urls), environment: .development)
        #expect(try ServiceRequest(service: api).makeURL().path == "/dev")
        api.environment = .production
        #expect(try ServiceRequest(service: api).makeURL().path == "/prod")
    }

    @Test func runtimeBaseURLIsLookedUpWhenTheURLIsBuilt() throws {
        let api = RemoteService(name: "api", baseURL: .runtime { URL(string: "http://127.0.0.1:8080") })
        #expect(
            try ServiceRequest(service: api, pathComponents: ["x"]).makeURL().absoluteString
                == "http://127.0.0.1:8080/x")
    }

    @Test func missingBaseURLThrowsInvalidURL() {
        let api = RemoteService(name: "api", baseURL: .runtime { nil })
        #expect(throws: RequestError.self) { try ServiceRequest(service: api).makeURL() }
    }

    @Test func urlRequestCarriesMethodHeadersAndBody() throws {
        let request = ServiceRequest(
            service: service("https://example.test"),
            method: .patch,
            headers: ["X-A": "1"],
            body: Data("b".utf8)
        )
        let urlRequest = try request.makeURLRequest()
        #expect(urlRequest.httpMethod == "PATCH")
        #expect(urlRequest.value(forHTTPHeaderField: "X-A") == "1")
        #expect(urlRequest.httpBody == Data("b".utf8))
    }
}
