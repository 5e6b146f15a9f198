import Foundation
import Testing

@testable import Requests

@Suite struct RequestErrorTests {
    private let request = ServiceRequest(
        service: RemoteService(
            name: "api", baseURL: .fixed(URL(string: "https://example.test") ?? URL(fileURLWithPath: "/"))),
        pathComponents: ["feed"]
    )

    @Test func descriptionNamesTheRequestAndTheReason() {
        let error = RequestError(request: request, reason: .timeout(.milliseconds(200)))
        #expect(error.description == "GET https://example.test/feed: no response within 200ms")
    }

    @Test func statusDescriptionIncludesABodyExcerptWithoutControlCharacters() {
        let error = RequestError(request: request, reason: .status(502, body: Data("bad\ngateway\u{1B}[2J".utf8)))
        #expect(error.statusCode == 502)
        #expect(!error.description.contains("\u{1B}"))
        #expect(error.description.contains("HTTP status 502: bad gateway"))
    }

    @Test func sizeLimitDescriptionNamesTheLimit() {
        let error = RequestError(request: request, reason: .bodyTooLarge(limit: 10_485_760))
        #expect(error.description.hasSuffix("response larger than the limit of 10485760 bytes"))
    }
}
