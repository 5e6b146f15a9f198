import Foundation
import Testing

@testable import Requests

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RequestErrorTests {
    private let request = ServiceRequest(
        service: RemoteService(
            name: "api", baseURL: .fixed(URL(string: "https://example.test") ?? URL(fileURLWithPath: "/"))),
        pathComponents: ["feed"]
    )

    @Test func descriptionNamesTheRequestAndTheReason() {
        let error = RequestError(request: request, reason: .timeout(.milliseconds(200)))
        #expect(
            error.description
                == "GET https://example.test/feed: no complete answer within 200ms; the server is slow or unreachable, "
                + "try again later")
    }

    @Test func aHugeAddressIsShortenedInTheMiddleOfTheMessage() {
        let host = String(repeating: "a", count: 100_000) + ".test"
        let long = ServiceRequest(
            service: RemoteService(
                name: "feed", baseURL: .fixed(URL(string: "http://\(host)/feed.xml") ?? URL(fileURLWithPath: "/"))),
            pathComponents: [])
        let error = RequestError(
            request: long, reason: .transport("the host name \(host) could not be found; check it"))
        let words = error.description.split(separator: " ")
        #expect(error.description.count < 400, "\(error.description.count)")
        #expect(words.allSatisfy { $0.count <= RequestError.longestWord })
        #expect(words[1].hasPrefix("http://aaaa") && words[1].hasSuffix("a.test/feed.xml:") && words[1].contains("…"))
        #expect(error.description.hasSuffix("could not be found; check it"))
    }

    @Test func aStatusIsNamedByItsCodeAndPhraseAndTheBodyIsNeverQuoted() {
        let page = Data(("<!DOCTYPE html><html><head><title>404</title>" + String(repeating: "<div>", count: 100)).utf8)
        let error = RequestError(request: request, reason: .status(404, body: page))
        #expect(error.statusCode == 404)
        #expect(
            error.description == "GET https://example.test/feed: the server answered 404 Not Found; check the address")
        let teapot = RequestError(request: request, reason: .status(599, body: Data("bad\ngateway\u{1B}[2J".utf8)))
        #expect(!teapot.description.contains("bad"))
        #expect(teapot.description.contains("the server answered 599; the server has a problem"))
    }

    @Test func sizeLimitDescriptionNamesTheLimit() {
        let error = RequestError(request: request, reason: .bodyTooLarge(limit: 10_485_760))
        #expect(error.description.contains("larger than the limit of 10485760 bytes"))
    }

    /// The transfer errors people met as bare codes: each is now a sentence that says what to do.
    @Test(arguments: [
        (URLError.Code.badServerResponse, "without answering (an empty reply)"),
        (.unsupportedURL, "not valid HTTP"),
        (.unknown, "shorter than announced"),
        (.cannotConnectToHost, "refused the connection"),
        (.cannotDecodeContentData, "cannot be decompressed"),
        (.fileDoesNotExist, "network error -1100"),
    ])
    func transferErrorsAreSentencesNotCodes(code: URLError.Code, words: String) {
        let reason = _Exchange.reason(for: URLError(code), request: request)
        let text = RequestError(request: request, reason: reason).description
        #expect(text.contains(words), "\(text)")
        #expect(!text.contains("URL error"))
        #expect(text.contains("; "), "says what to do: \(text)")
    }

    #if !canImport(Darwin)
        /// libcurl names every failed connect "couldn't connect"; the system's error tells a
        /// refusal from a silent server and an unreachable network.
        @Test(arguments: [
            (ECONNREFUSED, "the server refused the connection"),
            (0, "no connection to the server could be made (Could not connect to server)"),
            (EMFILE, "no connection to the server could be made (Too many open files)"),
            (ETIMEDOUT, "did not answer the attempt to connect"),
            (EHOSTUNREACH, "cannot be reached from this machine's network"),
            (ENETUNREACH, "cannot be reached from this machine's network"),
            (EADDRNOTAVAIL, "no local address free to connect from"),
        ])
        func aFailedConnectSaysWhyFromTheSystemsError(errno: Int32, words: String) {
            let sentence = _CurlTransfer.connectSentence(errno: errno, detail: "Could not connect to server")
            #expect(sentence.contains(words), "\(sentence)")
            #expect(sentence.contains("; "), "says what to do: \(sentence)")
        }
    #endif

    @Test func anAddressRefusalIsItsOwnSentence() throws {
        let address = try #require(IPAddress("169.254.169.254"))
        let refusal = AddressRefusal(host: "169.254.169.254", address: address, rule: .neverFetched(.linkLocal))
        let error = RequestError(request: request, reason: .addressRefused(refusal))
        #expect(
            error.description.hasSuffix(
                "refused to connect to 169.254.169.254: it is " + IPAddress.Scope.linkLocal.description
                    + ", which is never fetched"))
    }
}
