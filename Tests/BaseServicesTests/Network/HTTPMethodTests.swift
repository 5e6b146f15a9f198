import Testing

@testable import BaseServices

@Suite struct HTTPMethodTests {
    @Test func tokensAreUpperCased() {
        #expect(HTTPMethod(rawValue: "purge").rawValue == "PURGE")
        #expect(HTTPMethod(rawValue: "get") == .get)
    }
}
