import Foundation
import HTTPTestServer
import Streams
import Testing

@testable import Requests

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport for `http:`, on a real server on 127.0.0.1, on the wall clock: the framings and
/// codings a server may use, what a hostile server may send bounded, and a body that never ends
/// stopped at once.
@Suite struct TransferTests {
    /// "hello", gzip'ed by the system's gzip (`-n -9`).
    private static let gzipHello = Data([
        0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x86,
        0xA6, 0x10, 0x36, 0x05, 0x00, 0x00, 0x00,
    ])
    /// "hello" in a zlib wrapper, as servers mostly send `Content-Encoding: deflate`.
    private static let zlibHello = Data([0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15])

    private func body(
        of reply: TestHTTPServer.Reply, method: HTTPMethod = .get
    ) async throws -> Result<String, RequestError> {
        try await withTestHTTPServer({ _ in reply }) { server in
            var request = server.request("feed")
            request.method = method
            return await outcome(of: request).map { String(decoding: $0.body, as: UTF8.self) }
        }
    }

    @Test func gzipAndDeflateBodiesArriveDecoded() async throws {
        let gzip = try await body(
            of: .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: Self.gzipHello))
        #expect((try? gzip.get()) == "hello")
        let deflate = try await body(
            of: .respond(status: 200, headers: ["Content-Encoding": "deflate"], body: Self.zlibHello))
        #expect((try? deflate.get()) == "hello")
    }

    @Test func aChunkedBodyIsJoinedAndDecoded() async throws {
        let plain =
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n"
        let joined = try await body(of: .raw(Data(plain.utf8)))
        #expect((try? joined.get()) == "hello world")
        var gzip = Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n".utf8)
        gzip += Data("5\r\n".utf8) + Self.gzipHello.prefix(5) + Data("\r\n".utf8)
        gzip += Data(String(Self.gzipHello.count - 5, radix: 16).utf8) + Data("\r\n".utf8) + Self.gzipHello.dropFirst(5)
        gzip += Data("\r\n0\r\n\r\n".utf8)
        let decoded = try await body(of: .raw(gzip))
        #expect((try? decoded.get()) == "hello")
    }

    @Test func aDamagedCompressedBodyIsASentence() async throws {
        var damaged = Self.gzipHello
        damaged[damaged.count - 8] ^= 0xFF
        let result = try await body(of: .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: damaged))
        guard case .failure(let error) = result else {
            Issue.record("a damaged body was accepted")
            return
        }
        #expect(error.description.contains("compressed answer is damaged"), "\(error)")
    }

    @Test func aHeadLongerThanSixtyFourKilobytesIsRefused() async throws {
        let head = "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "a", count: 70_000) + "\r\n\r\nbody"
        let result = try await body(of: .raw(Data(head.utf8)))
        guard case .failure(let error) = result else {
            Issue.record("a 70 KB head was accepted")
            return
        }
        #expect(error.description.contains("headers longer than 64 KB"), "\(error)")
    }

    @Test func aHeaderWithALineBreakIsNeverSent() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            var request = server.request("feed")
            request.headers["X-Injected"] = "a\r\nX-Other: b"
            let result = await outcome(of: request)
            guard case .failure(let error) = result else {
                Issue.record("a header with a line break was sent")
                return
            }
            #expect(error.description.contains("holds a line break"), "\(error)")
            #expect(server.requests.isEmpty)
        }
    }

    @Test func aRelativeSeeOtherRedirectTurnsAPostIntoAGet() async throws {
        try await withTestHTTPServer({ request in
            request.target.hasSuffix("/form")
                ? .respond(status: 303, headers: ["Location": "done?x=1"])
                : .respond(status: 200, body: Data(request.method.utf8))
        }) { server in
            var request = server.request("form")
            request.method = .post
            request.body = Data("a=1".utf8)
            let response = try await request.response()
            #expect(String(decoding: response.body, as: UTF8.self) == "GET")
            #expect(response.url.absoluteString.hasSuffix("/done?x=1"))
            #expect(server.requests.map(\.method) == ["POST", "GET"])
            #expect(server.requests.first?.body == Data("a=1".utf8))
        }
    }

    @Test func sessionHeadersAndTheRequestsOwnAreSentOnce() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpAdditionalHeaders = ["X-Session": "s", "User-Agent": "session"]
            var request = server.request("feed")
            request.session = NetworkSession(configuration: configuration)
            request.headers["User-Agent"] = "request"
            _ = try await request.response()
            #expect(server.requests.first?.header("x-session") == "s")
            #expect(server.requests.first?.header("user-agent") == "request")
            #expect(server.requests.first?.header("accept-encoding") == "gzip, deflate")
        }
    }

    @Test func aRedirectToAPortOutOfRangeIsAnErrorNotATrap() async throws {
        let result = try await body(of: .respond(status: 302, headers: ["Location": "//localhost:70000/x"]))
        guard case .failure(let error) = result else {
            Issue.record("a redirect to port 70000 was followed")
            return
        }
        #expect(error.description.contains("not between 1 and 65535"), "\(error)")
    }

    @Test func aMethodThatIsNotATokenIsNeverSent() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { server in
            var request = server.request("feed")
            request.method = HTTPMethod(rawValue: "GET /other HTTP/1.1\r\nX-Injected:")
            let result = await outcome(of: request)
            #expect(result.failureReason != nil)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func endlessInterimAnswersAndTrailersAreCutOff() async throws {
        let interim = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 50) + "HTTP/1.1 200 OK\r\n\r\n"
        let many = try await body(of: .raw(Data(interim.utf8)))
        guard case .failure(let error) = many else {
            Issue.record("50 interim answers were skipped")
            return
        }
        #expect(error.description.contains("interim answers"), "\(error)")
        try await withTestHTTPServer({ _ in
            .endless(
                status: 200, headers: ["Transfer-Encoding": "chunked"], head: Data("2\r\nhi\r\n0\r\n".utf8),
                repeating: Data("X-Trailer: 1\r\n".utf8))
        }) { server in
            var request = server.request("feed", timeout: .seconds(60))
            request.maximumBodySize = 100_000
            #expect(await outcome(of: request).failureReason == .bodyTooLarge(limit: 100_000))
        }
    }

    @Test func credentialsStayWithTheirOrigin() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200) }) { other in
            try await withTestHTTPServer({ request in
                switch request.target {
                case let target where target.hasSuffix("/away"):
                    .respond(status: 302, headers: ["Location": other.url("/landing").absoluteString])
                case let target where target.hasSuffix("/near"):
                    .respond(status: 302, headers: ["Location": "landing"])
                default:
                    .respond(status: 200)
                }
            }) { server in
                for path in ["away", "near"] {
                    var request = server.request(path)
                    request.headers["Authorization"] = "Bearer secret"
                    request.headers["Cookie"] = "session=1"
                    request.headers["X-Kept"] = "yes"
                    _ = try await request.response()
                }
                #expect(other.requests.first?.header("authorization") == nil)
                #expect(other.requests.first?.header("cookie") == nil)
                #expect(other.requests.first?.header("x-kept") == "yes")
                let sameOrigin = server.requests.last { $0.target.hasSuffix("/landing") }
                #expect(sameOrigin?.header("authorization") == "Bearer secret")
            }
        }
    }

    @Test func aHeadEndingInBareLineFeedsIsRead() async throws {
        let reply = try await body(of: .raw(Data("HTTP/1.1 200 OK\nContent-Length: 2\n\nhi".utf8)))
        #expect((try? reply.get()) == "hi")
    }

    @Test func anEmptyCompressedBodyIsEmptyNotDamaged() async throws {
        let result = try await body(of: .respond(status: 404, headers: ["Content-Encoding": "gzip"]))
        #expect(result.failureReason == .status(404, body: Data()))
    }

    @Test func aHeadRequestStaysAHeadThroughASeeOther() async throws {
        try await withTestHTTPServer({ request in
            request.target.hasSuffix("/form")
                ? .respond(status: 303, headers: ["Location": "done"]) : .respond(status: 200)
        }) { server in
            var request = server.request("form")
            request.method = .head
            _ = try await request.response()
            #expect(server.requests.map(\.method) == ["HEAD", "HEAD"])
        }
    }

    @Test func anEndlessGzipBombIsStoppedAtTheLimitAndTheNextRequestGoesThrough() async throws {
        try await withTestHTTPServer({ request in
            request.target.hasSuffix("/bomb")
                ? .endless(
                    status: 200, headers: ["Content-Encoding": "gzip"], head: GzipBomb.head, repeating: GzipBomb.block)
                : .respond(status: 200, body: Data("small".utf8))
        }) { server in
            let session = NetworkSession()
            var request = server.request("bomb", timeout: .seconds(60))
            request.session = session
            request.maximumBodySize = 1_000_000
            let result = await outcome(of: request)
            #expect(result.failureReason == .bodyTooLarge(limit: 1_000_000))
            // The bomb's transfer ended at the limit: this one neither waits behind it nor finds
            // it still inflating.
            var next = server.request("small")
            next.session = session
            let small = try await next.response()
            #expect(String(decoding: small.body, as: UTF8.self) == "small")
            // The bomb's connection was closed by the client, so the server stopped sending.
            #expect(await server.wait(upTo: .seconds(10)) { $0.connectionsClosedByClient >= 1 })
        }
    }

    @Test func requestsToOneHostShareAKeptConnection() async throws {
        let server = try TestHTTPServer(keepsConnectionsAlive: true) { _ in
            .respond(status: 200, body: Data("kept".utf8))
        }
        defer { server.stop() }
        let session = NetworkSession()
        for index in 0..<20 {
            var request = server.request("feed-\(index).xml")
            request.session = session
            _ = try await request.response()
        }
        #expect(server.requests.count == 20)
        #expect(server.connectionsAccepted == 1)
        // What a refused test's message would say of a server that is fine.
        #expect(server.listenerState.hasSuffix("holds the server's socket, which listens; the accept loop runs"))
    }

    @Test func requestsAtOnceOpenAtMostOneConnectionEach() async throws {
        let server = try TestHTTPServer(keepsConnectionsAlive: true) { _ in
            .respond(status: 200, body: Data("kept".utf8))
        }
        defer { server.stop() }
        let session = NetworkSession()
        for round in 0..<5 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<4 {
                    var request = server.request("feed-\(round)-\(index).xml")
                    request.session = session
                    group.addTask { _ = try await request.response() }
                }
                try await group.waitForAll()
            }
        }
        #expect(server.requests.count == 20)
        #expect(server.connectionsAccepted <= 4)
    }
}
