import Testing

@testable import Requests

@Suite struct HTTPMethodTests {
    @Test func tokensAreUpperCased() {
        #expect(HTTPMethod(rawValue: "purge").rawValue == "PURGE")
        #expect(HTTPMethod(rawValue: "get") == .get)
    }
}
